import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BundleQuestion } from '@ki/contracts';
import type { GivenAnswer } from '../game-state';
import { BookmarkButton } from './bookmark-button';
import { QuestionView } from './question-view';

/** Review of a finished game, one question at a time with previous / next (treasure "review answers", topic "mistakes"). */
export function AnswerReview({
  questions,
  answers,
  onlyMistakes = false,
}: {
  questions: BundleQuestion[];
  answers: GivenAnswer[];
  onlyMistakes?: boolean;
}) {
  const { t } = useTranslation('journey');
  const items = questions.map((q, i) => ({ q, a: answers[i], n: i + 1 })).filter((x) => !onlyMistakes || !x.a?.correct);
  const [at, setAt] = useState(0);
  if (items.length === 0) return <Text c="dimmed">{t('review.noMistakes')}</Text>;
  const { q, a, n } = items[Math.min(at, items.length - 1)]!;
  return (
    <Stack gap="sm" data-testid="review">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>{t('game.questionOf', { n, total: questions.length })}</Text>
        <Group gap="xs" wrap="nowrap">
          <Badge color={a?.correct ? 'teal' : a?.chosen === null ? 'orange' : 'red'} variant="light">
            {a?.correct ? t('review.right') : a?.chosen === null ? t('review.unanswered') : t('review.wrong')}
          </Badge>
          <BookmarkButton kind="questions" id={q.id} />
        </Group>
      </Group>
      <Card withBorder radius="md" padding="md">
        <QuestionView key={q.id} question={q} given={a ? a.chosen : null} reveal />
        <Text size="sm" mt="sm">
          <Text span fw={700}>
            {t('game.solution')}:{' '}
          </Text>
          {q.solution || t('game.noSolution')}
        </Text>
      </Card>
      <Group justify="space-between">
        <Button
          variant="default"
          mih={44}
          leftSection={<IconChevronLeft size={18} />}
          disabled={at === 0}
          onClick={() => setAt(at - 1)}
          data-testid="review-previous"
        >
          {t('review.previous')}
        </Button>
        <Text size="sm" c="dimmed">
          {at + 1} / {items.length}
        </Text>
        <Button
          variant="default"
          mih={44}
          rightSection={<IconChevronRight size={18} />}
          disabled={at >= items.length - 1}
          onClick={() => setAt(at + 1)}
          data-testid="review-next"
        >
          {t('review.next')}
        </Button>
      </Group>
    </Stack>
  );
}
