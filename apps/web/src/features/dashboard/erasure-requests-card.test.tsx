// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SchoolErasureRequests } from '@ki/contracts';
import enDashboard from '../../locales/en/dashboard.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { ErasureRequestsCard } from './erasure-requests-card';

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ dashboard: enDashboard }, 'en', 'dashboard');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (r: Partial<SchoolErasureRequests['requests'][number]>): SchoolErasureRequests['requests'][number] => ({
  id: 31,
  status: 'pending',
  requestedAt: '2026-11-20T09:00:00.000Z',
  requestedBy: 'Sunita Patil',
  reason: 'We are moving to another school.',
  decidedAt: null,
  note: '',
  studentId: 57,
  studentName: 'Isha Patil',
  grade: 7,
  ...r,
});

function stubApi(answer: SchoolErasureRequests) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return urls;
}

const show = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ErasureRequestsCard schoolId={4} isPace={false} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('ErasureRequestsCard: parents’ erasure requests waiting for the principal', () => {
  it('lists each request with its grade, date and reason; the name opens the student’s page', async () => {
    const urls = stubApi({
      schoolId: 4,
      requests: [row({}), row({ id: 32, studentId: 58, studentName: 'Rohan Kulkarni', grade: null, reason: '' })],
    });
    show();
    const [isha, rohan] = await screen.findAllByTestId('school-erasure-request');
    expect(urls).toEqual(['/api/v1/schools/4/erasure-requests']);
    expect(screen.getByTestId('school-erasure-requests-count').textContent).toBe('2');
    const open = within(isha!).getByRole('link', { name: 'Isha Patil' });
    expect(open.getAttribute('href')).toBe('/student-detail?studentId=57&grade=7&filter=day');
    expect(within(isha!).getByText('Grade VII · asked on 20 Nov 2026')).toBeTruthy();
    expect(within(isha!).getByText('Reason: We are moving to another school.')).toBeTruthy();
    expect(within(rohan!).getByText('No grade yet · asked on 20 Nov 2026')).toBeTruthy();
    expect(within(rohan!).queryByTestId('school-erasure-request-reason')).toBeNull();
  });

  it('shows nothing when no request is waiting', async () => {
    const urls = stubApi({ schoolId: 4, requests: [] });
    show();
    await vi.waitFor(() => expect(urls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('school-erasure-requests')).toBeNull();
  });
});
