import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { CONTRACT_MESSAGES } from './schedule-model';

/** The messages of a 400's issues (VALIDATION_FAILED details), if any. */
function issueMessages(details: unknown): string[] {
  const issues = (details as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? issues.map((i) => String((i as { message?: unknown }).message ?? '')) : [];
}

/**
 * The message of a failed request in the user's language: a refusal in the contract's words (as the
 * message or among a 400's issues) as the form would say it; offline, a clear "you are offline"; else
 * this feature's translation of the code (live:errors.*), else the shared one.
 */
export function useErrorText() {
  const { t } = useTranslation(['live', 'errors']);
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('errors:INTERNAL');
    if (error.code === 'NETWORK') return t(navigator.onLine ? 'errors:NETWORK' : 'live:errors.offline');
    for (const message of [error.message, ...issueMessages(error.details)]) {
      const known = CONTRACT_MESSAGES[message];
      if (known) return t(`live:${known.key}`, known.values);
    }
    const shared = t(`errors:${error.code}`, { defaultValue: error.message });
    return t(`live:errors.${error.code}`, { defaultValue: shared });
  };
}

/** A done action as a green toast. */
export const notifyDone = (message: string) => notifications.show({ color: 'teal', message });

/** A failed action as a red toast. */
export const notifyFailed = (message: string) => notifications.show({ color: 'red', message });
