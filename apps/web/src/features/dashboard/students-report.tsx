import { Group, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { displayPercent, displayScore, formatDuration, gradeLabel } from '@ki/domain';
import type { StudentListVariant, StudentListView, StudentRow } from '@ki/contracts';
import { formatDate } from '../../lib/format-date';
import { studentsCsvUrl, useStudents, type Scope, type StudentsParams } from './api/analytics';
import { PagedTable, usePagedSearch, type Column } from './paged-table';
import { StudentActions } from './student-actions';

/** A column header with the coin image of the currencies (dashboards.md 2.8, 9: 50 high): coins, not money, so no currency sign. */
function CoinHeader({ label, color }: { label: string; color: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <IconCoins size={50} color={color} aria-hidden="true" />
      <span>{label}</span>
    </Group>
  );
}

/**
 * The Students Report of a grade and the student lists behind the cards and bars: the column set
 * follows how the list was opened (dashboards.md 2.8), as the server answered it. A list over
 * several schools names each student's school (names repeat across schools); dates are calendar
 * days of each student's school.
 */
export function StudentsReport({
  scope,
  filter,
  view = 'report',
  isPace = false,
}: {
  scope: Scope;
  filter: Omit<StudentsParams, 'page' | 'search' | 'view'>;
  view?: StudentListView;
  /** Grades 11 and 12 of pace schools read as batches (dashboards.md 2.3). */
  isPace?: boolean;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const na = t('na');
  const paging = usePagedSearch();
  const query = useStudents(scope, { ...filter, view, search: paging.search, page: paging.page });
  const variant: StudentListVariant = query.data?.variant ?? view;
  // Every screen names grades alike: roman numerals, batches for pace schools' 11 and 12.
  const grade = (r: StudentRow) => (r.grade === null ? '—' : gradeLabel(r.grade, { isPace }));
  const showSchool = query.data?.hasSeveralSchools ?? false;
  const date = (r: StudentRow) => (r.lastPlayedAt ? formatDate(r.lastPlayedAt, i18n.resolvedLanguage, r.timeZone) : na);
  const c = {
    fullName: { key: 'name', header: t('columns.fullName'), render: (r: StudentRow) => r.fullName },
    name: { key: 'name', header: t('columns.name'), render: (r: StudentRow) => r.fullName },
    userName: { key: 'name', header: t('columns.userName'), render: (r: StudentRow) => r.fullName },
    userId: { key: 'id', header: t('columns.userId'), render: (r: StudentRow) => r.studentId },
    gradeRoman: { key: 'grade', header: t('columns.gradeShort'), render: grade },
    school: { key: 'school', header: t('columns.school'), render: (r: StudentRow) => r.schoolName },
    board: { key: 'board', header: t('columns.boardName'), render: (r: StudentRow) => r.boardName ?? 'NA' },
    email: { key: 'email', header: t('columns.userEmail'), render: (r: StudentRow) => r.email ?? 'NA' },
    kw: {
      key: 'kw',
      header: t('columns.knowledgeWealth'),
      render: (r: StudentRow) => displayScore(r.totalScore, na),
      align: 'right' as const,
    },
    kcCoin: {
      key: 'kc',
      header: <CoinHeader label={t('columns.knowledgeCurrency')} color="#f59f00" />,
      render: (r: StudentRow) => r.knowledgeCurrency,
      align: 'right' as const,
    },
    lcCoin: {
      key: 'lc',
      header: <CoinHeader label={t('columns.learningCurrency')} color="#fab005" />,
      render: (r: StudentRow) => r.learningCurrency,
      align: 'right' as const,
    },
    kc: {
      key: 'kc',
      header: t('columns.knowledgeCurrency'),
      render: (r: StudentRow) => r.knowledgeCurrency,
      align: 'right' as const,
    },
    lc: {
      key: 'lc',
      header: t('columns.learningCurrency'),
      render: (r: StudentRow) => r.learningCurrency,
      align: 'right' as const,
    },
    time: {
      key: 'time',
      header: t('columns.timeSpent'),
      render: (r: StudentRow) => formatDuration(r.timeSpentSeconds),
    },
    lastChapter: {
      key: 'lastChapter',
      header: t('columns.lastChapter'),
      render: (r: StudentRow) => r.lastChapter ?? 'NA',
    },
    lastTopic: { key: 'lastTopic', header: t('columns.lastTopic'), render: (r: StudentRow) => r.lastTopic ?? 'NA' },
    lastDate: { key: 'lastDate', header: t('columns.lastDate'), render: date },
    action: {
      key: 'action',
      header: t('columns.action'),
      render: (r: StudentRow) => <StudentActions studentId={r.studentId} grade={r.grade} />,
    },
  } satisfies Record<string, Column<StudentRow>>;

  const report: Column<StudentRow>[] = [
    c.fullName,
    { key: 'grade', header: t('columns.grade'), render: grade },
    ...(showSchool ? [c.school] : []),
    c.kw,
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
    c.kc,
    c.lc,
    { key: 'chapters', header: t('columns.chaptersCompleted'), render: (r) => r.chaptersCompleted, align: 'right' },
    c.time,
    {
      key: 'last',
      header: t('columns.lastPlayed'),
      render: (r) =>
        r.lastPlayedAt ? (
          // The day on its own line; the chapter and topic under it on one line, cut short with the
          // whole text on hover, so a long topic name does not make every row four lines tall.
          <div style={{ maxWidth: 240 }}>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {date(r)}
            </Text>
            {r.lastChapter || r.lastTopic ? (
              <Text
                size="xs"
                c="dimmed"
                truncate="end"
                title={[r.lastChapter, r.lastTopic].filter(Boolean).join(' · ')}
              >
                {[r.lastChapter, r.lastTopic].filter(Boolean).join(' · ')}
              </Text>
            ) : null}
          </div>
        ) : (
          'NA'
        ),
    },
    c.action,
  ];
  const columns: Record<StudentListVariant, Column<StudentRow>[]> = {
    report,
    card: [c.name, c.gradeRoman, c.school, c.board],
    simplebar: [c.fullName, ...(showSchool ? [c.school] : []), c.kw, c.kcCoin, c.lcCoin, c.time, c.action],
    // User Email is hidden for active students.
    mixbar: [c.userId, c.userName, c.gradeRoman, c.school, c.board, ...(filter.category === 'active' ? [] : [c.email])],
    // The super-admin student row (dashboards.md 3): a fixed set, no search; View details added so
    // that a super-admin can open a student of their chain (issue #29).
    superadmin: [
      c.fullName,
      c.kw,
      c.kc,
      c.lc,
      c.time,
      c.lastChapter,
      c.lastTopic,
      c.lastDate,
      c.gradeRoman,
      c.school,
      c.board,
      c.action,
    ],
  };
  return (
    <PagedTable
      paging={paging}
      query={query}
      csvHref={studentsCsvUrl(scope, { ...filter, search: paging.search })}
      columns={columns[variant]}
      rowKey={(r) => r.studentId}
      searchable={variant !== 'superadmin'}
      testId={view === 'report' ? 'report' : `list-${variant}`}
    />
  );
}
