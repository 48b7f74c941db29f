import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';

/** Whether the server refused the caller this scope (403): a grade, subject or school not theirs. */
export const isRefused = (error: unknown) => error instanceof ApiError && error.code === 'FORBIDDEN';

/**
 * A dashboard part that could not load. A refusal says so ('This class is not assigned to you.')
 * rather than suggesting a retry or an empty school; anything else may pass on a retry.
 */
export function LoadError({ error, otherwise }: { error: unknown; otherwise?: string }) {
  const { t } = useTranslation('dashboard');
  if (isRefused(error)) {
    return (
      <Alert color="yellow" data-testid="not-assigned">
        {t('notAssigned')}
      </Alert>
    );
  }
  return (
    <Alert color="red" data-testid="load-failed">
      {otherwise ?? t('loadFailed')}
    </Alert>
  );
}
