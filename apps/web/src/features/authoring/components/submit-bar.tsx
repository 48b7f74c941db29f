import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSubmitForReview } from '../api/submit';
import { useNotifyError } from '../hooks/use-notify';

/** Submits a chapter or topic for review, with everything unapproved beneath it; idle without changes. */
export function SubmitBar({
  entityType,
  entityId,
  hasChanges,
}: {
  entityType: 'chapter' | 'topic';
  entityId: number;
  hasChanges: boolean;
}) {
  const { t } = useTranslation('authoring');
  const submit = useSubmitForReview();
  const notifyError = useNotifyError();
  return (
    <Group>
      <Button
        leftSection={<IconSend size={16} />}
        disabled={!hasChanges}
        loading={submit.isPending}
        data-testid={`submit-${entityType}`}
        onClick={() =>
          submit.mutate(
            { entityType, entityId },
            {
              onSuccess: () => notifications.show({ color: 'teal', message: t('submitted') }),
              onError: notifyError,
            },
          )
        }
      >
        {entityType === 'chapter' ? t('submitChapter') : t('submitTopic')}
      </Button>
      {!hasChanges ? (
        <Text size="sm" c="dimmed">
          {t('nothingToSubmit')}
        </Text>
      ) : null}
    </Group>
  );
}
