import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';

/**
 * The message of a failed request in the user's language: offline, a clear "you are offline"; a
 * refusal this screen words itself (notices:errors.*: a grade the teacher does not teach, too many
 * notices in an hour), else the shared translation of its code.
 */
export function useErrorText() {
  const { t } = useTranslation(['notices', 'errors']);
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('errors:INTERNAL');
    if (error.code === 'NETWORK') return t(navigator.onLine ? 'errors:NETWORK' : 'notices:errors.offline');
    const shared = t(`errors:${error.code}`, { defaultValue: error.message });
    return t(`notices:errors.${error.code}`, { defaultValue: shared });
  };
}

/** A failed request as a red toast. */
export function useNotifyError() {
  const text = useErrorText();
  return (error: unknown) => notifications.show({ color: 'red', message: text(error) });
}

/** A done action as a green toast. */
export const notifyDone = (message: string) => notifications.show({ color: 'teal', message });
