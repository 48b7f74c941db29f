import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  BLANK,
  CONTENT_LANGUAGES,
  MAX_OPTIONS,
  MIN_OPTIONS,
  QUESTION_TYPES,
  TRUE_FALSE_OPTIONS,
  type AuthoringQuestionType,
  type QuestionInput,
} from '@ki/contracts';
import { paths } from '../../config/paths';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useCatalog } from './api/get-catalog';
import { useTopic } from './api/get-topic';
import { useSaveQuestion } from './api/save-question';
import { localName, ReturnComment, StatusBadges, Trail, useNotifyError } from './parts';
import {
  emptyQuestion,
  formToInput,
  hasWrittenOptions,
  questionToForm,
  validateQuestion,
  type QuestionFormValues,
} from './question-form';

/** The question editor: five types, six languages, one answer key (access-and-app-shell.md 3). */
export function AuthoringQuestionPage() {
  const { t, i18n } = useTranslation('authoring');
  const params = useParams();
  const topicId = Number(params.topicId);
  const questionId = params.questionId === 'new' ? null : Number(params.questionId);
  const topic = useTopic(topicId);
  const catalog = useCatalog();
  if (topic.isPending || catalog.isPending) return <FullScreenLoader />;
  if (topic.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const question = questionId === null ? undefined : topic.data.questions.find((q) => q.id === questionId);
  if (questionId !== null && !question) return <Alert color="red">{t('loadFailed')}</Alert>;
  const lang = i18n.resolvedLanguage ?? 'en';
  const tp = topic.data.topic;
  const readOnly = !catalog.data?.abilities.canEdit || question?.pending === 'in_review';
  return (
    <Stack gap="md" maw={860} mx="auto">
      <Trail
        items={[
          { label: t('title'), to: paths.authoring },
          { label: localName(tp.chapterNames, lang), to: paths.authoringChapter(tp.chapterId) },
          { label: localName(tp.names, lang), to: paths.authoringTopic(tp.id) },
        ]}
      />
      <Group justify="space-between" align="flex-start">
        <Title order={2}>
          {question
            ? t('questions.editTitle', { n: topic.data.questions.indexOf(question) + 1 })
            : t('questions.newTitle')}
        </Title>
        {question ? <StatusBadges state={question} /> : null}
      </Group>
      {question ? <ReturnComment state={question} /> : null}
      {question?.pending === 'in_review' ? <Alert color="blue">{t('questions.inReview')}</Alert> : null}
      <QuestionForm
        key={questionId ?? 'new'}
        topicId={topicId}
        questionId={questionId}
        initial={question ? questionToForm(question) : emptyQuestion()}
        readOnly={readOnly}
        published={question?.status === 'published'}
      />
    </Stack>
  );
}

function QuestionForm({
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
  const { t } = useTranslation(['authoring', 'common']);
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

  const setType = (type: AuthoringQuestionType) => {
    form.setFieldValue('type', type);
    form.setFieldValue('answer', []);
    form.clearErrors();
  };
  const single = v.type !== 'multiple_select';

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(submit, () => setTab(CONTENT_LANGUAGES.find((l) => tabHasError(l)) ?? tab))}
    >
      <Stack gap="md">
        {published && !readOnly ? <Alert color="yellow">{t('questions.publishedNote')}</Alert> : null}
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
                  <Stack gap={6}>
                    <Text size="sm" fw={500}>
                      {t('questions.options')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {single ? t('questions.pickOne') : t('questions.pickSeveral')}
                    </Text>
                    {(v.type === 'true_false'
                      ? TRUE_FALSE_OPTIONS[l]
                      : v.content[l].options.slice(0, v.optionCount)
                    ).map((option, i) => {
                      const checked = v.answer.includes(i);
                      const toggle = () =>
                        form.setFieldValue(
                          'answer',
                          single ? [i] : checked ? v.answer.filter((a) => a !== i) : [...v.answer, i],
                        );
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
                    })}
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
