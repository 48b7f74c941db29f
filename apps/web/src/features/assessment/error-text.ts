import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';

/**
 * The text of a failed request in the student's language: the assessment's own codes from this
 * namespace (kept here rather than in errors.json, which every first load carries), the others
 * from errors.json.
 */
export function useAssessmentErrorText() {
  const { t } = useTranslation(['assessment', 'errors']);
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('errors:INTERNAL');
    return t(`assessment:errors.${error.code}`, {
      defaultValue: t(`errors:${error.code}`, { defaultValue: error.message }),
    });
  };
}

/** The attempt another start ran into (409 ATTEMPT_OPEN carries it in details.attemptId). */
export function openAttemptOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'ATTEMPT_OPEN') return null;
  const id = (error.details as { attemptId?: unknown } | undefined)?.attemptId;
  return typeof id === 'string' ? id : null;
}

/**
 * The text of a failed look-up of a challenge's code (the home's join box): the challenge's texts
 * (assessment:challenge.errors), with the wait when too many wrong codes were tried.
 */
export function useJoinCodeErrorText() {
  const { t } = useTranslation(['assessment', 'errors']);
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('errors:INTERNAL');
    const wait = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    if (error.code === 'RATE_LIMITED' && typeof wait === 'number')
      return t('assessment:challenge.errors.rateLimitedWait', { count: Math.max(1, Math.ceil(wait / 60)) });
    return t(`assessment:challenge.errors.${error.code}`, {
      defaultValue: t(`errors:${error.code}`, { defaultValue: error.message }),
    });
  };
}
