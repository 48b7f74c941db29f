import { Alert, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  BLANK,
  CONTENT_LANGUAGES,
  MAX_OPTIONS,
  MIN_OPTIONS,
  QUESTION_TYPES,
  type AuthoringQuestionType,
  type QuestionInput,
} from '@ki/contracts';
import { paths } from '../../../config/paths';
import { useSaveQuestion } from '../api/save-question';
import { useNotifyError } from '../hooks/use-notify';
import { formToInput, hasWrittenOptions, validateQuestion, type QuestionFormValues } from '../question-form';
import { QuestionLanguageFields } from './question-language-fields';

/** The question form: type and option count, then one tab per language; saving returns to the topic. */
export function QuestionEditor({
  topicId,
  questionId,
  initial,
  readOnly,
  published,
}: {
  topicId: number;
  questionId: number | null;
  initial: QuestionFormValues;
  readOnly: boolean;
  published: boolean;
}) {
  const { t } = useTranslation('authoring');
  const navigate = useNavigate();
  const save = useSaveQuestion(topicId);
  const notifyError = useNotifyError();
  const [tab, setTab] = useState<string | null>('en');
  const form = useForm<QuestionFormValues>({ mode: 'controlled', initialValues: initial, validate: validateQuestion });
  const v = form.getValues();
  const errorText = (path: string) => {
    const e = form.errors[path];
    return e ? t(String(e)) : undefined;
  };
  const tabHasError = (l: string) =>
    Object.keys(form.errors).some((k) => k.startsWith(`content.${l}.`) || k === `content.${l}`);

  function submit(values: QuestionFormValues) {
    const input = formToInput(values) as QuestionInput;
    save.mutate(
      { id: questionId, question: input },
      {
        onSuccess: () => {
          // The spec's toasts (access-and-app-shell.md 8).
          notifications.show({
            color: 'teal',
            message: t(questionId === null ? 'questions.created' : 'questions.edited'),
          });
          void navigate(paths.authoringTopic(topicId));
        },
        onError: notifyError,
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(submit, () => setTab(CONTENT_LANGUAGES.find((l) => tabHasError(l)) ?? tab))}
    >
      <Stack gap="md">
        {published && !readOnly ? <Alert color="yellow">{t('questions.publishedNote')}</Alert> : null}
        <QuestionTypeFields form={form} readOnly={readOnly} />
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List style={{ flexWrap: 'wrap' }}>
            {CONTENT_LANGUAGES.map((l) => (
              <Tabs.Tab key={l} value={l} c={tabHasError(l) ? 'red' : undefined} data-testid={`lang-tab-${l}`}>
                {l.toUpperCase()}
                {l === 'en' ? ' *' : ''} {v.content[l].text.trim() ? '✓' : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {CONTENT_LANGUAGES.map((l) => (
            <Tabs.Panel key={l} value={l} pt="sm">
              <QuestionLanguageFields form={form} language={l} readOnly={readOnly} errorText={errorText} />
            </Tabs.Panel>
          ))}
        </Tabs>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(paths.authoringTopic(topicId))}>
            {t('cancel')}
          </Button>
          {!readOnly ? (
            <Button type="submit" loading={save.isPending} data-testid="save-question">
              {t('questions.save')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/** The question's type and, for choice questions, how many options it has; a new type clears the answer. */
function QuestionTypeFields({ form, readOnly }: { form: UseFormReturnType<QuestionFormValues>; readOnly: boolean }) {
  const { t } = useTranslation('authoring');
  const v = form.getValues();
  const setType = (type: AuthoringQuestionType) => {
    form.setFieldValue('type', type);
    form.setFieldValue('answer', []);
    form.clearErrors();
  };
  return (
    <Card withBorder radius="md" padding="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NativeSelect
          label={t('questions.type')}
          value={v.type}
          disabled={readOnly}
          onChange={(e) => setType(e.currentTarget.value as AuthoringQuestionType)}
          data={QUESTION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          data-testid="question-type"
        />
        {hasWrittenOptions(v.type) ? (
          <NativeSelect
            label={t('questions.optionCount')}
            value={String(v.optionCount)}
            disabled={readOnly}
            onChange={(e) => {
              const count = Number(e.currentTarget.value);
              form.setFieldValue('optionCount', count);
              form.setFieldValue(
                'answer',
                v.answer.filter((a) => a < count),
              );
            }}
            data={Array.from({ length: MAX_OPTIONS - MIN_OPTIONS + 1 }, (_, i) => String(MIN_OPTIONS + i))}
            data-testid="option-count"
          />
        ) : null}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={6}>
        {t(`typeHelp.${v.type}`, { blank: BLANK })}
      </Text>
    </Card>
  );
}
