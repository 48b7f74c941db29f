import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ItemState } from '@ki/contracts';

/** Where an item stands: live status, and its unapproved change if any. */
export function StatusBadges({ state }: { state: ItemState }) {
  const { t } = useTranslation('authoring');
  const badges: { key: string; color: string; label: string }[] = [];
  if (state.status === 'published') {
    badges.push({ key: 'published', color: 'teal', label: t('status.published') });
    if (state.pending)
      badges.push({
        key: 'pending',
        color: state.pending === 'returned' ? 'red' : state.pending === 'in_review' ? 'blue' : 'yellow',
        label: t(`status.changes.${state.pending}`),
      });
  } else {
    const s = state.pending ?? state.status;
    badges.push({
      key: 'state',
      color: s === 'returned' ? 'red' : s === 'in_review' ? 'blue' : 'gray',
      label: t(`status.${s}`),
    });
  }
  return (
    <Group gap={4} wrap="wrap" data-testid="status">
      {badges.map((b) => (
        <Badge key={b.key} color={b.color} variant="light" size="sm">
          {b.label}
        </Badge>
      ))}
    </Group>
  );
}

/** The approver's comment on a change that was sent back. */
export function ReturnComment({ state }: { state: ItemState }) {
  const { t } = useTranslation('authoring');
  if (!state.returnComment || state.pending === 'in_review') return null;
  return (
    <Text size="sm" c="red" data-testid="return-comment">
      {t('returnComment', { comment: state.returnComment })}
    </Text>
  );
}
