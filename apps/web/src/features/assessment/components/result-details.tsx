import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AttemptQuestion } from '@ki/contracts';

/**
 * A question's outcome once its key is out (a quiz answer at once; a test after submission): right
 * or wrong, the marks and the server-timed seconds, the right answer and the solution. An open-ended
 * answer not yet marked says feedback comes later (spec 4.9); once marked, the teacher's mark and comment.
 */
export function ResultDetails({ question }: { question: AttemptQuestion }) {
  const { t } = useTranslation('assessment');
  const result = question.result;
  if (!result) return null;
  const openEnded = question.type === 'open_ended';
  const answered = (question.chosen?.length ?? 0) > 0 || !!question.textAnswer?.trim();
  const rightOptions = result.answer.map((i) => question.options[i]).filter((o): o is string => o !== undefined);

  let verdict;
  if (openEnded && result.marks === null)
    verdict = (
      <Alert color="yellow" variant="light" icon={<IconHourglass size={18} />} data-testid="feedback-later">
        {t('result.feedbackLater')}
      </Alert>
    );
  else if (openEnded)
    verdict = (
      <Stack gap={4} data-testid="teacher-mark">
        <Text fw={700}>{t('result.teacherMark', { marks: result.marks, max: result.maxMarks })}</Text>
        {result.comment ? (
          <Text size="sm" className="ki-pre-wrap" data-testid="teacher-comment">
            <Text span fw={600}>
              {t('result.teacherComment')}:{' '}
            </Text>
            {result.comment}
          </Text>
        ) : null}
      </Stack>
    );
  else
    verdict = (
      <Group gap="xs" role="status" data-testid="verdict" data-correct={String(result.correct)}>
        {result.correct ? (
          <IconCircleCheck size={22} color="var(--mantine-color-teal-filled)" aria-hidden="true" />
        ) : (
          <IconCircleX size={22} color="var(--mantine-color-red-filled)" aria-hidden="true" />
        )}
        <Text fw={700} c={result.correct ? 'teal' : 'red'}>
          {result.correct ? t('result.right') : answered ? t('result.wrong') : t('result.notAnswered')}
        </Text>
      </Group>
    );

  return (
    <Stack gap="xs" data-testid="result">
      <Group justify="space-between" gap="xs">
        {verdict}
        {result.marks !== null ? (
          <Group gap={6}>
            <Badge size="lg" variant="filled" color={result.marks > 0 ? 'teal' : 'gray'} data-testid="question-marks">
              {t('marksOf', { marks: result.marks, max: result.maxMarks })}
            </Badge>
            {result.seconds !== null ? (
              <Text size="sm" c="dimmed" data-testid="question-seconds">
                {t('result.seconds', { count: Math.round(result.seconds) })}
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {!openEnded && !result.correct && rightOptions.length ? (
        <Text size="sm" data-testid="right-answer">
          <Text span fw={600}>
            {t('result.rightAnswer')}:{' '}
          </Text>
          {rightOptions.join(', ')}
        </Text>
      ) : null}
      <div className="ki-aq-solution" data-testid="solution">
        <Text size="sm" fw={600}>
          {t('result.solution')}
        </Text>
        <Text size="sm">{result.solution || t('result.noSolution')}</Text>
      </div>
    </Stack>
  );
}
