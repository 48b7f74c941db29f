import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DRIVE_FILE_MAX_BYTES, DRIVE_MAX_DEPTH, DRIVE_QUOTA_BYTES } from '@ki/contracts';
import { ApiError } from '../../lib/api-client';
import { formatFileSize } from '../../lib/file-size';

/** Where a request was refused: an upload words "too large" and "not accepted" about the file. */
export type Refused = 'upload';

/**
 * The message of a failed request in the user's language: offline, a clear "you are offline"; the
 * drive's own refusals (drive:errors.<where>.<code>, then drive:errors.<code>: DRIVE_NAME_TAKEN,
 * DRIVE_FULL, ...) in this screen's words, which stay out of errors.json (every first load carries
 * it); else the shared translation of its code.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation(['drive', 'errors']);
  return (error: unknown, where?: Refused): string => {
    if (!(error instanceof ApiError)) return t('errors:INTERNAL');
    if (error.code === 'NETWORK') return t(navigator.onLine ? 'errors:NETWORK' : 'drive:errors.offline');
    const values = {
      max: formatFileSize(DRIVE_FILE_MAX_BYTES, i18n.resolvedLanguage),
      quota: formatFileSize(DRIVE_QUOTA_BYTES, i18n.resolvedLanguage),
      depth: DRIVE_MAX_DEPTH,
    };
    const shared = t(`errors:${error.code}`, { defaultValue: error.message });
    const general = t(`drive:errors.${error.code}`, { ...values, defaultValue: shared });
    return where ? t(`drive:errors.${where}.${error.code}`, { ...values, defaultValue: general }) : general;
  };
}

/** A done action as a green toast. */
export const notifyDone = (message: string) => notifications.show({ color: 'teal', message });
