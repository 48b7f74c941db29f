import { Checkbox, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { TRUE_FALSE_OPTIONS, type ContentLanguage } from '@ki/contracts';
import type { QuestionFormValues } from '../question-form';

type QuestionForm = UseFormReturnType<QuestionFormValues>;

/** One language of a question: its text, its options with the answer key, its solution. */
export function QuestionLanguageFields({
  form,
  language: l,
  readOnly,
  errorText,
}: {
  form: QuestionForm;
  language: ContentLanguage;
  readOnly: boolean;
  errorText: (path: string) => string | undefined;
}) {
  const { t } = useTranslation(['authoring', 'common']);
  const v = form.getValues();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {l === 'en'
          ? t('questions.englishRequired')
          : t('questions.optionalLanguage', { language: t(`common:languages.${l}`) })}
      </Text>
      <Textarea
        label={t('questions.text')}
        withAsterisk={l === 'en'}
        autosize
        minRows={2}
        readOnly={readOnly}
        data-testid={`q-text-${l}`}
        {...form.getInputProps(`content.${l}.text`)}
        error={errorText(`content.${l}.text`)}
      />
      {v.type === 'open_ended' ? null : (
        <AnswerOptions form={form} language={l} readOnly={readOnly} errorText={errorText} />
      )}
      <Textarea
        label={v.type === 'open_ended' ? t('questions.modelAnswer') : t('questions.solution')}
        withAsterisk={l === 'en'}
        autosize
        minRows={2}
        readOnly={readOnly}
        data-testid={`q-solution-${l}`}
        {...form.getInputProps(`content.${l}.solution`)}
        error={errorText(`content.${l}.solution`)}
      />
    </Stack>
  );
}

/** The options in one language, each with its mark in the answer key (one or several). */
function AnswerOptions({
  form,
  language: l,
  readOnly,
  errorText,
}: {
  form: QuestionForm;
  language: ContentLanguage;
  readOnly: boolean;
  errorText: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('authoring');
  const v = form.getValues();
  const single = v.type !== 'multiple_select';
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('questions.options')}
      </Text>
      <Text size="xs" c="dimmed">
        {single ? t('questions.pickOne') : t('questions.pickSeveral')}
      </Text>
      {(v.type === 'true_false' ? TRUE_FALSE_OPTIONS[l] : v.content[l].options.slice(0, v.optionCount)).map(
        (option, i) => {
          const checked = v.answer.includes(i);
          const toggle = () =>
            form.setFieldValue('answer', single ? [i] : checked ? v.answer.filter((a) => a !== i) : [...v.answer, i]);
          const marker = single ? (
            <Radio
              checked={checked}
              onChange={toggle}
              disabled={readOnly}
              aria-label={t('questions.correct', { n: i + 1 })}
              data-testid={`answer-${i}`}
            />
          ) : (
            <Checkbox
              checked={checked}
              onChange={toggle}
              disabled={readOnly}
              aria-label={t('questions.correct', { n: i + 1 })}
              data-testid={`answer-${i}`}
            />
          );
          return (
            <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ paddingTop: 8 }}>{marker}</div>
              {v.type === 'true_false' ? (
                <Text pt={6}>{option}</Text>
              ) : (
                <TextInput
                  style={{ flex: 1 }}
                  placeholder={t('questions.optionN', { n: i + 1 })}
                  aria-label={t('questions.optionN', { n: i + 1 })}
                  readOnly={readOnly}
                  data-testid={`q-option-${l}-${i}`}
                  {...form.getInputProps(`content.${l}.options.${i}`)}
                  error={errorText(`content.${l}.options.${i}`)}
                />
              )}
            </Group>
          );
        },
      )}
      {errorText(`content.${l}.options`) ? (
        <Text size="xs" c="red">
          {errorText(`content.${l}.options`)}
        </Text>
      ) : null}
      {errorText('answer') ? (
        <Text size="xs" c="red" data-testid="answer-error">
          {errorText('answer')}
        </Text>
      ) : null}
    </Stack>
  );
}
