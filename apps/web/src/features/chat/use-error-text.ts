import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { CHAT_FILE_MAX_BYTES } from '@ki/contracts';
import { ApiError } from '../../lib/api-client';
import { formatFileSize } from '../../lib/file-size';

/**
 * The message of a failed request in the user's language: chat's own refusals (chat:errors.*, e.g.
 * CHAT_ROOM_LEFT) in this screen's words, others from the shared catalogue. Codes only chat meets
 * stay out of errors.json, which every first load carries (docs/PERFORMANCE.md: /concepts sits at
 * its budget).
 */
export function useErrorText() {
  const { t, i18n } = useTranslation(['chat', 'errors']);
  /** `upload`: the request sent a file, so "too large" and "not accepted" speak of the file (chat:files.errors.*). */
  return (error: unknown, { upload = false }: { upload?: boolean } = {}): string => {
    if (!(error instanceof ApiError)) return t('errors:INTERNAL');
    const fileKey = upload ? UPLOAD_ERRORS[error.code] : undefined;
    if (fileKey) return t(fileKey, { max: formatFileSize(CHAT_FILE_MAX_BYTES, i18n.resolvedLanguage) });
    const shared = t(`errors:${error.code}`, { defaultValue: error.message });
    return t(`chat:errors.${error.code}`, { defaultValue: shared });
  };
}

/** An upload's refusals in words about the file (the server's codes are shared with every request). */
const UPLOAD_ERRORS: Partial<Record<ApiError['code'], 'chat:files.errors.tooLarge' | 'chat:files.errors.unsupported'>> =
  {
    PAYLOAD_TOO_LARGE: 'chat:files.errors.tooLarge',
    UNSUPPORTED_MEDIA_TYPE: 'chat:files.errors.unsupported',
  };

/** A failed request as a red toast. */
export function useNotifyError() {
  const text = useErrorText();
  return (error: unknown) => notifications.show({ color: 'red', message: text(error) });
}

/** A done action as a green toast. */
export const notifyDone = (message: string) => notifications.show({ color: 'teal', message });
