import { Alert, Button, Card, Group, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { gradeLabel } from '@ki/domain';
import { MarkAnswerSchema, type MarkingQueue } from '@ki/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-date';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useMarkAnswer, useMarkingQueue } from './api/marking';
import { QuizPage } from './components/quiz-page';
import { notifyDone, useErrorText, useNotifyError } from './use-error-text';

type Item = MarkingQueue['items'][number];
export const MAX_OPEN_ENDED_MARKS = 200;

/**
 * /assessments: open-ended answers waiting for marks (0-200 and a comment). A marked answer leaves
 * the queue; the student sees the mark and the comment on their report.
 */
export function MarkingPage() {
  const { t } = useTranslation('quizzes');
  const queue = useMarkingQueue();
  const errorText = useErrorText();
  return (
    <QuizPage allow={['author', 'view']} title={t('marking.title')}>
      {queue.isPending ? (
        <FullScreenLoader />
      ) : queue.isError ? (
        <Alert color="red">{errorText(queue.error)}</Alert>
      ) : queue.data.items.length === 0 ? (
        <Text c="dimmed" data-testid="marking-empty">
          {t('marking.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed" data-testid="marking-count">
            {t('marking.waiting', { count: queue.data.items.length })}
          </Text>
          {queue.data.items.map((item) => (
            <MarkCard key={`${item.attemptId}:${item.position}`} item={item} />
          ))}
        </Stack>
      )}
    </QuizPage>
  );
}

function MarkCard({ item }: { item: Item }) {
  const { t, i18n } = useTranslation('quizzes');
  const mark = useMarkAnswer();
  const notifyError = useNotifyError();
  const [marks, setMarks] = useState<number | ''>('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit() {
    const parsed = MarkAnswerSchema.safeParse({ marks: marks === '' ? null : marks, comment });
    if (!parsed.success) {
      setError(t('marking.marksRange', { max: MAX_OPEN_ENDED_MARKS }));
      return;
    }
    setError(null);
    mark.mutate(
      { attemptId: item.attemptId, position: item.position, ...parsed.data },
      { onSuccess: () => notifyDone(t('marking.saved', { name: item.studentName })), onError: notifyError },
    );
  }

  return (
    <Card withBorder radius="md" padding="md" data-testid="marking-item">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Title order={3} size="h5" data-testid="marking-quiz">
              {item.assessmentName}
            </Title>
            <Text size="sm" c="dimmed">
              {formatDateTime(item.answeredAt, i18n.resolvedLanguage)}
            </Text>
          </Group>
          <Text size="sm" data-testid="marking-student">
            {t('marking.student', { name: item.studentName, grade: gradeLabel(item.grade), section: item.section })}
          </Text>
          <Field label={t('marking.question', { number: item.position })} text={item.questionText} />
          {item.solution ? <Field label={t('question.modelAnswer')} text={item.solution} /> : null}
          <Field label={t('marking.answer')} text={item.textAnswer} testId="marking-answer" strong />
          <Group gap="sm" align="flex-start" wrap="wrap">
            <NumberInput
              label={t('marking.marks', { max: MAX_OPEN_ENDED_MARKS })}
              value={marks}
              onChange={(v) => setMarks(typeof v === 'number' ? v : '')}
              min={0}
              max={MAX_OPEN_ENDED_MARKS}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              error={error}
              w={160}
              required
              data-testid="marking-marks"
            />
            <Textarea label={t('marking.comment')} value={comment} onChange={(e) => setComment(e.currentTarget.value)} autosize minRows={1} maxLength={2000} style={{ flex: 1, minWidth: 200 }} data-testid="marking-comment" />
          </Group>
          <Button type="submit" loading={mark.isPending} style={{ alignSelf: 'flex-start' }} data-testid="marking-save">
            {t('marking.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function Field({ label, text, testId, strong }: { label: string; text: string; testId?: string; strong?: boolean }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={strong ? 500 : 400} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={testId}>
        {text}
      </Text>
    </Stack>
  );
}
