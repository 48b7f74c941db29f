// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SchoolParentRequestsResponse } from '@ki/contracts';
import enDashboard from '../../locales/en/dashboard.json';
import { stubMatchMedia } from '../../test-support/match-media';
import { ParentRequestsCard } from './parent-requests-card';

beforeAll(async () => {
  stubMatchMedia();
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { dashboard: enDashboard } }, interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const waiting: SchoolParentRequestsResponse = {
  schoolId: 4,
  requests: [
    {
      requestId: 21,
      name: 'Neel Shah',
      mobile: '+91 ••••••0003',
      status: 'pending',
      requestedBy: 'Tara Teacher',
      requestedAt: '2026-11-20T09:00:00.000Z',
      decidedBy: null,
      decidedAt: null,
      studentId: 57,
      studentName: 'Aarav Patil',
      grade: 7,
    },
  ],
};

function stubApi(answer: SchoolParentRequestsResponse) {
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
          <ParentRequestsCard schoolId={4} isPace={false} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('ParentRequestsCard: requests waiting for the principal, on the school dashboard', () => {
  it('lists each waiting request with who asked, and opens the student’s page to decide it', async () => {
    const urls = stubApi(waiting);
    show();
    expect(await screen.findByText('Neel Shah (+91 ••••••0003) for Aarav Patil, grade VII')).toBeTruthy();
    expect(urls).toEqual(['/api/v1/schools/4/parent-requests']);
    expect(screen.getByTestId('school-parent-requests-count').textContent).toBe('1');
    expect(screen.getByText(/Requested by Tara Teacher on/)).toBeTruthy();
    expect(screen.getByTestId('school-parent-request-open').getAttribute('href')).toBe(
      '/student-detail?studentId=57&grade=7&filter=day',
    );
  });

  it('shows nothing when no request is waiting', async () => {
    const urls = stubApi({ schoolId: 4, requests: [] });
    show();
    await vi.waitFor(() => expect(urls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('school-parent-requests')).toBeNull();
  });
});
