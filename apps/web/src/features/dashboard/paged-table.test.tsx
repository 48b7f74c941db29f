// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import enDashboard from '../../locales/en/dashboard.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMatchMedia } from '../../test-support/match-media';
import { stubResizeObserver } from '../../test-support/resize-observer';
import { PagedTable, type Column, type PagedSearch } from './paged-table';

interface Row {
  id: number;
  name: string;
}
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', render: (r) => r.name },
  { key: 'open', header: 'Action', render: (r) => <Link to={`/student-detail?studentId=${r.id}`}>View details</Link> },
];
const paging: PagedSearch = { search: '', page: 1, setPage: () => {}, apply: () => {}, reset: () => {} };

/** The query as React Query hands it over: `isPlaceholderData` while the next list loads behind the previous one. */
const query = (rows: Row[], isPlaceholderData: boolean) =>
  ({
    data: { total: rows.length, pageSize: 10, rows },
    isError: false,
    isPlaceholderData,
  }) as unknown as UseQueryResult<{
    total: number;
    pageSize: number;
    rows: Row[];
  }>;

function renderTable(isPlaceholderData: boolean) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <PagedTable
          paging={paging}
          query={query([{ id: 90, name: 'Rutuja Kale' }], isPlaceholderData)}
          csvHref="/api/v1/analytics/students.csv"
          columns={columns}
          rowKey={(r) => r.id}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
}

beforeAll(async () => {
  stubMatchMedia();
  stubResizeObserver();
  await initTestI18n({ dashboard: enDashboard });
});
afterEach(cleanup);

describe('PagedTable while the next list loads', () => {
  it('shows the loaded list as usable', () => {
    renderTable(false);
    const table = screen.getByTestId('report-table');
    expect(table.getAttribute('aria-busy')).toBe('false');
    expect(table.hasAttribute('inert')).toBe(false);
    expect(screen.getByRole('link', { name: 'View details' })).toBeTruthy();
  });

  it('keeps the previous grade’s rows on screen but busy and closed, so the wrong student cannot be opened', () => {
    renderTable(true);
    const table = screen.getByTestId('report-table');
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(table.hasAttribute('inert')).toBe(true);
    expect(table.hasAttribute('data-stale')).toBe(true);
    expect(screen.getByText('Rutuja Kale')).toBeTruthy();
  });
});
