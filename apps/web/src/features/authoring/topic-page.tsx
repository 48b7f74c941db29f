import { ActionIcon, Alert, Badge, Button, Card, Group, List, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toRoman } from '@ki/domain';
import { CONTENT_LANGUAGES, ConceptBodySchema, type AuthoringTopicResponse } from '@ki/contracts';
import { paths } from '../../config/paths';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useCatalog } from './api/get-catalog';
import { useTopic } from './api/get-topic';
import { useReorder } from './api/reorder';
import { useSaveConcept } from './api/save-concept';
import { useUpdateTopic } from './api/save-topic';
import { useSubmitForReview } from './api/submit';
import {
  LanguageBadges,
  localName,
  NamesDialog,
  Readiness,
  ReturnComment,
  StatusBadges,
  Trail,
  useNotifyError,
} from './parts';

type Concept = AuthoringTopicResponse['concepts'][number];

/** A topic: names, concept per language, questions in order, readiness, and submitting for review. */
export function AuthoringTopicPage() {
  const { t, i18n } = useTranslation('authoring');
  const id = Number(useParams().topicId);
  const topic = useTopic(id);
  const catalog = useCatalog();
  const [renaming, setRenaming] = useState(false);
  const update = useUpdateTopic();
  const reorder = useReorder();
  const submit = useSubmitForReview();
  const notifyError = useNotifyError();
  if (topic.isPending) return <FullScreenLoader />;
  if (topic.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const lang = i18n.resolvedLanguage ?? 'en';
  const { topic: tp, concepts, questions, readiness, completeness } = topic.data;
  const canEdit = catalog.data?.abilities.canEdit ?? false;
  const items = [tp, ...concepts, ...questions];
  const hasChanges = items.some((x) => x.pending === 'draft' || x.pending === 'returned');

  // A question under review keeps its place until the approver decides.
  const locked = (index: number, by: -1 | 1) =>
    questions[index]?.pending === 'in_review' || questions[index + by]?.pending === 'in_review';
  const move = (index: number, by: -1 | 1) => {
    const ids = questions.map((q) => q.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate({ parent: { type: 'topic', topicId: tp.id }, ids }, { onError: notifyError });
  };

  return (
    <Stack gap="md" maw={860} mx="auto">
      <Trail
        items={[
          { label: t('title'), to: paths.authoring },
          {
            label: `${tp.boardName} · ${t('gradeLabel', { grade: toRoman(tp.grade) })} · ${localName(tp.subjectNames, lang)}`,
          },
          { label: localName(tp.chapterNames, lang), to: paths.authoringChapter(tp.chapterId) },
        ]}
      />
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} data-testid="topic-title">
            {localName(tp.names, lang)}
          </Title>
          <StatusBadges state={tp} />
        </div>
        {canEdit ? (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconPencil size={16} />}
            disabled={tp.pending === 'in_review'}
            onClick={() => setRenaming(true)}
          >
            {t('rename')}
          </Button>
        ) : null}
      </Group>
      <ReturnComment state={tp} />
      <LanguageBadges completeness={completeness} />

      <Card withBorder radius="md" padding="md" data-testid="readiness-card">
        <Group gap="xs" mb={4}>
          <Title order={3} size="h5">
            {t('readiness.title')}
          </Title>
          <Readiness
            ready={readiness.ready}
            questions={readiness.autoMarkableQuestions}
            needed={readiness.neededQuestions}
            concept={readiness.hasEnglishConcept}
          />
        </Group>
        <List size="sm" spacing={2}>
          <List.Item>{t('readiness.questionsRule', { needed: readiness.neededQuestions })}</List.Item>
          <List.Item>{t('readiness.conceptRule')}</List.Item>
        </List>
      </Card>

      <Card withBorder radius="md" padding="md">
        <Title order={3} size="h4" mb="xs">
          {t('concept.title')}
        </Title>
        <Tabs defaultValue="en" keepMounted={false}>
          <Tabs.List style={{ flexWrap: 'wrap' }}>
            {CONTENT_LANGUAGES.map((l) => {
              const has = concepts.some((c) => c.language === l);
              return (
                <Tabs.Tab key={l} value={l} data-testid={`concept-tab-${l}`}>
                  {l.toUpperCase()} {has ? '✓' : ''}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {CONTENT_LANGUAGES.map((l) => (
            <Tabs.Panel key={l} value={l} pt="sm">
              <ConceptEditor
                topicId={tp.id}
                language={l}
                concept={concepts.find((c) => c.language === l)}
                canEdit={canEdit}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Card>

      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="sm">
          <Title order={3} size="h4">
            {t('questions.title', { count: questions.length })}
          </Title>
          {canEdit ? (
            <Button
              component={Link}
              to={paths.authoringQuestion(tp.id, 'new')}
              size="compact-sm"
              variant="light"
              leftSection={<IconPlus size={14} />}
              data-testid="add-question"
            >
              {t('questions.add')}
            </Button>
          ) : null}
        </Group>
        {questions.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('questions.none')}
          </Text>
        ) : null}
        <Stack gap="sm">
          {questions.map((q, i) => (
            <Group key={q.id} justify="space-between" wrap="nowrap" align="flex-start" data-testid="question-row">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} lineClamp={2}>
                  {i + 1}. {q.content[lang]?.text ?? q.content.en?.text}
                </Text>
                <Group gap={6}>
                  <Badge variant="outline" size="sm" color="gray">
                    {t(`types.${q.type}`)}
                  </Badge>
                  <StatusBadges state={q} />
                  <Text size="xs" c="dimmed">
                    {Object.keys(q.content)
                      .map((l) => l.toUpperCase())
                      .join(' · ')}
                  </Text>
                </Group>
                <ReturnComment state={q} />
              </Stack>
              <Group gap={2} wrap="nowrap">
                {canEdit ? (
                  <>
                    <ActionIcon
                      variant="subtle"
                      disabled={i === 0 || reorder.isPending || locked(i, -1)}
                      onClick={() => move(i, -1)}
                      aria-label={t('moveUp')}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      disabled={i === questions.length - 1 || reorder.isPending || locked(i, 1)}
                      onClick={() => move(i, 1)}
                      aria-label={t('moveDown')}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                  </>
                ) : null}
                <Button component={Link} to={paths.authoringQuestion(tp.id, q.id)} size="compact-sm" variant="default">
                  {canEdit && q.pending !== 'in_review' ? t('edit') : t('view')}
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      </Card>

      {canEdit ? (
        <Stack gap={4}>
          <Group>
            <Button
              leftSection={<IconSend size={16} />}
              disabled={!hasChanges}
              loading={submit.isPending}
              data-testid="submit-topic"
              onClick={() =>
                submit.mutate(
                  { entityType: 'topic', entityId: tp.id },
                  {
                    onSuccess: () => notifications.show({ color: 'teal', message: t('submitted') }),
                    onError: notifyError,
                  },
                )
              }
            >
              {t('submitTopic')}
            </Button>
            {!hasChanges ? (
              <Text size="sm" c="dimmed">
                {t('nothingToSubmit')}
              </Text>
            ) : null}
          </Group>
          {hasChanges && !readiness.ready && tp.status !== 'published' ? (
            <Text size="sm" c="orange">
              {t('readiness.warning')}
            </Text>
          ) : null}
        </Stack>
      ) : null}

      <NamesDialog
        opened={renaming}
        title={t('renameTopic')}
        initial={tp.names}
        busy={update.isPending}
        onClose={() => setRenaming(false)}
        onSave={(names) =>
          update.mutate(
            { id: tp.id, names },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('saved') });
                setRenaming(false);
              },
              onError: notifyError,
            },
          )
        }
      />
    </Stack>
  );
}

function ConceptEditor({
  topicId,
  language,
  concept,
  canEdit,
}: {
  topicId: number;
  language: string;
  concept: Concept | undefined;
  canEdit: boolean;
}) {
  const { t } = useTranslation('authoring');
  const save = useSaveConcept(topicId);
  const notifyError = useNotifyError();
  const form = useForm({
    mode: 'controlled',
    initialValues: { body: concept?.body ?? '' },
    validate: schemaResolver(ConceptBodySchema, { sync: true }),
  });
  const locked = !canEdit || concept?.pending === 'in_review';
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          { language, body: values.body.trim() },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('saved') });
              form.resetDirty();
            },
            onError: notifyError,
          },
        ),
      )}
    >
      <Stack gap="xs">
        {concept ? <StatusBadges state={concept} /> : null}
        {concept ? <ReturnComment state={concept} /> : null}
        <Textarea
          label={t('concept.label')}
          description={language === 'en' ? t('concept.requiredHelp') : t('concept.optionalHelp')}
          autosize
          minRows={4}
          maxRows={14}
          readOnly={locked}
          data-testid={`concept-${language}`}
          {...form.getInputProps('body')}
          error={form.errors.body ? t(String(form.errors.body)) : undefined}
        />
        {!locked ? (
          <Group>
            <Button
              type="submit"
              size="sm"
              loading={save.isPending}
              disabled={!form.isDirty()}
              data-testid={`save-concept-${language}`}
            >
              {t('concept.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
