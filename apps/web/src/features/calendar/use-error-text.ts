import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { CONTRACT_MESSAGES } from './event-form-model';

/** The messages of a 400's issues (VALIDATION_FAILED details), if any. */
function issueMessages(details: unknown): string[] {
  const issues = (details as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? issues.map((i) => String((i as { message?: unknown }).message ?? '')) : [];
}

/**
 * The message of a failed request in the user's language. A refusal in the contract's words
 * (CALENDAR_END_AFTER_START and the like, as the message or among a 400's issues) is shown as the
 * form would; offline, a clear "you are offline"; other refusals in the server's own words when the
 * screen is in English (they name the reason: "You can add events only for the classes and subjects
 * you teach"), else this screen's translation of the code (calendar:errors.*), else the shared one.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation(['calendar', 'errors']);
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('errors:INTERNAL');
    if (error.code === 'NETWORK') return t(navigator.onLine ? 'errors:NETWORK' : 'calendar:errors.offline');
    for (const message of [error.message, ...issueMessages(error.details)]) {
      const known = CONTRACT_MESSAGES[message];
      if (known) return t(`calendar:${known.key}`, known.values);
    }
    // A 400's own message ("The request is not valid") says less than this screen's.
    const english = (i18n.resolvedLanguage ?? 'en') === 'en';
    if (english && error.status >= 400 && error.status < 500 && error.code !== 'VALIDATION_FAILED' && error.message)
      return error.message;
    const shared = t(`errors:${error.code}`, { defaultValue: error.message });
    return t(`calendar:errors.${error.code}`, { defaultValue: shared });
  };
}

/** A failed request as a red toast. */
export function useNotifyError() {
  const text = useErrorText();
  return (error: unknown) => notifications.show({ color: 'red', message: text(error) });
}

/** A done action as a green toast. */
export const notifyDone = (message: string) => notifications.show({ color: 'teal', message });
