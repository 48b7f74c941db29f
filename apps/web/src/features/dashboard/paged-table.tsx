import { Alert, Button, Group, Pagination, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { positiveParam, useUrlState } from '../../lib/url-state';
import { CsvButton } from './csv-button';
import { pageWindow } from './overview-chart-data';
import './paged-table.css';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
}

interface Page<T> {
  total: number;
  pageSize: number;
  rows: T[];
}

/**
 * Search text and page of a table, in the address (?q=Aarav&page=2) so Back and a reload keep
 * them: searching and resetting go back to page 1. A screen shows one such table at a time.
 */
export function usePagedSearch() {
  const { params, setView } = useUrlState();
  return {
    search: params.get('q')?.trim() ?? '',
    page: positiveParam(params, 'page') ?? 1,
    setPage: (page: number) => setView({ page: page > 1 ? page : null }),
    apply: (text: string) => setView({ q: text.trim() || null, page: null }),
    reset: () => setView({ q: null, page: null }),
  };
}
export type PagedSearch = ReturnType<typeof usePagedSearch>;

/**
 * A student table as the dashboards use it (dashboards.md 2.3, 2.7, 4): name search, reset, CSV of
 * the same list, 10 a page with at most 4 page numbers and no pager for one page. Searching and
 * resetting go back to page 1.
 */
export function PagedTable<T>(props: {
  paging: PagedSearch;
  query: UseQueryResult<Page<T>>;
  csvHref: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  testId?: string;
  /** False for lists without a name search (the super-admin's student list, dashboards.md 2.8). */
  searchable?: boolean;
  /** What an empty list says when no search is on, instead of the default text (one message, not two). */
  empty?: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const { query, paging } = props;
  const { search, page, setPage } = paging;
  // The box shows the search in force (after Back, a reload, or a reset elsewhere) until edited.
  const [text, setText] = useState(search);
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    setText(search);
  }
  const pageCount = query.data ? Math.ceil(query.data.total / query.data.pageSize) : 0;
  const window = pageWindow(page, pageCount);
  const id = props.testId ?? 'report';
  const searchable = props.searchable ?? true;
  const isEmpty = query.data?.total === 0;
  const stale = query.isPlaceholderData;
  const csv = (
    <CsvButton href={props.csvHref} isEmpty={isEmpty} data-testid={`${id}-csv`}>
      {t('report.csv')}
    </CsvButton>
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    paging.apply(text);
  }

  return (
    <Stack gap="sm">
      {searchable ? (
        <form onSubmit={submit}>
          <Group gap="xs" wrap="wrap">
            <TextInput
              aria-label={t('report.searchLabel')}
              placeholder={t('report.searchPlaceholder')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              maxLength={60}
              w={220}
              data-testid={`${id}-search`}
            />
            <Button type="submit" leftSection={<IconSearch size={16} />} data-testid={`${id}-search-button`}>
              {t('report.search')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => {
                setText('');
                paging.reset();
              }}
              data-testid={`${id}-reset`}
            >
              {t('report.reset')}
            </Button>
            {csv}
          </Group>
        </form>
      ) : (
        <Group gap="xs">{csv}</Group>
      )}
      {query.isError ? <Alert color="red">{t('loadFailed')}</Alert> : null}
      {isEmpty ? (
        !search && props.empty ? (
          props.empty
        ) : (
          <Text c="dimmed" data-testid={`${id}-empty`}>
            {search ? t('report.noUser') : t('report.empty')}
          </Text>
        )
      ) : null}
      {query.data && query.data.total > 0 ? (
        // A table wider than a phone scrolls sideways: the region takes keyboard focus so it can be scrolled without a mouse.
        <ScrollArea viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('report.table') }}>
          {/* While another grade, search or page loads, the rows on screen are the previous list's:
              they are dimmed, announced as busy and cannot be opened, so nobody opens the wrong student. */}
          <Table
            striped
            highlightOnHover
            miw={640}
            className="ki-paged-table"
            data-testid={`${id}-table`}
            aria-busy={stale}
            inert={stale}
            data-stale={stale || undefined}
          >
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((c) => (
                  <Table.Th key={c.key} ta={c.align ?? 'left'}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.rows.map((row) => (
                <Table.Tr key={props.rowKey(row)} data-testid={`${id}-row`}>
                  {props.columns.map((c) => (
                    <Table.Td key={c.key} ta={c.align ?? 'left'}>
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      ) : null}
      {window.length > 0 ? (
        <Group gap={4} data-testid={`${id}-pager`} aria-label={t('report.pages')}>
          <Pagination.Root total={pageCount} value={page} onChange={setPage}>
            <Group gap={4}>
              <Pagination.Previous aria-label={t('common:pager.previous')} />
              {window.map((n) => (
                <Button
                  key={n}
                  size="compact-sm"
                  variant={n === page ? 'filled' : 'default'}
                  onClick={() => setPage(n)}
                  aria-current={n === page ? 'page' : undefined}
                >
                  {n}
                </Button>
              ))}
              <Pagination.Next aria-label={t('common:pager.next')} />
            </Group>
          </Pagination.Root>
          <Text size="xs" c="dimmed">
            {t('report.total', { count: query.data?.total ?? 0 })}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
