import { Alert, Button, Card, Group, NativeSelect, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayPercent, displayScore, formatDuration, gradeLabel } from '@ki/domain';
import type { MeResponse, SubjectStudentRow } from '@ki/contracts';
import { formatDate } from '../../lib/format-date';
import { useMe } from '../../lib/session';
import { positiveParam, useUrlState, type ParamChanges } from '../../lib/url-state';
import { BackLink } from '../../ui/back-link';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useGrade } from './api/analytics';
import {
  chapterReportCsvUrl,
  subjectStudentsCsvUrl,
  useSubjectStudents,
  useSubjectSummary,
  type SubjectScope,
} from './api/subject';
import { LoadError } from './load-error';
import { CsvButton } from './csv-button';
import { PagedTable, usePagedSearch, type Column } from './paged-table';
import { StudentActions } from './student-actions';
import { useIsPace } from './use-is-pace';
import { useScope } from './use-scope';

/**
 * The subject summary (dashboards.md 2.7): counts, chapter-wise progress, chapter and topic
 * buttons, and the student list of the level chosen. The grade, subject, level, page and search
 * live in the address, so Back and a reload keep them. A teacher switches between the grades and
 * subjects they are assigned.
 */
export function SubjectDetailPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { data: me } = useMe();
  const { scope } = useScope();
  const { params, setPlace } = useUrlState();
  const summary = me?.abilities.subjectSummary;
  const subjectId = positiveParam(params, 'subjectId') ?? summary?.subjectId ?? null;
  const grade = positiveParam(params, 'grade') ?? summary?.grade ?? null;
  if (!me || subjectId === null || grade === null) return <Alert color="yellow">{t('noData')}</Alert>;
  const s: SubjectScope = {
    schoolIds: scope.schoolIds,
    grade,
    subjectId,
    chapterId: positiveParam(params, 'chapterId'),
    topicId: positiveParam(params, 'topicId'),
  };
  // Each drill level, grade or subject is a place of its own: Back returns to the one before, and
  // the student list starts again from page 1 without a search.
  const go = (changes: ParamChanges) =>
    setPlace({ subjectId, grade, chapterId: null, topicId: null, page: null, q: null, ...changes });
  const isTeacherDashboard = me.abilities.dashboard === 'subject';
  return (
    <Stack gap="md">
      {isTeacherDashboard ? (
        // A teacher of subjects only has this summary as their dashboard: back to where it opened.
        <BackLink to="start" fallback="/dashboard" label={t('back')} testId="back" />
      ) : (
        <BackLink fallback={`/dashboard?gradeTab=${grade}`} label={t('back')} testId="back" />
      )}
      <SubjectDetail
        s={s}
        language={i18n.resolvedLanguage ?? 'en'}
        onDrill={(chapterId, topicId) => go({ chapterId, topicId })}
        controls={
          <TeacherSwitch me={me} schoolIds={scope.schoolIds} grade={grade} subjectId={subjectId} onChange={go} />
        }
      />
    </Stack>
  );
}

/**
 * The grades and subjects of a teacher's assignments in the school shown (abilities.subjectSummaries,
 * the pairs the server's policy covers). Another grade keeps the subject when that grade's
 * assignment covers it; another subject keeps the grade likewise; otherwise each takes the first
 * pair that fits. A grade assigned in every subject offers that grade's subjects.
 */
function TeacherSwitch({
  me,
  schoolIds,
  grade,
  subjectId,
  onChange,
}: {
  me: MeResponse;
  schoolIds: number[];
  grade: number;
  subjectId: number;
  onChange: (c: ParamChanges) => void;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const mine = me.abilities.subjectSummaries.filter((a) => schoolIds.includes(a.schoolId));
  const allSubjectsHere = mine.some((a) => a.grade === grade && a.subjectId === null);
  const gradeInfo = useGrade({ schoolIds, grade }, allSubjectsHere ? grade : null);
  if (mine.length === 0) return null;
  const language = i18n.resolvedLanguage ?? 'en';
  const covers = (g: number, subject: number) =>
    mine.some((a) => a.grade === g && (a.subjectId === null || a.subjectId === subject));
  const grades = [...new Set(mine.map((a) => a.grade))].sort((a, b) => a - b);
  const named = new Map<number, string>();
  for (const x of me.staff.subjects) named.set(x.id, x.names[language] ?? x.names.en ?? x.slug);
  for (const x of gradeInfo.data?.subjects ?? []) named.set(x.subjectId, x.names[language] ?? x.names.en ?? x.slug);
  const subjects = [...named].filter(([id]) => covers(grade, id) || mine.some((a) => a.subjectId === id));
  const chooseGrade = (g: number) => {
    const subject = covers(g, subjectId) ? subjectId : (mine.find((a) => a.grade === g)?.subjectId ?? subjectId);
    onChange({ grade: g, subjectId: subject });
  };
  const chooseSubject = (id: number) =>
    onChange({
      subjectId: id,
      grade: covers(grade, id) ? grade : (mine.find((a) => covers(a.grade, id))?.grade ?? grade),
    });
  if (grades.length < 2 && subjects.length < 2) return null;
  return (
    <Group gap="sm" wrap="wrap" data-testid="teacher-switch">
      {grades.length > 1 ? (
        <NativeSelect
          label={t('gradeSelect')}
          value={String(grade)}
          onChange={(e) => chooseGrade(Number(e.currentTarget.value))}
          data={grades.map((g) => ({ value: String(g), label: gradeLabel(g, { isPace: me.school?.isPace ?? false }) }))}
          data-testid="switch-grade"
        />
      ) : null}
      {subjects.length > 1 ? (
        <NativeSelect
          label={t('subject.switch')}
          value={String(subjectId)}
          onChange={(e) => chooseSubject(Number(e.currentTarget.value))}
          data={subjects.map(([id, name]) => ({ value: String(id), label: name }))}
          data-testid="switch-subject"
        />
      ) : null}
    </Group>
  );
}

function SubjectDetail({
  s,
  language,
  onDrill,
  controls,
}: {
  s: SubjectScope;
  language: string;
  onDrill: (c: number | null, t: number | null) => void;
  controls: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const summary = useSubjectSummary(s);
  const isPace = useIsPace(s.schoolIds);
  if (summary.isPending) return <FullScreenLoader />;
  if (summary.isError) return <LoadError error={summary.error} />;
  const data = summary.data;
  const subjectName = data.subject.names[language] ?? data.subject.names.en ?? data.subject.slug;
  const chapter = data.chapters.find((c) => c.chapterId === s.chapterId);
  const topic = data.topics.find((x) => x.topicId === s.topicId);
  const listTitle = topic
    ? t('subject.topicList', { name: topic.name })
    : chapter
      ? t('subject.chapterList', { name: chapter.name })
      : t('subject.subjectList', { name: subjectName });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Title order={2} data-testid="subject-title">
          {t('subject.title', { name: subjectName })} · {gradeLabel(s.grade, { isPace })}
        </Title>
        {controls}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {(
          [
            ['subjectAttempted', data.counts.subjectAttempted],
            ['chapterCompleted', data.counts.chapterCompleted],
            ['topicCompleted', data.counts.topicCompleted],
          ] as const
        ).map(([key, count]) => (
          <Card key={key} withBorder padding="md" radius="md">
            <Text size="sm" c="dimmed">
              {t(`subject.counts.${key}`)}
            </Text>
            <Text fz={26} fw={700} data-testid={`subject-count-${key}`}>
              {count}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      <Card withBorder padding="md" radius="md">
        <Text fw={600} mb="sm">
          {t('subject.progress')}
        </Text>
        <Stack gap="xs">
          {data.chapterProgress.map((c) => (
            <div key={c.chapterId}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{c.name}</Text>
                <Text size="sm" c="dimmed" data-testid={`progress-${c.chapterId}`}>
                  {t('subject.progressValue', { count: c.completed, percent: c.percent })}
                </Text>
              </Group>
              <Progress value={c.percent} aria-label={c.name} />
            </div>
          ))}
        </Stack>
      </Card>

      <Card withBorder padding="md" radius="md">
        <Text fw={600} mb="xs">
          {t('subject.chapters')}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant={s.chapterId === null ? 'filled' : 'default'}
            onClick={() => onDrill(null, null)}
            data-testid="drill-subject"
          >
            {t('subject.allChapters')}
          </Button>
          {data.chapters.map((c) => (
            <Button
              key={c.chapterId}
              size="xs"
              variant={c.chapterId === s.chapterId ? 'filled' : 'default'}
              onClick={() => onDrill(c.chapterId, null)}
              data-testid={`drill-chapter-${c.chapterId}`}
            >
              {c.name}
            </Button>
          ))}
        </Group>
        {data.topics.length ? (
          <>
            <Text fw={600} mt="md" mb="xs">
              {t('subject.topics')}
            </Text>
            <Group gap="xs">
              {data.topics.map((x) => (
                <Button
                  key={x.topicId}
                  size="xs"
                  variant={x.topicId === s.topicId ? 'filled' : 'light'}
                  onClick={() => onDrill(s.chapterId, x.topicId)}
                  data-testid={`drill-topic-${x.topicId}`}
                >
                  {x.name}
                </Button>
              ))}
            </Group>
          </>
        ) : null}
      </Card>

      {data.chapterCard ? (
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          {(
            [
              ['notAttempted', data.chapterCard.notAttempted],
              ['completed', data.chapterCard.completed],
              ['onlyTopics', data.chapterCard.onlyTopics],
            ] as const
          ).map(([key, count]) => (
            <Card key={key} withBorder padding="sm" radius="md">
              <Text size="sm" c="dimmed">
                {t(`subject.chapterCard.${key}`)}
              </Text>
              <Group justify="space-between" wrap="nowrap">
                <Text fz={22} fw={700} data-testid={`chapter-card-${key}`}>
                  {count}
                </Text>
                {s.chapterId !== null ? (
                  <CsvButton
                    href={chapterReportCsvUrl({ ...s, chapterId: s.chapterId }, key)}
                    isEmpty={count === 0}
                    size="compact-xs"
                    iconSize={14}
                    aria-label={t('subject.chapterReport', { card: t(`subject.chapterCard.${key}`) })}
                    data-testid={`chapter-report-${key}`}
                  >
                    {t('report.csv')}
                  </CsvButton>
                ) : null}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}

      <Card withBorder padding="md" radius="md">
        <Text fw={600} mb="sm" data-testid="subject-list-title">
          {listTitle}
        </Text>
        <LevelStudents s={s} level={data.level} isPace={isPace} />
      </Card>
    </Stack>
  );
}

function LevelStudents({
  s,
  level,
  isPace,
}: {
  s: SubjectScope;
  level: 'subject' | 'chapter' | 'topic';
  isPace: boolean;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const na = t('na');
  const paging = usePagedSearch();
  const query = useSubjectStudents(s, paging.search, paging.page);
  // An empty chapter or topic says 'No Data' (dashboards.md 4, 8), once, in place of the table.
  const noData =
    level === 'subject' ? undefined : (
      <Alert color="yellow" data-testid="no-data">
        {t('subject.noData')}
      </Alert>
    );
  // Over several schools names repeat: each row names its school.
  const school: Column<SubjectStudentRow>[] = query.data?.hasSeveralSchools
    ? [{ key: 'school', header: t('columns.school'), render: (r) => r.schoolName }]
    : [];
  const topicColumns: Column<SubjectStudentRow>[] = [
    { key: 'name', header: t('columns.fullName'), render: (r) => r.fullName },
    ...school,
    {
      key: 'le',
      header: t('columns.learningEfficiency'),
      render: (r) => displayPercent(r.learningEfficiency, na),
      align: 'right',
    },
    { key: 'time', header: t('columns.timeSpent'), render: (r) => formatDuration(r.timeSpentSeconds) },
    {
      key: 'action',
      header: t('columns.action'),
      render: (r) => <StudentActions studentId={r.studentId} grade={r.grade} table="topic" />,
    },
  ];
  const fullColumns: Column<SubjectStudentRow>[] = [
    { key: 'name', header: t('columns.fullName'), render: (r) => r.fullName },
    ...school,
    {
      key: 'grade',
      header: t('columns.grade'),
      render: (r) => (r.grade === null ? '—' : gradeLabel(r.grade, { isPace })),
    },
    {
      key: 'kw',
      header: t('columns.knowledgeWealth'),
      render: (r) => displayScore(r.knowledgeWealth, na),
      align: 'right',
    },
    { key: 'score', header: t('columns.score'), render: (r) => displayPercent(r.knowledgeWealth, na), align: 'right' },
    {
      key: 'ke',
      header: t('columns.knowledgeEfficiency'),
      render: (r) => displayPercent(r.knowledgeEfficiency, na),
      align: 'right',
    },
    {
      key: 'le',
      header: t('columns.learningEfficiency'),
      render: (r) => displayPercent(r.learningEfficiency, na),
      align: 'right',
    },
    {
      key: 'chapters',
      header: t('columns.chaptersCompleted'),
      render: (r) => r.chaptersCompleted ?? 0,
      align: 'right',
    },
    { key: 'time', header: t('columns.timeSpent'), render: (r) => formatDuration(r.timeSpentSeconds) },
    { key: 'chapter', header: t('columns.lastChapter'), render: (r) => r.lastChapter ?? 'NA' },
    { key: 'topic', header: t('columns.lastTopic'), render: (r) => r.lastTopic ?? 'NA' },
    {
      key: 'date',
      header: t('columns.lastDate'),
      render: (r) => (r.lastPlayedAt ? formatDate(r.lastPlayedAt, i18n.resolvedLanguage, r.timeZone) : 'NA'),
    },
    {
      key: 'action',
      header: t('columns.action'),
      render: (r) => <StudentActions studentId={r.studentId} grade={r.grade} />,
    },
  ];
  return (
    <PagedTable
      paging={paging}
      query={query}
      csvHref={subjectStudentsCsvUrl(s, paging.search)}
      columns={level === 'topic' ? topicColumns : fullColumns}
      rowKey={(r) => r.studentId}
      testId="subject-report"
      empty={noData}
    />
  );
}
