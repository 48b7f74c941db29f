import { useTranslation } from 'react-i18next';
import { CHALLENGE_MIN_QUESTIONS } from '@ki/contracts';
import { ApiError } from '../../lib/api-client';

/** A failure as the challenge pages meet it: an HTTP answer (ApiError, with details) or a socket refusal. */
export interface ChallengeFailure {
  code: string;
  message: string;
  details?: unknown;
}

const detail = (failure: ChallengeFailure, name: string): number | null => {
  const value = (failure.details as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'number' ? value : null;
};

/**
 * The text of a challenge's failure in the student's language, by its code: the challenge's own
 * texts (assessment:challenge.errors, not errors.json, which every first load carries), then the
 * shared catalogue, then the server's message. A wait comes with RATE_LIMITED when the answer
 * says how long; a bank too small for the chosen number of questions says how many it has.
 */
export function useChallengeErrorText() {
  const { t } = useTranslation(['assessment', 'errors']);
  return (error: unknown): string => {
    const failure: ChallengeFailure =
      error instanceof ApiError || (typeof error === 'object' && error !== null && 'code' in error)
        ? (error as ChallengeFailure)
        : { code: 'INTERNAL', message: '' };
    const wait = detail(failure, 'retryAfterSeconds');
    if (failure.code === 'RATE_LIMITED' && wait !== null)
      return t('assessment:challenge.errors.rateLimitedWait', { count: Math.max(1, Math.ceil(wait / 60)) });
    const available = detail(failure, 'available');
    if (failure.code === 'NO_QUESTION_BANK' && available !== null && available >= CHALLENGE_MIN_QUESTIONS)
      return t('assessment:challenge.errors.fewQuestions', { count: available });
    return t(`assessment:challenge.errors.${failure.code}`, {
      defaultValue: t(`errors:${failure.code}`, { defaultValue: failure.message || t('errors:INTERNAL') }),
    });
  };
}
