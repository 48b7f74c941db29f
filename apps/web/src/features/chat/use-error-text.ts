import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';

/**
 * The message of a failed request in the user's language: chat's own refusals (chat:errors.*, e.g.
 * CHAT_ROOM_LEFT) in this screen's words, others from the shared catalogue. Codes only chat meets
 * stay out of errors.json, which every first load carries (docs/PERFORMANCE.md: /concepts sits at
 * its budget).
 */
export function useErrorText() {
  const { t } = useTranslation(['chat', 'errors']);
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('errors:INTERNAL');
    const shared = t(`errors:${error.code}`, { defaultValue: error.message });
    return t(`chat:errors.${error.code}`, { defaultValue: shared });
  };
}

/** A failed request as a red toast. */
export function useNotifyError() {
  const text = useErrorText();
  return (error: unknown) => notifications.show({ color: 'red', message: text(error) });
}

/** A done action as a green toast. */
export const notifyDone = (message: string) => notifications.show({ color: 'teal', message });
