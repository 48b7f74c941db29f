import { Alert, Button, Group, Pagination, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDownload, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { displayPercent, displayScore, formatDuration } from '@ki/domain';
import { formatDate } from '../../lib/format-date';
import { studentsCsvUrl, useStudents, type Scope, type StudentsParams } from './api/analytics';
import { pageWindow } from './overview-chart-data';

/**
 * The Students Report (dashboards.md 2.3): name search, reset, CSV of the same list, 10 a page with
 * at most 4 page numbers (no pager with one page). Searching and resetting go back to page 1.
 */
export function StudentsReport({ scope, filter, showSchool }: { scope: Scope; filter: Omit<StudentsParams, 'page' | 'search'>; showSchool: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const students = useStudents(scope, { ...filter, search, page });
  const pageCount = students.data ? Math.ceil(students.data.total / students.data.pageSize) : 0;
  const window = pageWindow(page, pageCount);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(text.trim());
    setPage(1);
  }

  return (
    <Stack gap="sm">
      <form onSubmit={submit}>
        <Group gap="xs" wrap="wrap">
          <TextInput
            aria-label={t('report.searchLabel')}
            placeholder={t('report.searchPlaceholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={60}
            w={220}
            data-testid="report-search"
          />
          <Button type="submit" leftSection={<IconSearch size={16} />} data-testid="report-search-button">
            {t('report.search')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => {
              setText('');
              setSearch('');
              setPage(1);
            }}
            data-testid="report-reset"
          >
            {t('report.reset')}
          </Button>
          <Button component="a" href={studentsCsvUrl(scope, { ...filter, search })} variant="light" leftSection={<IconDownload size={16} />} data-testid="report-csv">
            {t('report.csv')}
          </Button>
        </Group>
      </form>
      {students.isError ? <Alert color="red">{t('loadFailed')}</Alert> : null}
      {students.data && students.data.total === 0 ? (
        <Text c="dimmed" data-testid="report-empty">
          {search ? t('report.noUser') : t('report.empty')}
        </Text>
      ) : null}
      {students.data && students.data.total > 0 ? (
        <ScrollArea>
          <Table striped highlightOnHover miw={760} data-testid="report-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.fullName')}</Table.Th>
                <Table.Th>{t('columns.grade')}</Table.Th>
                {showSchool ? <Table.Th>{t('columns.school')}</Table.Th> : null}
                <Table.Th ta="right">{t('columns.knowledgeWealth')}</Table.Th>
                <Table.Th ta="right">{t('columns.knowledgeEfficiency')}</Table.Th>
                <Table.Th ta="right">{t('columns.learningEfficiency')}</Table.Th>
                <Table.Th ta="right">{t('columns.knowledgeCurrency')}</Table.Th>
                <Table.Th ta="right">{t('columns.learningCurrency')}</Table.Th>
                <Table.Th ta="right">{t('columns.chaptersCompleted')}</Table.Th>
                <Table.Th>{t('columns.timeSpent')}</Table.Th>
                <Table.Th>{t('columns.lastPlayed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {students.data.rows.map((r) => (
                <Table.Tr key={r.studentId} data-testid="report-row">
                  <Table.Td>{r.fullName}</Table.Td>
                  <Table.Td>{r.grade ?? '—'}</Table.Td>
                  {showSchool ? <Table.Td>{r.schoolName}</Table.Td> : null}
                  <Table.Td ta="right">{displayScore(r.totalScore)}</Table.Td>
                  <Table.Td ta="right">{displayPercent(r.knowledgeEfficiency)}</Table.Td>
                  <Table.Td ta="right">{displayPercent(r.learningEfficiency)}</Table.Td>
                  <Table.Td ta="right">{r.knowledgeCurrency}</Table.Td>
                  <Table.Td ta="right">{r.learningCurrency}</Table.Td>
                  <Table.Td ta="right">{r.chaptersCompleted}</Table.Td>
                  <Table.Td>{formatDuration(r.timeSpentSeconds)}</Table.Td>
                  <Table.Td>
                    {r.lastPlayedAt ? (
                      <Text size="sm">
                        {formatDate(r.lastPlayedAt, i18n.resolvedLanguage)}
                        {r.lastChapter ? ` · ${r.lastChapter}` : ''}
                        {r.lastTopic ? ` · ${r.lastTopic}` : ''}
                      </Text>
                    ) : (
                      'NA'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      ) : null}
      {window.length > 0 ? (
        <Group gap={4} data-testid="report-pager" aria-label={t('report.pages')}>
          <Pagination.Root total={pageCount} value={page} onChange={setPage}>
            <Group gap={4}>
              <Pagination.Previous />
              {window.map((n) => (
                <Button key={n} size="compact-sm" variant={n === page ? 'filled' : 'default'} onClick={() => setPage(n)} aria-current={n === page ? 'page' : undefined}>
                  {n}
                </Button>
              ))}
              <Pagination.Next />
            </Group>
          </Pagination.Root>
          <Text size="xs" c="dimmed">
            {t('report.total', { count: students.data?.total ?? 0 })}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
