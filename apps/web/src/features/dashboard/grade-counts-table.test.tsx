// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import enDashboard from '../../locales/en/dashboard.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMatchMedia } from '../../test-support/match-media';
import { stubResizeObserver } from '../../test-support/resize-observer';
import { GradeCountsTable } from './grade-counts-table';

beforeAll(async () => {
  stubMatchMedia();
  stubResizeObserver();
  await initTestI18n({ dashboard: enDashboard });
});
afterEach(cleanup);

describe('GradeCountsTable (issue #29: the grade chart without a wall of buttons)', () => {
  it('links every non-zero active and inactive count to its list, named for screen readers', () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <GradeCountsTable
            rows={[
              { grade: 7, label: 'VII', active: 11, inactive: 5, averageScore: 61 },
              { grade: 12, label: '2019 Batch', active: 0, inactive: 9, averageScore: 0 },
            ]}
            hrefFor={(kind, grade) => `/student-list?category=${kind}&grade=${grade}`}
          />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('link', { name: 'Active Students of Grade - VII: 11' }).getAttribute('href')).toBe(
      '/student-list?category=active&grade=7',
    );
    expect(screen.getByRole('link', { name: 'Inactive Students of Grade - 2019 Batch: 9' })).toBeTruthy();
    // No one to list: the 0 is text, and a grade with no active student has no average.
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(screen.getByRole('columnheader', { name: '2019 Batch' })).toBeTruthy();
    expect(screen.getAllByRole('row').at(-1)?.textContent).toBe('Average score (%)61NA');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
