import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before something that cannot be undone (spec 5: 'Delete asks for confirmation'). */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('quizzes');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text mb="md">{message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} data-testid="confirm-no">
          {t('actions.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading ?? false} data-testid="confirm-yes">
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
