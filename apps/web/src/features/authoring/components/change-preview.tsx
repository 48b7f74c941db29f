import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubmissionItem } from '@ki/contracts';
import { localName } from '../names';

/** New or changed. */
export function ActionBadge({ item }: { item: SubmissionItem }) {
  const { t } = useTranslation('authoring');
  return (
    <Badge size="xs" variant="light" color={item.action === 'create' ? 'grape' : 'yellow'}>
      {t(`review.action.${item.action}`)}
    </Badge>
  );
}

/** A subject's, chapter's or topic's new name or place, and what it was. */
export function NameChange({ item, lang }: { item: SubmissionItem; lang: string }) {
  const { t } = useTranslation('authoring');
  const before = item.current?.names ? localName(item.current.names, lang) : null;
  const after = localName(item.proposed.names, lang);
  const moved =
    item.current &&
    item.current.position !== undefined &&
    item.proposed.position !== undefined &&
    item.current.position !== item.proposed.position;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={600}>
        {t(`kinds.${item.entityType}`)}:
      </Text>
      <Text size="sm">{after}</Text>
      <ActionBadge item={item} />
      {before && before !== after ? (
        <Text size="sm" c="dimmed">
          {t('review.wasNamed', { name: before })}
        </Text>
      ) : null}
      {moved ? (
        <Text size="sm" c="dimmed">
          {t('review.moved', { from: (item.current?.position ?? 0) + 1, to: (item.proposed.position ?? 0) + 1 })}
        </Text>
      ) : null}
    </Group>
  );
}

/** What students see now, under a changed item. */
export function Before({ text }: { text: string }) {
  const { t } = useTranslation('authoring');
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }} data-testid="before">
      {t('review.studentsSeeNow', { text })}
    </Text>
  );
}
