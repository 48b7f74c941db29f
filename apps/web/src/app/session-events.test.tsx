// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '@ki/contracts';
import enCommon from '../locales/en/common.json';
import { api } from '../lib/api-client';
import { initTestI18n } from '../test-support/i18n';
import { SessionEvents } from './session-events';

// The agents beside the events have their own tests; here they stand aside.
vi.mock('./records-sync-agent', () => ({ RecordsSyncAgent: () => null }));
vi.mock('./language-agent', () => ({ LanguageAgent: () => null }));

beforeAll(() => initTestI18n({ common: enCommon }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const student = (status: 'active' | 'none'): MeResponse =>
  ({
    user: { id: 18, role: 'student' },
    home: '/concepts',
    abilities: { learn: true },
    plan: { status, endsAt: '2026-11-26T06:00:00.000Z' },
  }) as unknown as MeResponse;

describe('a plan that ends mid-session', () => {
  it('sends the student to /plans when the server answers PLAN_REQUIRED, and asks for the session again', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        if (url === '/api/v1/me') return new Response(JSON.stringify(student('none')), { status: 200 });
        return new Response(JSON.stringify({ code: 'PLAN_REQUIRED', message: 'A plan is required' }), { status: 402 });
      }),
    );
    const client = new QueryClient();
    client.setQueryData(['me'], student('active'));
    const router = createMemoryRouter(
      [
        {
          element: <SessionEvents />,
          children: [
            { path: '/science/chapters', element: <p data-testid="page">chapters</p> },
            { path: '/plans', element: <p data-testid="page">plans</p> },
          ],
        },
      ],
      { initialEntries: ['/concepts', '/science/chapters'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('page')).textContent).toBe('chapters');

    await act(() => api.get('/learn/subjects/science').catch(() => undefined));
    await waitFor(() => expect(screen.getByTestId('page').textContent).toBe('plans'));
    // In place of the page that was refused: Back does not return to it.
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(client.getQueryData<MeResponse>(['me'])?.plan?.status).toBe('none'));
    expect(asked).toContain('/api/v1/me');
  });

  it('leaves other refusals to the screen that asked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 'FORBIDDEN', message: 'no' }), { status: 403 })),
    );
    const client = new QueryClient();
    client.setQueryData(['me'], student('active'));
    const router = createMemoryRouter(
      [
        {
          element: <SessionEvents />,
          children: [{ path: '/science/chapters', element: <p data-testid="page">chapters</p> }],
        },
      ],
      { initialEntries: ['/science/chapters'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByTestId('page');
    await act(() => api.get('/leaderboard').catch(() => undefined));
    expect(router.state.location.pathname).toBe('/science/chapters');
  });
});
