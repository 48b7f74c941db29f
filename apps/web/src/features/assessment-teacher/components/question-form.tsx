import { ActionIcon, Button, Card, Group, NativeSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCirclePlus, IconX } from '@tabler/icons-react';
import { QUESTION_TYPES, type QuestionType } from '@ki/domain';
import { useTranslation } from 'react-i18next';
import {
  BLANK,
  changeType,
  MAX_OPTIONS,
  MIN_OPTIONS,
  removeOption,
  toggleAnswer,
  type FormErrors,
  type QuestionDraft,
} from '../quiz-form';
import { ImageField } from './image-field';
import './question-form.css';
import { optionLetter } from './question-view';

/**
 * Writing one question (access-and-app-shell.md 3): its type, text, picture, options with the
 * correct one(s) marked, and the solution. Saving it saves the quiz.
 */
export function QuestionForm({
  number,
  value,
  errors,
  saving,
  onChange,
  onSave,
  onCancel,
}: {
  number: number;
  value: QuestionDraft;
  errors: FormErrors;
  saving: boolean;
  onChange: (q: QuestionDraft) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('quizzes');
  const words = { true: t('question.true'), false: t('question.false') };
  const q = value;
  const error = (path: string) => (errors[path] ? t(errors[path]) : undefined);
  const single = q.type !== 'multiple_select';
  const fixed = q.type === 'true_false';
  const setOption = (i: number, text: string) =>
    onChange({ ...q, options: q.options.map((o, j) => (j === i ? text : o)) });

  return (
    <Card withBorder radius="md" padding="md" data-testid="question-form">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('question.heading', { number })}
          </Title>
          <NativeSelect
            label={t('question.type')}
            value={q.type}
            onChange={(e) => onChange(changeType(q, e.currentTarget.value as QuestionType, words))}
            data={QUESTION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            data-testid="question-type-select"
          />
          <Textarea
            label={t('question.text')}
            description={q.type === 'fill_blank' ? t('question.blankHint', { blank: BLANK }) : undefined}
            value={q.text}
            onChange={(e) => onChange({ ...q, text: e.currentTarget.value })}
            error={error('text')}
            autosize
            minRows={2}
            maxLength={2000}
            required
            data-testid="question-text-input"
          />
          {q.type === 'fill_blank' ? (
            <Button
              variant="light"
              size="xs"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => onChange({ ...q, text: `${q.text.trimEnd()} ${BLANK} `.trimStart() })}
              data-testid="insert-blank"
            >
              {t('question.insertBlank')}
            </Button>
          ) : null}
          <ImageField
            label={t('question.image')}
            imageId={q.imageId}
            onChange={(imageId) => onChange({ ...q, imageId })}
            testId="question-image"
          />
          {q.type === 'open_ended' ? (
            <Text size="sm" c="dimmed">
              {t('question.openEndedNote')}
            </Text>
          ) : (
            <Stack gap={6} role="group" aria-label={t('question.options')}>
              <Text size="sm" fw={500}>
                {single ? t('question.optionsSingle') : t('question.optionsMultiple')}
              </Text>
              {q.options.map((option, i) => (
                <Group
                  key={i}
                  gap="xs"
                  wrap="nowrap"
                  preventGrowOverflow={false}
                  align="flex-start"
                  data-testid="option-row"
                >
                  {/* Native controls: a radio for one correct option, a tick box for several. */}
                  <input
                    type={single ? 'radio' : 'checkbox'}
                    className="ki-correct-mark"
                    checked={q.answer.includes(i)}
                    onChange={() => onChange(toggleAnswer(q, i))}
                    aria-label={t('question.markCorrect', { letter: optionLetter(i) })}
                    name={single ? `correct-${q.key}` : undefined}
                    data-testid="option-correct"
                  />
                  <TextInput
                    style={{ flex: 1, minWidth: 0 }}
                    aria-label={t('question.option', { letter: optionLetter(i) })}
                    placeholder={t('question.option', { letter: optionLetter(i) })}
                    value={option}
                    onChange={(e) => setOption(i, e.currentTarget.value)}
                    error={error(`options.${i}`)}
                    maxLength={300}
                    data-testid="option-text"
                  />
                  {!fixed && q.options.length > MIN_OPTIONS ? (
                    <ActionIcon
                      mt={4}
                      variant="subtle"
                      color="gray"
                      onClick={() => onChange(removeOption(q, i))}
                      aria-label={t('question.removeOption', { letter: optionLetter(i) })}
                      data-testid="option-remove"
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  ) : null}
                </Group>
              ))}
              {!fixed && q.options.length < MAX_OPTIONS ? (
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconCirclePlus size={14} />}
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => onChange({ ...q, options: [...q.options, ''] })}
                  data-testid="option-add"
                >
                  {t('question.addOption')}
                </Button>
              ) : null}
              {error('answer') ? (
                <Text size="sm" c="red" role="alert" data-testid="answer-error">
                  {error('answer')}
                </Text>
              ) : null}
            </Stack>
          )}
          <Textarea
            label={q.type === 'open_ended' ? t('question.modelAnswer') : t('question.solution')}
            value={q.solution}
            onChange={(e) => onChange({ ...q, solution: e.currentTarget.value })}
            error={error('solution')}
            autosize
            minRows={2}
            maxLength={2000}
            data-testid="question-solution-input"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-testid="question-cancel">
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="question-save">
              {t('question.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
