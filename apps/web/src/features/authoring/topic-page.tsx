import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toRoman } from '@ki/domain';
import { paths } from '../../config/paths';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useCatalog } from './api/get-catalog';
import { useTopic } from './api/get-topic';
import { useUpdateTopic } from './api/save-topic';
import { ConceptCard } from './components/concept-card';
import { ItemHeader } from './components/item-header';
import { LanguageBadges } from './components/language-badges';
import { NamesDialog } from './components/names-dialog';
import { ReadinessCard } from './components/readiness-card';
import { ReturnComment } from './components/status-badges';
import { SubmitBar } from './components/submit-bar';
import { TopicQuestions } from './components/topic-questions';
import { Trail } from './components/trail';
import { useNotifyError, useNotifySaved } from './hooks/use-notify';
import { localName } from './names';
import './strings';

/** A topic: names, concept per language, questions in order, readiness, and submitting for review. */
export function AuthoringTopicPage() {
  const { t, i18n } = useTranslation('authoring');
  const id = Number(useParams().topicId);
  const topic = useTopic(id);
  const catalog = useCatalog();
  const [renaming, setRenaming] = useState(false);
  const update = useUpdateTopic();
  const notifyError = useNotifyError();
  const notifySaved = useNotifySaved();
  if (topic.isPending) return <FullScreenLoader />;
  if (topic.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const lang = i18n.resolvedLanguage ?? 'en';
  const { topic: tp, concepts, questions, readiness, completeness } = topic.data;
  const canEdit = catalog.data?.abilities.canEdit ?? false;
  const items = [tp, ...concepts, ...questions];
  const hasChanges = items.some((x) => x.pending === 'draft' || x.pending === 'returned');

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
      <ItemHeader
        title={localName(tp.names, lang)}
        testId="topic-title"
        state={tp}
        canEdit={canEdit}
        onRename={() => setRenaming(true)}
      />
      <ReturnComment state={tp} />
      <LanguageBadges completeness={completeness} />
      <ReadinessCard readiness={readiness} />
      <ConceptCard topicId={tp.id} concepts={concepts} canEdit={canEdit} />
      <TopicQuestions topicId={tp.id} questions={questions} canEdit={canEdit} />

      {canEdit ? (
        <Stack gap={4}>
          <SubmitBar entityType="topic" entityId={tp.id} hasChanges={hasChanges} />
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
                notifySaved();
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
