import { BarChart } from '@mantine/charts';
import { ActionIcon, Badge, Card, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudentSubjectResponse } from '@ki/contracts';
import { displayPercent, displayScore, displaySeconds, formatDuration } from '@ki/domain';
import { formatDateTime } from '../../lib/format-date';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useStudentSubject } from './api/get-student-subject';
import { GradeLegend } from './grade-legend';

/**
 * A subject's analysis for one student (dashboards.md 2.2): efficiencies over their denominators,
 * total score, accuracy against the global average, chapters with their topics, best and fastest
 * chapters, and where the student stands. Scrolls itself into view when it loads.
 */
export function SubjectAnalysis({
  studentId,
  subjectId,
  timeZone,
}: {
  studentId: number;
  subjectId: number;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation('student');
  const na = t('na');
  const subject = useStudentSubject(studentId, subjectId);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (subject.data) ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [subject.data]);
  if (subject.isError) return null;
  if (!subject.data) return <FullScreenLoader />;
  const s = subject.data;
  const isAboveAverage = s.accuracy !== null && s.globalAccuracy !== null && s.accuracy >= s.globalAccuracy;
  return (
    <Paper withBorder p="md" radius="md" ref={ref} data-testid="subject-analysis">
      <Title order={3} mb="sm">
        {t('subject.title', { subject: s.subjectName })}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }} mb="md">
        <Card withBorder radius="md">
          <Text size="sm" c="dimmed">
            {t('subject.knowledgeEfficiency')}
          </Text>
          <Text fz={22} fw={700} data-testid="subject-ke">
            {displayPercent(s.knowledgeEfficiency)}%
          </Text>
          <Text size="xs" c="dimmed">
            {t('subject.chaptersCompleted', { completed: s.completedChapters, total: s.totalChapters })}
          </Text>
        </Card>
        <Card withBorder radius="md">
          <Text size="sm" c="dimmed">
            {t('subject.learningEfficiency')}
          </Text>
          <Text fz={22} fw={700} data-testid="subject-le">
            {displayPercent(s.learningEfficiency)}%
          </Text>
          <Text size="xs" c="dimmed">
            {t('subject.topicsCompleted', { completed: s.completedTopics, total: s.totalTopics })}
          </Text>
        </Card>
        <Card withBorder radius="md">
          <Text size="sm" c="dimmed">
            {t('subject.totalScore')}
          </Text>
          <Text fz={22} fw={700} data-testid="subject-score">
            {displayScore(s.totalScore, na)}
          </Text>
        </Card>
        <Card withBorder radius="md">
          <Text size="sm" c="dimmed">
            {t('subject.accuracy')}
          </Text>
          <Text
            fz={22}
            fw={700}
            c={s.accuracy === null ? undefined : isAboveAverage ? 'teal.7' : 'red.7'}
            data-testid="subject-accuracy"
          >
            {s.accuracy === null ? na : `${displayPercent(s.accuracy)}%`}
          </Text>
          <Text size="xs" c="dimmed">
            {t('subject.globalAverage', { value: displayPercent(s.globalAccuracy, na) })}
          </Text>
        </Card>
      </SimpleGrid>
      <ChapterTable chapters={s.chapters} />
      <GradeLegend />
      <SimpleGrid cols={{ base: 1, md: 3 }} mt="md">
        <Performance title={t('subject.best')} testId="best-performance" empty={s.bestPerformance.length === 0}>
          {s.bestPerformance.map((b) => (
            <div key={b.chapterName}>
              <Text size="sm" fw={600}>
                {b.chapterName}
              </Text>
              <Text size="xs" c="dimmed" data-testid="best-figures">
                {t('subject.bestValue', {
                  value: displayPercent(b.knowledgeEfficiency),
                  average: displayPercent(b.globalAverage),
                })}
              </Text>
            </div>
          ))}
        </Performance>
        <Performance
          title={t('subject.fastest')}
          testId="fastest-performance"
          empty={s.fastestPerformance.length === 0}
        >
          {s.fastestPerformance.map((f) => (
            <div key={f.chapterName}>
              <Text size="sm" fw={600}>
                {f.chapterName}
              </Text>
              <Text size="xs" c="dimmed" data-testid="fastest-figures">
                {t('subject.fastestValue', {
                  seconds: displaySeconds(f.avgSecondsPerQuestion),
                  accuracy: displayPercent(f.accuracy),
                  questions: f.questionsAttempted,
                })}
              </Text>
            </div>
          ))}
        </Performance>
        <Performance title={t('subject.stands')} testId="where-stands" empty={false}>
          <Text size="xs" c="dimmed">
            {t('subject.standsHint')}
          </Text>
          <BarChart
            h={160}
            data={s.whereStudentStands.bands.map((b) => ({ band: b.band, students: b.students }))}
            dataKey="band"
            series={[{ name: 'students', label: t('subject.students'), color: 'indigo.5' }]}
            tickLine="none"
          />
          {s.whereStudentStands.studentBand !== null ? (
            <Text size="sm">
              {t('subject.studentBand', {
                band: s.whereStudentStands.bands[s.whereStudentStands.studentBand]?.band ?? '',
              })}
            </Text>
          ) : null}
        </Performance>
      </SimpleGrid>
      {s.globalAveragesAt ? (
        <Text size="xs" c="dimmed" mt="sm">
          {t('subject.asOf', { time: formatDateTime(s.globalAveragesAt, i18n.language, timeZone) })}
        </Text>
      ) : null}
    </Paper>
  );
}

function Performance({
  title,
  testId,
  empty,
  children,
}: {
  title: string;
  testId: string;
  empty: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('student');
  return (
    <Card withBorder radius="md" data-testid={testId}>
      <Text fw={600} mb="xs">
        {title}
      </Text>
      <Stack gap={6}>
        {empty ? (
          <Text size="sm" c="dimmed">
            {t('empty')}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}

function ChapterTable({ chapters }: { chapters: StudentSubjectResponse['chapters'] }) {
  const { t } = useTranslation('student');
  const na = t('na');
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const pct = (v: number | null) => displayPercent(v, na);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped fz="sm" data-testid="chapter-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>{t('subject.chapter')}</Table.Th>
            <Table.Th>{t('subject.grade')}</Table.Th>
            <Table.Th>{t('subject.islands')}</Table.Th>
            <Table.Th>{t('subject.knowledgeEfficiencyCol')}</Table.Th>
            <Table.Th>{t('subject.accuracyCol')}</Table.Th>
            <Table.Th>{t('subject.globalAccuracyCol')}</Table.Th>
            <Table.Th>{t('subject.knowledgeCurrency')}</Table.Th>
            <Table.Th>{t('subject.learningCurrency')}</Table.Th>
            <Table.Th>{t('subject.timeSpent')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {chapters.map((c) => (
            <Fragment key={c.chapterId}>
              <Table.Tr>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    onClick={() => toggle(c.chapterId)}
                    aria-expanded={open.has(c.chapterId)}
                    aria-label={t('subject.showTopics', { chapter: c.chapterName })}
                  >
                    {open.has(c.chapterId) ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                  </ActionIcon>
                </Table.Td>
                <Table.Td>{c.chapterName}</Table.Td>
                <Table.Td>{c.grade ? <Badge variant="light">{c.grade}</Badge> : na}</Table.Td>
                <Table.Td>
                  {c.topicsCompleted} / {c.islands}
                </Table.Td>
                <Table.Td>{pct(c.knowledgeEfficiency)}</Table.Td>
                <Table.Td>{pct(c.accuracy)}</Table.Td>
                <Table.Td>{pct(c.globalAccuracy)}</Table.Td>
                <Table.Td>{c.knowledgeCurrency}</Table.Td>
                <Table.Td>{c.learningCurrency}</Table.Td>
                <Table.Td>{formatDuration(c.timeSpent)}</Table.Td>
              </Table.Tr>
              {open.has(c.chapterId) ? (
                <Table.Tr>
                  <Table.Td />
                  <Table.Td colSpan={9} p={0} pb="xs">
                    <TopicTable chapterName={c.chapterName} topics={c.topics} />
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A chapter's topics, under their own headers: topics have other figures than chapters (learning
 * efficiency, seconds per question), so they do not borrow the chapter columns.
 */
function TopicTable({
  chapterName,
  topics,
}: {
  chapterName: string;
  topics: StudentSubjectResponse['chapters'][number]['topics'];
}) {
  const { t } = useTranslation('student');
  const na = t('na');
  const pct = (v: number | null) => displayPercent(v, na);
  return (
    <Table
      fz="sm"
      bg="var(--mantine-color-default-hover)"
      aria-label={t('subject.topicsOf', { chapter: chapterName })}
      data-testid="topic-table"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('subject.topic')}</Table.Th>
          <Table.Th>{t('subject.grade')}</Table.Th>
          <Table.Th>{t('subject.learningEfficiencyCol')}</Table.Th>
          <Table.Th>{t('subject.accuracyCol')}</Table.Th>
          <Table.Th>{t('subject.avgTime')}</Table.Th>
          <Table.Th>{t('subject.learningCurrency')}</Table.Th>
          <Table.Th>{t('subject.timeSpent')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {topics.map((tp) => (
          <Table.Tr key={tp.topicId} data-testid="topic-row">
            <Table.Td>{tp.topicName}</Table.Td>
            <Table.Td>{tp.grade ? <Badge variant="outline">{tp.grade}</Badge> : na}</Table.Td>
            <Table.Td>{pct(tp.learningEfficiency)}</Table.Td>
            <Table.Td>{pct(tp.accuracy)}</Table.Td>
            <Table.Td>
              {tp.avgSecondsPerQuestion === null
                ? na
                : t('subject.seconds', { value: displaySeconds(tp.avgSecondsPerQuestion) })}
            </Table.Td>
            <Table.Td>{tp.learningCurrency}</Table.Td>
            <Table.Td>{formatDuration(tp.timeSpent)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
