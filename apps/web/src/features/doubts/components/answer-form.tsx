import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DOUBT_ANSWER_MAX } from '@ki/contracts';
import { ApiError } from '../../../lib/api-client';
import { useAnswerDoubt } from '../api/staff-doubts';
import { serverProblems, validateAnswer, type Problem } from '../doubt-model';
import { notifyDone, useErrorText } from '../use-error-text';

/**
 * The answer to a doubt, below it: checked with the contract's schema before sending (an empty one
 * is refused in the contract's words); sent, the doubt moves to Answered and the student is told.
 * `open` false (a doubt answered already): behind "Add an answer" until asked for.
 */
export function AnswerForm({ doubtId, open: startOpen }: { doubtId: number; open: boolean }) {
  const { t } = useTranslation('doubts');
  const [open, setOpen] = useState(startOpen);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const answer = useAnswerDoubt();
  const errorText = useErrorText();

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateAnswer(text);
    if (!result.ok) {
      setProblem(result.problem);
      return;
    }
    setProblem(null);
    answer.mutate(
      { id: doubtId, body: result.body },
      {
        onSuccess: () => {
          notifyDone(t('staff.sent'));
          setText('');
          setOpen(startOpen);
        },
        onError: (error) => {
          const onField =
            error instanceof ApiError && error.code === 'VALIDATION_FAILED'
              ? serverProblems(error.details).text
              : undefined;
          if (onField) setProblem(onField);
          else setRefusal(errorText(error, 'answer'));
        },
      },
    );
  }

  if (!open)
    return (
      <Group justify="flex-end">
        <Button variant="subtle" size="compact-sm" onClick={() => setOpen(true)} data-testid="answer-more">
          {t('staff.addAnswer')}
        </Button>
      </Group>
    );
  return (
    <form noValidate onSubmit={submit} data-testid="answer-form">
      <Stack gap="xs" mt={4}>
        <Textarea
          label={t('staff.answer')}
          placeholder={t('staff.answerPlaceholder')}
          autosize
          minRows={2}
          maxRows={10}
          maxLength={DOUBT_ANSWER_MAX}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setProblem(null);
            setRefusal(null);
          }}
          error={problem ? t(problem.key, problem.values) : undefined}
          data-testid="answer-text-input"
        />
        {refusal ? (
          <Alert color="red" data-testid="answer-refusal">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={answer.isPending}
            leftSection={<IconSend size={16} aria-hidden="true" />}
            data-testid="answer-send"
          >
            {t('staff.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
