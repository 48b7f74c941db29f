import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toRoman } from '@ki/domain';
import type { AuthoringCatalogResponse, AuthoringChaptersResponse } from '@ki/contracts';
import { paths } from '../../config/paths';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useCatalog } from './api/get-catalog';
import { useChapters } from './api/get-chapters';
import { useReorder } from './api/reorder';
import { useCreateChapter } from './api/save-chapter';
import { useSaveSubject } from './api/save-subject';
import { localName, NamesDialog, ReturnComment, StatusBadges, useNotifyError, type Names } from './parts';

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
    setParams(next, { replace: true });
  };

  function saveNames(names: Names) {
    if (!dialog) return;
    const done = () => {
      notifications.show({ color: 'teal', message: t('saved') });
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
      <SimpleGrid cols={2} spacing="sm" maw={560}>
        <NativeSelect
          label={t('board')}
          value={boardId ?? ''}
          onChange={(e) => select('board', e.currentTarget.value)}
          data={boards.map((b) => ({ value: String(b.id), label: b.name }))}
          data-testid="board-select"
        />
        <NativeSelect
          label={t('grade')}
          value={String(grade)}
          onChange={(e) => select('grade', e.currentTarget.value)}
          data={grades.map((g) => ({ value: String(g), label: t('gradeLabel', { grade: toRoman(g) }) }))}
          data-testid="grade-select"
        />
      </SimpleGrid>
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
        <Card withBorder radius="md" padding="md">
          <Text fw={600} mb="xs">
            {t('otherSubjects', { grade: toRoman(grade) })}
          </Text>
          <Stack gap={6}>
            {others.map((s) => (
              <Group key={s.id} justify="space-between" gap="xs" data-testid={`subject-${s.slug}`}>
                <Group gap="xs">
                  <Text size="sm">{localName(s.names, lang)}</Text>
                  <StatusBadges state={s} />
                </Group>
                {abilities.canEdit ? (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => setDialog({ kind: 'chapter', subject: s })}
                  >
                    {t('newChapter')}
                  </Button>
                ) : null}
              </Group>
            ))}
          </Stack>
        </Card>
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

function SubjectCard(props: {
  subject: Subject;
  chapters: Chapter[];
  lang: string;
  canEdit: boolean;
  boardId: number;
  grade: number;
  onRename: () => void;
  onNewChapter: () => void;
}) {
  const { t } = useTranslation('authoring');
  const reorder = useReorder();
  const notifyError = useNotifyError();
  const { subject, chapters, lang } = props;
  const move = (index: number, by: -1 | 1) => {
    const ids = chapters.map((c) => c.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate(
      { parent: { type: 'subject', subjectId: subject.id, boardId: props.boardId, grade: props.grade }, ids },
      { onError: notifyError },
    );
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid={`subject-${subject.slug}`}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs">
          <Title order={3} size="h4">
            {localName(subject.names, lang)}
          </Title>
          <StatusBadges state={subject} />
        </Group>
        {props.canEdit ? (
          <ActionIcon variant="subtle" onClick={props.onRename} aria-label={t('renameSubject')}>
            <IconPencil size={16} />
          </ActionIcon>
        ) : null}
      </Group>
      <ReturnComment state={subject} />
      <Stack gap={6}>
        {chapters.map((c, i) => (
          <Group key={c.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="chapter-row">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={paths.authoringChapter(c.id)} fw={500} size="sm">
                {i + 1}. {localName(c.names, lang)}
              </Anchor>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {t('topicCount', { count: c.topics })}
                </Text>
                <StatusBadges state={c} />
              </Group>
            </Stack>
            {props.canEdit ? (
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  disabled={i === 0 || reorder.isPending}
                  onClick={() => move(i, -1)}
                  aria-label={t('moveUp')}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  disabled={i === chapters.length - 1 || reorder.isPending}
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
      {props.canEdit ? (
        <Button
          mt="sm"
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={props.onNewChapter}
          data-testid={`new-chapter-${subject.slug}`}
        >
          {t('newChapter')}
        </Button>
      ) : null}
    </Card>
  );
}
