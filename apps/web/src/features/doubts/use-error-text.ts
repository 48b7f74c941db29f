import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DOUBTS_PER_HOUR } from '@ki/contracts';
import { ApiError } from '../../lib/api-client';

/** Where a request was refused: asking, adding the picture, answering. Each words some codes its own way. */
export type Refused = 'ask' | 'picture' | 'answer';

/**
 * The message of a failed request in the user's language: offline, a clear "you are offline"; a
 * refusal these screens word themselves (doubts:errors.<where>.<code>, then doubts:errors.<code>),
 * else the shared translation of its code.
 */
export function useErrorText() {
  const { t } = useTranslation(['doubts', 'errors']);
  return (error: unknown, where?: Refused): string => {
    if (!(error instanceof ApiError)) return t('errors:INTERNAL');
    if (error.code === 'NETWORK') return t(navigator.onLine ? 'errors:NETWORK' : 'doubts:errors.offline');
    const shared = t(`errors:${error.code}`, { defaultValue: error.message });
    const general = t(`doubts:errors.${error.code}`, { defaultValue: shared, max: DOUBTS_PER_HOUR });
    return where ? t(`doubts:errors.${where}.${error.code}`, { defaultValue: general }) : general;
  };
}

/** A done action as a green toast. */
export const notifyDone = (message: string) => notifications.show({ color: 'teal', message });
