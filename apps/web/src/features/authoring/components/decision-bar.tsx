import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCornerUpLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ReturnBodySchema } from '@ki/contracts';
import { paths } from '../../../config/paths';
import { useDecide } from '../api/decide';
import { useNotifyError } from '../hooks/use-notify';

/** The approver's decision: approve (unless something would stop it), or send back with a comment. */
export function DecisionBar({ submissionId, isBlocked }: { submissionId: number; isBlocked: boolean }) {
  const { t } = useTranslation('authoring');
  const decide = useDecide(submissionId);
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const [sendingBack, setSendingBack] = useState(false);

  const approve = () =>
    decide.mutate(
      { approve: true },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('review.approvedToast') });
          void navigate(paths.authoringReview);
        },
        onError: notifyError,
      },
    );

  return (
    <>
      <Group justify="flex-end" data-testid="decision">
        <Button
          variant="default"
          color="red"
          leftSection={<IconCornerUpLeft size={16} />}
          onClick={() => setSendingBack(true)}
          data-testid="send-back"
        >
          {t('review.sendBack')}
        </Button>
        <Button
          color="teal"
          leftSection={<IconCheck size={16} />}
          disabled={isBlocked}
          loading={decide.isPending}
          onClick={approve}
          data-testid="approve"
        >
          {t('review.approve')}
        </Button>
      </Group>
      <Modal opened={sendingBack} onClose={() => setSendingBack(false)} title={t('review.sendBack')}>
        <SendBackForm
          busy={decide.isPending}
          onCancel={() => setSendingBack(false)}
          onSend={(comment) =>
            decide.mutate(
              { approve: false, comment },
              {
                onSuccess: () => {
                  notifications.show({ color: 'teal', message: t('review.returnedToast') });
                  setSendingBack(false);
                  void navigate(paths.authoringReview);
                },
                onError: notifyError,
              },
            )
          }
        />
      </Modal>
    </>
  );
}

function SendBackForm({
  busy,
  onCancel,
  onSend,
}: {
  busy: boolean;
  onCancel: () => void;
  onSend: (comment: string) => void;
}) {
  const { t } = useTranslation('authoring');
  const form = useForm({
    mode: 'controlled',
    initialValues: { comment: '' },
    validate: schemaResolver(ReturnBodySchema, { sync: true }),
  });
  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSend(v.comment.trim()))}>
      <Stack gap="sm">
        <Textarea
          label={t('review.comment')}
          description={t('review.commentHelp')}
          autosize
          minRows={3}
          data-testid="return-comment-input"
          {...form.getInputProps('comment')}
          error={form.errors.comment ? t(String(form.errors.comment)) : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="red" loading={busy} data-testid="confirm-send-back">
            {t('review.sendBack')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
