import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';

/**
 * A refusal in the reader's language: the sign-up's own words where the shared ones (errors.json)
 * would mislead (a code no school has, a text that could not be sent) or where only the sign-up meets
 * the code (MOBILE_NOT_A_PARENTS: errors.json comes with every first load, bundle-budgets.json), else
 * the shared ones. A throttled answer that says when to try again is shown by useRetryWait instead.
 */
export function useErrorText() {
  const { t } = useTranslation(['signup', 'errors']);
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('errors:INTERNAL');
    if (error.code === 'NOT_FOUND') return t('signup:code.notFound');
    if (error.code === 'SERVICE_UNAVAILABLE') return t('signup:errors.sendFailed');
    if (error.code === 'MOBILE_NOT_A_PARENTS') return t('signup:errors.notParentsNumber');
    return t(`errors:${error.code}`, { defaultValue: error.message });
  };
}
