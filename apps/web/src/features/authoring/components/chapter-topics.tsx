import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuthoringChapterResponse } from '@ki/contracts';
import { paths } from '../../../config/paths';
import { useMove } from '../hooks/use-move';
import { localName } from '../names';
import { MoveButtons } from './move-buttons';
import { Readiness } from './readiness';
import { StatusBadges } from './status-badges';

type Topic = AuthoringChapterResponse['topics'][number];

/** A chapter's topics in order, with their readiness; editors add and reorder them. */
export function ChapterTopics({
  chapterId,
  topics,
  canEdit,
  onNewTopic,
}: {
  chapterId: number;
  topics: Topic[];
  canEdit: boolean;
  onNewTopic: () => void;
}) {
  const { t, i18n } = useTranslation('authoring');
  const lang = i18n.resolvedLanguage ?? 'en';
  const { move, isPending } = useMove(
    { type: 'chapter', chapterId },
    topics.map((x) => x.id),
  );
  // A topic under review keeps its place until the approver decides.
  const locked = (index: number, by: -1 | 1) =>
    topics[index]?.pending === 'in_review' || topics[index + by]?.pending === 'in_review';
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t('topics')}
        </Title>
        {canEdit ? (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={onNewTopic}
            data-testid="new-topic"
          >
            {t('newTopic')}
          </Button>
        ) : null}
      </Group>
      {topics.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('noTopics')}
        </Text>
      ) : null}
      <Stack gap="sm">
        {topics.map((topic, i) => (
          <Group key={topic.id} justify="space-between" wrap="nowrap" align="flex-start" data-testid="topic-row">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={paths.authoringTopic(topic.id)} fw={500}>
                {i + 1}. {localName(topic.names, lang)}
              </Anchor>
              <Group gap={6}>
                <StatusBadges state={topic} />
                <Readiness
                  ready={topic.readiness.ready}
                  questions={topic.readiness.autoMarkableQuestions}
                  needed={topic.readiness.neededQuestions}
                  concept={topic.readiness.hasEnglishConcept}
                />
              </Group>
            </Stack>
            {canEdit ? (
              <Group gap={2} wrap="nowrap">
                <MoveButtons
                  index={i}
                  count={topics.length}
                  busy={isPending}
                  isLocked={(by) => locked(i, by)}
                  onMove={(by) => move(i, by)}
                />
              </Group>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
