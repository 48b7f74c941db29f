import { ActionIcon, Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toRoman } from '@ki/domain';
import { paths } from '../../config/paths';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useCatalog } from './api/get-catalog';
import { useChapter } from './api/get-chapter';
import { useReorder } from './api/reorder';
import { useUpdateChapter } from './api/save-chapter';
import { useCreateTopic } from './api/save-topic';
import { useSubmitForReview } from './api/submit';
import { localName, NamesDialog, Readiness, ReturnComment, StatusBadges, Trail, useNotifyError } from './parts';

/** A chapter: its names, its topics in order with their readiness, and submitting it for review. */
export function AuthoringChapterPage() {
  const { t, i18n } = useTranslation('authoring');
  const id = Number(useParams().chapterId);
  const chapter = useChapter(id);
  const catalog = useCatalog();
  const [dialog, setDialog] = useState<'rename' | 'topic' | null>(null);
  const update = useUpdateChapter();
  const createTopic = useCreateTopic();
  const reorder = useReorder();
  const submit = useSubmitForReview();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  if (chapter.isPending) return <FullScreenLoader />;
  if (chapter.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const lang = i18n.resolvedLanguage ?? 'en';
  const { chapter: c, topics } = chapter.data;
  const canEdit = catalog.data?.abilities.canEdit ?? false;
  const inReview = c.pending === 'in_review';
  const hasChanges =
    c.pending === 'draft' ||
    c.pending === 'returned' ||
    topics.some((x) => x.pending === 'draft' || x.pending === 'returned');

  // A topic under review keeps its place until the approver decides.
  const locked = (index: number, by: -1 | 1) =>
    topics[index]?.pending === 'in_review' || topics[index + by]?.pending === 'in_review';
  const move = (index: number, by: -1 | 1) => {
    const ids = topics.map((x) => x.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate({ parent: { type: 'chapter', chapterId: c.id }, ids }, { onError: notifyError });
  };

  return (
    <Stack gap="md" maw={860} mx="auto">
      <Trail
        items={[
          { label: t('title'), to: `${paths.authoring}?board=${c.boardId}&grade=${c.grade}` },
          {
            label: `${c.boardName} · ${t('gradeLabel', { grade: toRoman(c.grade) })} · ${localName(c.subjectNames, lang)}`,
          },
        ]}
      />
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} data-testid="chapter-title">
            {localName(c.names, lang)}
          </Title>
          <StatusBadges state={c} />
        </div>
        {canEdit ? (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconPencil size={16} />}
            disabled={inReview}
            onClick={() => setDialog('rename')}
          >
            {t('rename')}
          </Button>
        ) : null}
      </Group>
      <ReturnComment state={c} />
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="sm">
          <Title order={3} size="h4">
            {t('topics')}
          </Title>
          {canEdit ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => setDialog('topic')}
              data-testid="new-topic"
            >
              {t('newTopic')}
            </Button>
          ) : null}
        </Group>
        {topics.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('noTopics')}
          </Text>
        ) : null}
        <Stack gap="sm">
          {topics.map((topic, i) => (
            <Group key={topic.id} justify="space-between" wrap="nowrap" align="flex-start" data-testid="topic-row">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={paths.authoringTopic(topic.id)} fw={500}>
                  {i + 1}. {localName(topic.names, lang)}
                </Anchor>
                <Group gap={6}>
                  <StatusBadges state={topic} />
                  <Readiness
                    ready={topic.readiness.ready}
                    questions={topic.readiness.autoMarkableQuestions}
                    needed={topic.readiness.neededQuestions}
                    concept={topic.readiness.hasEnglishConcept}
                  />
                </Group>
              </Stack>
              {canEdit ? (
                <Group gap={2} wrap="nowrap">
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
                    disabled={i === topics.length - 1 || reorder.isPending || locked(i, 1)}
                    onClick={() => move(i, 1)}
                    aria-label={t('moveDown')}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Group>
              ) : null}
            </Group>
          ))}
        </Stack>
      </Card>
      {canEdit ? (
        <Group>
          <Button
            leftSection={<IconSend size={16} />}
            disabled={!hasChanges}
            loading={submit.isPending}
            data-testid="submit-chapter"
            onClick={() =>
              submit.mutate(
                { entityType: 'chapter', entityId: c.id },
                {
                  onSuccess: () => notifications.show({ color: 'teal', message: t('submitted') }),
                  onError: notifyError,
                },
              )
            }
          >
            {t('submitChapter')}
          </Button>
          {!hasChanges ? (
            <Text size="sm" c="dimmed">
              {t('nothingToSubmit')}
            </Text>
          ) : null}
        </Group>
      ) : null}
      <NamesDialog
        opened={dialog !== null}
        title={dialog === 'rename' ? t('renameChapter') : t('newTopic')}
        initial={dialog === 'rename' ? c.names : undefined}
        busy={update.isPending || createTopic.isPending}
        onClose={() => setDialog(null)}
        onSave={(names) => {
          const done = () => {
            notifications.show({ color: 'teal', message: t('saved') });
            setDialog(null);
          };
          if (dialog === 'rename') update.mutate({ id: c.id, names }, { onSuccess: done, onError: notifyError });
          else
            createTopic.mutate(
              { chapterId: c.id, names },
              {
                onSuccess: (saved) => {
                  done();
                  void navigate(paths.authoringTopic(saved.id));
                },
                onError: notifyError,
              },
            );
        }}
      />
    </Stack>
  );
}
