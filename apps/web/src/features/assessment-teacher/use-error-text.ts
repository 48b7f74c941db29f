import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';

/**
 * The message of a failed request in the user's language. The assessment refusals are explained in
 * this screen's own words (quizzes:errors.*: 'Add Atleast 4 Questions', why a quiz with attempts
 * cannot change); other codes use the shared catalogue. The shared one is bundled with every page,
 * so the codes only these screens meet are not added to it (docs/PERFORMANCE.md: /concepts sits at
 * its budget).
 */
export function useErrorText() {
  const { t } = useTranslation(['quizzes', 'errors']);
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('errors:INTERNAL');
    const shared = t(`errors:${error.code}`, { defaultValue: error.message });
    return t(`quizzes:errors.${error.code}`, { defaultValue: shared });
  };
}

/** A failed request as a red toast. */
export function useNotifyError() {
  const text = useErrorText();
  return (error: unknown) => notifications.show({ color: 'red', message: text(error) });
}

/** A problem found before sending anything, as a red toast. */
export const notifyProblem = (message: string) => notifications.show({ color: 'red', message });

/** A done action as a green toast. */
export const notifyDone = (message: string) => notifications.show({ color: 'teal', message });
