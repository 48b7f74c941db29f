import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toRoman } from '@ki/domain';
import type { AuthoringCatalogResponse, AuthoringChaptersResponse } from '@ki/contracts';
import { paths } from '../../config/paths';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useCatalog } from './api/get-catalog';
import { useChapters } from './api/get-chapters';
import { useCreateChapter } from './api/save-chapter';
import { useSaveSubject } from './api/save-subject';
import { BoardGradeSelect } from './components/board-grade-select';
import { NamesDialog } from './components/names-dialog';
import { OtherSubjects } from './components/other-subjects';
import { SubjectCard } from './components/subject-card';
import { useNotifyError, useNotifySaved } from './hooks/use-notify';
import { localName, type Names } from './names';
import './strings';

type Subject = AuthoringCatalogResponse['subjects'][number];
type Chapter = AuthoringChaptersResponse['chapters'][number];

/** Authoring home: pick a board and grade, see every subject's chapters in every status. */
export function AuthoringHomePage() {
  const { t, i18n } = useTranslation('authoring');
  const catalog = useCatalog();
  const [params, setParams] = useSearchParams();
  const boardId = Number(params.get('board')) || catalog.data?.boards[0]?.id || null;
  const grade = Number(params.get('grade')) || 7;
  const chapters = useChapters(boardId, grade);
  const [dialog, setDialog] = useState<
    { kind: 'subject'; subject: Subject | null } | { kind: 'chapter'; subject: Subject } | null
  >(null);
  const saveSubject = useSaveSubject();
  const createChapter = useCreateChapter();
  const notifyError = useNotifyError();
  const notifySaved = useNotifySaved();
  const navigate = useNavigate();

  if (catalog.isPending) return <FullScreenLoader />;
  if (catalog.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const { boards, grades, subjects, abilities } = catalog.data;
  const lang = i18n.resolvedLanguage ?? 'en';
  const bySubject = new Map<number, Chapter[]>();
  for (const c of chapters.data?.chapters ?? []) bySubject.set(c.subjectId, [...(bySubject.get(c.subjectId) ?? []), c]);
  const withChapters = subjects.filter((s) => bySubject.has(s.id));
  const others = subjects.filter((s) => !bySubject.has(s.id));

  const select = (key: 'board' | 'grade', value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    if (key === 'board' && !next.get('grade')) next.set('grade', String(grade));
    setParams(next, { replace: true, preventScrollReset: true });
  };

  function saveNames(names: Names) {
    if (!dialog) return;
    const done = () => {
      notifySaved();
      setDialog(null);
    };
    if (dialog.kind === 'subject') {
      saveSubject.mutate(
        { id: dialog.subject?.id ?? null, names: names as { en: string } },
        { onSuccess: done, onError: notifyError },
      );
    } else if (boardId !== null) {
      createChapter.mutate(
        { subjectId: dialog.subject.id, boardId, grade, names: names as { en: string } },
        {
          onSuccess: (saved) => {
            done();
            void navigate(paths.authoringChapter(saved.id));
          },
          onError: notifyError,
        },
      );
    }
  }

  return (
    <Stack gap="md" maw={960} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed" size="sm">
            {abilities.canEdit ? t('intro.editor') : t('intro.approver')}
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to={paths.authoringReview} variant="light" data-testid="open-review">
            {t('review.title')}
          </Button>
          {abilities.canEdit ? (
            <Button
              leftSection={<IconPlus size={16} />}
              variant="default"
              onClick={() => setDialog({ kind: 'subject', subject: null })}
              data-testid="new-subject"
            >
              {t('newSubject')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <BoardGradeSelect boards={boards} grades={grades} boardId={boardId} grade={grade} onSelect={select} />
      {chapters.isPending ? <FullScreenLoader /> : null}
      {withChapters.map((s) => (
        <SubjectCard
          key={s.id}
          subject={s}
          chapters={bySubject.get(s.id) ?? []}
          lang={lang}
          canEdit={abilities.canEdit}
          boardId={boardId!}
          grade={grade}
          onRename={() => setDialog({ kind: 'subject', subject: s })}
          onNewChapter={() => setDialog({ kind: 'chapter', subject: s })}
        />
      ))}
      {others.length ? (
        <OtherSubjects
          subjects={others}
          grade={grade}
          canEdit={abilities.canEdit}
          onNewChapter={(subject) => setDialog({ kind: 'chapter', subject })}
        />
      ) : null}
      <NamesDialog
        opened={dialog !== null}
        title={
          dialog?.kind === 'chapter'
            ? t('newChapterIn', { subject: localName(dialog.subject.names, lang), grade: toRoman(grade) })
            : dialog?.subject
              ? t('renameSubject')
              : t('newSubject')
        }
        initial={dialog?.kind === 'subject' ? dialog.subject?.names : undefined}
        busy={saveSubject.isPending || createChapter.isPending}
        onClose={() => setDialog(null)}
        onSave={saveNames}
      />
    </Stack>
  );
}
