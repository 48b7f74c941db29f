import { Alert, Anchor, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { displayPercent, displayScore, formatDuration, toRoman } from '@ki/domain';
import type { SubjectStudentRow } from '@ki/contracts';
import { formatDate } from '../../lib/format-date';
import { useMe } from '../../lib/session';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { chapterReportCsvUrl, subjectStudentsCsvUrl, useSubjectStudents, useSubjectSummary, type SubjectScope } from './api/subject';
import { PagedTable, usePagedSearch, type Column } from './paged-table';
import { StudentActions } from './student-actions';
import { useScope } from './use-scope';

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The subject summary (dashboards.md 2.7): counts, chapter-wise progress, chapter and topic
 * buttons, and the student list of the level chosen. The level lives in the address, so back and
 * reload keep it.
 */
export function SubjectDetailPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { data: me } = useMe();
  const { scope } = useScope();
  const [params, setParams] = useSearchParams();
  const summary = me?.abilities.subjectSummary;
  const subjectId = positive(params.get('subjectId')) ?? summary?.subjectId ?? null;
  const grade = positive(params.get('grade')) ?? scope.grade ?? summary?.grade ?? null;
  if (subjectId === null || grade === null) return <Alert color="yellow">{t('noData')}</Alert>;
  const s: SubjectScope = { schoolIds: scope.schoolIds, grade, subjectId, chapterId: positive(params.get('chapterId')), topicId: positive(params.get('topicId')) };
  const drill = (chapterId: number | null, topicId: number | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('subjectId', String(subjectId));
      next.set('grade', String(grade));
      for (const [key, value] of [['chapterId', chapterId], ['topicId', topicId]] as const) {
        if (value === null) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });
  return <SubjectDetail s={s} language={i18n.resolvedLanguage ?? 'en'} onDrill={drill} isTeacher={me?.abilities.dashboard === 'subject'} />;
}

function SubjectDetail({ s, language, onDrill, isTeacher }: { s: SubjectScope; language: string; onDrill: (c: number | null, t: number | null) => void; isTeacher: boolean }) {
  const { t } = useTranslation('dashboard');
  const summary = useSubjectSummary(s);
  if (summary.isPending) return <FullScreenLoader />;
  if (summary.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const data = summary.data;
  const subjectName = data.subject.names[language] ?? data.subject.names.en ?? data.subject.slug;
  const chapter = data.chapters.find((c) => c.chapterId === s.chapterId);
  const topic = data.topics.find((x) => x.topicId === s.topicId);
  const listTitle = topic ? t('subject.topicList', { name: topic.name }) : chapter ? t('subject.chapterList', { name: chapter.name }) : t('subject.subjectList', { name: subjectName });

  return (
    <Stack gap="md">
      {isTeacher ? null : (
        <Anchor component={Link} to={`/dashboard?grade=${s.grade}`} size="sm">
          ← {t('back')}
        </Anchor>
      )}
      <Title order={2} data-testid="subject-title">
        {t('subject.title', { name: subjectName })} · {toRoman(s.grade)}
      </Title>
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
          <Button size="xs" variant={s.chapterId === null ? 'filled' : 'default'} onClick={() => onDrill(null, null)} data-testid="drill-subject">
            {t('subject.allChapters')}
          </Button>
          {data.chapters.map((c) => (
            <Button key={c.chapterId} size="xs" variant={c.chapterId === s.chapterId ? 'filled' : 'default'} onClick={() => onDrill(c.chapterId, null)} data-testid={`drill-chapter-${c.chapterId}`}>
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
                <Button key={x.topicId} size="xs" variant={x.topicId === s.topicId ? 'filled' : 'light'} onClick={() => onDrill(s.chapterId, x.topicId)} data-testid={`drill-topic-${x.topicId}`}>
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
                  <Button
                    component="a"
                    href={chapterReportCsvUrl({ ...s, chapterId: s.chapterId }, key)}
                    size="compact-xs"
                    variant="light"
                    leftSection={<IconDownload size={14} />}
                    aria-label={t('subject.chapterReport', { card: t(`subject.chapterCard.${key}`) })}
                    data-testid={`chapter-report-${key}`}
                  >
                    {t('report.csv')}
                  </Button>
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
        <LevelStudents s={s} level={data.level} />
      </Card>
    </Stack>
  );
}

function LevelStudents({ s, level }: { s: SubjectScope; level: 'subject' | 'chapter' | 'topic' }) {
  const { t, i18n } = useTranslation('dashboard');
  const na = t('na');
  const paging = usePagedSearch();
  const query = useSubjectStudents(s, paging.search, paging.page);
  const empty = query.data?.total === 0 && !paging.search && level !== 'subject';
  // Over several schools names repeat: each row names its school.
  const school: Column<SubjectStudentRow>[] = query.data?.hasSeveralSchools ? [{ key: 'school', header: t('columns.school'), render: (r) => r.schoolName }] : [];
  const topicColumns: Column<SubjectStudentRow>[] = [
    { key: 'name', header: t('columns.fullName'), render: (r) => r.fullName },
    ...school,
    { key: 'le', header: t('columns.learningEfficiency'), render: (r) => displayPercent(r.learningEfficiency, na), align: 'right' },
    { key: 'time', header: t('columns.timeSpent'), render: (r) => formatDuration(r.timeSpentSeconds) },
    { key: 'action', header: t('columns.action'), render: (r) => <StudentActions studentId={r.studentId} grade={r.grade} table="topic" /> },
  ];
  const fullColumns: Column<SubjectStudentRow>[] = [
    { key: 'name', header: t('columns.fullName'), render: (r) => r.fullName },
    ...school,
    { key: 'grade', header: t('columns.grade'), render: (r) => (r.grade === null ? '—' : toRoman(r.grade)) },
    { key: 'kw', header: t('columns.knowledgeWealth'), render: (r) => displayScore(r.knowledgeWealth, na), align: 'right' },
    { key: 'score', header: t('columns.score'), render: (r) => displayPercent(r.knowledgeWealth, na), align: 'right' },
    { key: 'ke', header: t('columns.knowledgeEfficiency'), render: (r) => displayPercent(r.knowledgeEfficiency, na), align: 'right' },
    { key: 'le', header: t('columns.learningEfficiency'), render: (r) => displayPercent(r.learningEfficiency, na), align: 'right' },
    { key: 'chapters', header: t('columns.chaptersCompleted'), render: (r) => r.chaptersCompleted ?? 0, align: 'right' },
    { key: 'time', header: t('columns.timeSpent'), render: (r) => formatDuration(r.timeSpentSeconds) },
    { key: 'chapter', header: t('columns.lastChapter'), render: (r) => r.lastChapter ?? 'NA' },
    { key: 'topic', header: t('columns.lastTopic'), render: (r) => r.lastTopic ?? 'NA' },
    { key: 'date', header: t('columns.lastDate'), render: (r) => (r.lastPlayedAt ? formatDate(r.lastPlayedAt, i18n.resolvedLanguage, r.timeZone) : 'NA') },
    { key: 'action', header: t('columns.action'), render: (r) => <StudentActions studentId={r.studentId} grade={r.grade} /> },
  ];
  return (
    <Stack gap="sm">
      {empty ? (
        <Alert color="yellow" data-testid="no-data">
          {t('subject.noData')}
        </Alert>
      ) : null}
      <PagedTable
        paging={paging}
        query={query}
        csvHref={subjectStudentsCsvUrl(s, paging.search)}
        columns={level === 'topic' ? topicColumns : fullColumns}
        rowKey={(r) => r.studentId}
        testId="subject-report"
      />
    </Stack>
  );
}
