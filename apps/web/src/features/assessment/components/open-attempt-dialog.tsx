import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { assessmentPaths } from '../../../config/assessment-paths';
import { useAbortAttempt } from '../api/finish-attempt';
import { useAssessmentErrorText } from '../error-text';
import { ConfirmDialog } from './confirm-dialog';

/**
 * A start ran into the student's open attempt (one at a time, 409 ATTEMPT_OPEN): resume it, or
 * abort it and start the new one.
 */
export function OpenAttemptDialog({
  attemptId,
  onClose,
  onAborted,
}: {
  attemptId: string | null;
  onClose: () => void;
  onAborted: () => void;
}) {
  const { t } = useTranslation('assessment');
  const navigate = useNavigate();
  const abort = useAbortAttempt();
  const errorText = useAssessmentErrorText();
  return (
    <ConfirmDialog
      opened={attemptId !== null}
      title={t('conflict.title')}
      confirmLabel={t('conflict.resume')}
      cancelLabel={t('conflict.cancel')}
      onConfirm={() => attemptId && void navigate(assessmentPaths.attempt(attemptId))}
      onCancel={onClose}
      testId="open-attempt-dialog"
      extra={
        <Button
          color="red"
          variant="light"
          loading={abort.isPending}
          onClick={() =>
            attemptId &&
            abort.mutate(attemptId, {
              onSuccess: onAborted,
              onError: (error) => {
                // Already over (the time ran out meanwhile): the new start can go ahead.
                if (error instanceof Error && 'code' in error && error.code === 'ATTEMPT_FINISHED') return onAborted();
                notifications.show({ color: 'red', message: errorText(error) });
              },
            })
          }
          data-testid="open-attempt-abort"
        >
          {t('conflict.abortAndStart')}
        </Button>
      }
    >
      {t('conflict.text')}
    </ConfirmDialog>
  );
}
