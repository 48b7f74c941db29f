import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toRoman } from '@ki/domain';
import type { LanguageNames } from '@ki/contracts';
import { paths } from '../../config/paths';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useCatalog } from './api/get-catalog';
import { useChapter } from './api/get-chapter';
import { useUpdateChapter } from './api/save-chapter';
import { useCreateTopic } from './api/save-topic';
import { ChapterTopics } from './components/chapter-topics';
import { ItemHeader } from './components/item-header';
import { NamesDialog } from './components/names-dialog';
import { ReturnComment } from './components/status-badges';
import { SubmitBar } from './components/submit-bar';
import { Trail } from './components/trail';
import { useNotifyError, useNotifySaved } from './hooks/use-notify';
import { localName } from './names';
import './strings';

/** A chapter: its names, its topics in order with their readiness, and submitting it for review. */
export function AuthoringChapterPage() {
  const { t, i18n } = useTranslation('authoring');
  const id = Number(useParams().chapterId);
  const chapter = useChapter(id);
  const catalog = useCatalog();
  const [dialog, setDialog] = useState<'rename' | 'topic' | null>(null);
  const update = useUpdateChapter();
  const createTopic = useCreateTopic();
  const notifyError = useNotifyError();
  const notifySaved = useNotifySaved();
  const navigate = useNavigate();
  if (chapter.isPending) return <FullScreenLoader />;
  if (chapter.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const lang = i18n.resolvedLanguage ?? 'en';
  const { chapter: c, topics } = chapter.data;
  const canEdit = catalog.data?.abilities.canEdit ?? false;
  const hasChanges =
    c.pending === 'draft' ||
    c.pending === 'returned' ||
    topics.some((x) => x.pending === 'draft' || x.pending === 'returned');

  const saveNames = (names: LanguageNames) => {
    const done = () => {
      notifySaved();
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
      <ItemHeader
        title={localName(c.names, lang)}
        testId="chapter-title"
        state={c}
        canEdit={canEdit}
        onRename={() => setDialog('rename')}
      />
      <ReturnComment state={c} />
      <ChapterTopics chapterId={c.id} topics={topics} canEdit={canEdit} onNewTopic={() => setDialog('topic')} />
      {canEdit ? <SubmitBar entityType="chapter" entityId={c.id} hasChanges={hasChanges} /> : null}
      <NamesDialog
        opened={dialog !== null}
        title={dialog === 'rename' ? t('renameChapter') : t('newTopic')}
        initial={dialog === 'rename' ? c.names : undefined}
        busy={update.isPending || createTopic.isPending}
        onClose={() => setDialog(null)}
        onSave={saveNames}
      />
    </Stack>
  );
}
