import { Card, Group, List, Text, Title } from '@mantine/core';
import { IconClock, IconListNumbers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AssessmentKind } from '@ki/contracts';
import { TIMER_QUIZ_BONUS_SECONDS, TIMER_TEST_BONUS_SECONDS } from '@ki/contracts';
import { fullScreenSupported } from '../hooks/use-full-screen';

/**
 * The rules before a start (spec 2.8 "join pages with instructions"): how marks are earned, the
 * power-ups, resuming, and for a test full screen (or, where the browser has none, that the page
 * stays as it is).
 */
export function Instructions({
  kind,
  questionCount,
  minutes,
}: {
  kind: AssessmentKind;
  questionCount: number;
  minutes: number;
}) {
  const { t } = useTranslation('assessment');
  const rules =
    kind === 'quiz'
      ? [
          t('instructions.quizMarks'),
          t('instructions.quizFinal'),
          t('instructions.quizPowerUps', { count: TIMER_QUIZ_BONUS_SECONDS }),
          t('instructions.resume'),
        ]
      : [
          t('instructions.testMarks'),
          t('instructions.testChange'),
          fullScreenSupported() ? t('instructions.testFullScreen') : t('instructions.testNoFullScreen'),
          t('instructions.testPowerUps', { count: TIMER_TEST_BONUS_SECONDS }),
          t('instructions.resume'),
        ];
  return (
    <Card withBorder radius="md" padding="md" data-testid="instructions">
      <Title order={3} size="h4" mb="xs">
        {t('instructions.title')}
      </Title>
      <Group gap="lg" mb="sm">
        <Group gap={6}>
          <IconListNumbers size={18} aria-hidden="true" />
          <Text fw={600}>{t('instructions.questions', { count: questionCount })}</Text>
        </Group>
        <Group gap={6}>
          <IconClock size={18} aria-hidden="true" />
          <Text fw={600}>{t('instructions.minutes', { count: minutes })}</Text>
        </Group>
      </Group>
      <List spacing="xs" size="sm">
        {rules.map((rule) => (
          <List.Item key={rule}>{rule}</List.Item>
        ))}
      </List>
    </Card>
  );
}
