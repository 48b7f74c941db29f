import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';

/** The message of a failed request in the user's language: a field's rule, or the error code's text. */
export function useErrorText() {
  const { t } = useTranslation(['authoring', 'errors']);
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('errors:INTERNAL');
    const issues = (error.details as { issues?: { message?: string }[] } | undefined)?.issues;
    const first = issues?.[0]?.message;
    if (error.code === 'VALIDATION_FAILED' && first?.startsWith('validation.')) return t(`authoring:${first}`);
    return t(`errors:${error.code}`, { defaultValue: error.message });
  };
}

export function useNotifyError() {
  const text = useErrorText();
  return (error: unknown) => notifications.show({ color: 'red', message: text(error) });
}

/** The toast of a save that went through. */
export function useNotifySaved() {
  const { t } = useTranslation('authoring');
  return () => notifications.show({ color: 'teal', message: t('saved') });
}
