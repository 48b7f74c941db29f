import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayPercent, displayScore, formatDuration } from '@ki/domain';
import type { StudentRow } from '@ki/contracts';
import { formatDate } from '../../lib/format-date';
import { studentsCsvUrl, useStudents, type Scope, type StudentsParams } from './api/analytics';
import { PagedTable, usePagedSearch, type Column } from './paged-table';
import { StudentActions } from './student-actions';

/** The Students Report of a grade and the student lists behind the cards and bars. */
export function StudentsReport({ scope, filter, showSchool }: { scope: Scope; filter: Omit<StudentsParams, 'page' | 'search'>; showSchool: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const columns: Column<StudentRow>[] = [
    { key: 'name', header: t('columns.fullName'), render: (r) => r.fullName },
    { key: 'grade', header: t('columns.grade'), render: (r) => r.grade ?? '—' },
    ...(showSchool ? [{ key: 'school', header: t('columns.school'), render: (r: StudentRow) => r.schoolName }] : []),
    { key: 'kw', header: t('columns.knowledgeWealth'), render: (r) => displayScore(r.totalScore), align: 'right' },
    { key: 'ke', header: t('columns.knowledgeEfficiency'), render: (r) => displayPercent(r.knowledgeEfficiency), align: 'right' },
    { key: 'le', header: t('columns.learningEfficiency'), render: (r) => displayPercent(r.learningEfficiency), align: 'right' },
    { key: 'kc', header: t('columns.knowledgeCurrency'), render: (r) => r.knowledgeCurrency, align: 'right' },
    { key: 'lc', header: t('columns.learningCurrency'), render: (r) => r.learningCurrency, align: 'right' },
    { key: 'chapters', header: t('columns.chaptersCompleted'), render: (r) => r.chaptersCompleted, align: 'right' },
    { key: 'time', header: t('columns.timeSpent'), render: (r) => formatDuration(r.timeSpentSeconds) },
    {
      key: 'last',
      header: t('columns.lastPlayed'),
      render: (r) =>
        r.lastPlayedAt ? (
          <Text size="sm">
            {formatDate(r.lastPlayedAt, i18n.resolvedLanguage)}
            {r.lastChapter ? ` · ${r.lastChapter}` : ''}
            {r.lastTopic ? ` · ${r.lastTopic}` : ''}
          </Text>
        ) : (
          'NA'
        ),
    },
    { key: 'action', header: t('columns.action'), render: (r) => <StudentActions studentId={r.studentId} grade={r.grade} /> },
  ];
  const paging = usePagedSearch();
  const query = useStudents(scope, { ...filter, search: paging.search, page: paging.page });
  return (
    <PagedTable
      paging={paging}
      query={query}
      csvHref={studentsCsvUrl(scope, { ...filter, search: paging.search })}
      columns={columns}
      rowKey={(r) => r.studentId}
    />
  );
}
