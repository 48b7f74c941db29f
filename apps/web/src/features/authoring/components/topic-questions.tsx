import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuthoringTopicResponse } from '@ki/contracts';
import { paths } from '../../../config/paths';
import { useMove } from '../hooks/use-move';
import { MoveButtons } from './move-buttons';
import { ReturnComment, StatusBadges } from './status-badges';

type Question = AuthoringTopicResponse['questions'][number];

/** A topic's questions in order: type, status and languages written; editors add, edit and reorder. */
export function TopicQuestions({
  topicId,
  questions,
  canEdit,
}: {
  topicId: number;
  questions: Question[];
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation('authoring');
  const lang = i18n.resolvedLanguage ?? 'en';
  const { move, isPending } = useMove(
    { type: 'topic', topicId },
    questions.map((q) => q.id),
  );
  // A question under review keeps its place until the approver decides.
  const locked = (index: number, by: -1 | 1) =>
    questions[index]?.pending === 'in_review' || questions[index + by]?.pending === 'in_review';
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t('questions.title', { count: questions.length })}
        </Title>
        {canEdit ? (
          <Button
            component={Link}
            to={paths.authoringQuestion(topicId, 'new')}
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} />}
            data-testid="add-question"
          >
            {t('questions.add')}
          </Button>
        ) : null}
      </Group>
      {questions.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('questions.none')}
        </Text>
      ) : null}
      <Stack gap="sm">
        {questions.map((q, i) => (
          <Group key={q.id} justify="space-between" wrap="nowrap" align="flex-start" data-testid="question-row">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} lineClamp={2}>
                {i + 1}. {q.content[lang]?.text ?? q.content.en?.text}
              </Text>
              <Group gap={6}>
                <Badge variant="outline" size="sm" color="gray">
                  {t(`types.${q.type}`)}
                </Badge>
                <StatusBadges state={q} />
                <Text size="xs" c="dimmed">
                  {Object.keys(q.content)
                    .map((l) => l.toUpperCase())
                    .join(' · ')}
                </Text>
              </Group>
              <ReturnComment state={q} />
            </Stack>
            <Group gap={2} wrap="nowrap">
              {canEdit ? (
                <MoveButtons
                  index={i}
                  count={questions.length}
                  busy={isPending}
                  isLocked={(by) => locked(i, by)}
                  onMove={(by) => move(i, by)}
                />
              ) : null}
              <Button component={Link} to={paths.authoringQuestion(topicId, q.id)} size="compact-sm" variant="default">
                {canEdit && q.pending !== 'in_review' ? t('edit') : t('view')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
