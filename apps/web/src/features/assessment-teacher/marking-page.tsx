import { Alert, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { gradeLabel, OPEN_ENDED_MAX_MARKS } from '@ki/domain';
import type { MarkingQueue } from '@ki/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-date';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useMarkAnswer, useMarkingQueue } from './api/marking';
import { QuizPage } from './components/quiz-page';
import { wholeNumber } from './quiz-form';
import { notifyDone, useErrorText, useNotifyError } from './use-error-text';

type Item = MarkingQueue['items'][number];

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
    // The contract's rule (MarkAnswerSchema): whole marks from 0 to 200.
    if (marks === '' || !Number.isInteger(marks) || marks < 0 || marks > OPEN_ENDED_MAX_MARKS) {
      setError(t('marking.marksRange', { max: OPEN_ENDED_MAX_MARKS }));
      return;
    }
    setError(null);
    mark.mutate(
      { attemptId: item.attemptId, position: item.position, marks, comment: comment.trim() },
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
            <TextInput
              type="number"
              inputMode="numeric"
              label={t('marking.marks', { max: OPEN_ENDED_MAX_MARKS })}
              value={marks}
              onChange={(e) => setMarks(wholeNumber(e.currentTarget.value))}
              min={0}
              max={OPEN_ENDED_MAX_MARKS}
              step={1}
              error={error}
              w={160}
              required
              data-testid="marking-marks"
            />
            <Textarea
              label={t('marking.comment')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              autosize
              minRows={1}
              maxLength={2000}
              style={{ flex: 1, minWidth: 200 }}
              data-testid="marking-comment"
            />
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
