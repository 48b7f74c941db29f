import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * "Delete this …?": what goes, Cancel and Delete; a refusal (a folder not empty yet) shows here,
 * so the owner reads why and the dialog stays until they close it.
 */
export function ConfirmDelete({
  title,
  text,
  refusal,
  pending,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  refusal: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('drive');
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('confirm.close') }}>
      <Stack gap="sm" data-testid="confirm-delete">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {text}
        </Text>
        {refusal ? (
          <Alert color="red" role="alert" data-testid="delete-refused">
            <Text size="sm">{refusal}</Text>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} data-testid="confirm-cancel">
            {t('confirm.cancel')}
          </Button>
          <Button
            color="red"
            onClick={onConfirm}
            loading={pending}
            disabled={refusal !== null}
            data-testid="confirm-yes"
          >
            {t('confirm.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
