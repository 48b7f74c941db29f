import { Button, Group, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ItemState } from '@ki/contracts';
import { StatusBadges } from './status-badges';

/** A chapter's or topic's name and where it stands, with Rename for editors (not while under review). */
export function ItemHeader({
  title,
  testId,
  state,
  canEdit,
  onRename,
}: {
  title: string;
  testId: string;
  state: ItemState;
  canEdit: boolean;
  onRename: () => void;
}) {
  const { t } = useTranslation('authoring');
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <div>
        <Title order={2} data-testid={testId}>
          {title}
        </Title>
        <StatusBadges state={state} />
      </div>
      {canEdit ? (
        <Button
          variant="default"
          size="sm"
          leftSection={<IconPencil size={16} />}
          disabled={state.pending === 'in_review'}
          onClick={onRename}
        >
          {t('rename')}
        </Button>
      ) : null}
    </Group>
  );
}
