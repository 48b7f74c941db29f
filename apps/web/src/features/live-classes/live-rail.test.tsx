// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveList, MeResponse } from '@ki/contracts';
import enLive from '../../locales/en/live.json';
import { initTestI18n } from '../../test-support/i18n';
import { LiveRail, railSessions } from './live-rail';
import { me, programme, session, stubApi } from './test-api';

vi.mock('./strings', () => ({}));

beforeAll(() => initTestI18n({ live: enLive }, 'en', 'live'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EMPTY = 'There is no live class right now.';

function rail(user: MeResponse, list: LiveList | { status: number; body: unknown }) {
  const calls = stubApi({ 'GET /api/v1/live-classes': list });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LiveRail title="Live classes" emptyText={EMPTY} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe('the home’s live class rail', () => {
  it('shows what is live now first, then the next ones (3 at most), Join now on a class open to join', async () => {
    rail(me('student'), {
      classes: [
        session(1, { start: '2026-11-27T04:30:00.000Z', end: '2026-11-27T05:15:00.000Z' }),
        session(2, { status: 'live', open: true }),
        session(3, { start: '2026-11-28T04:30:00.000Z', end: '2026-11-28T05:15:00.000Z' }),
      ],
      programmes: [programme(4, { status: 'live', start: '2026-11-26T06:00:00.000Z' })],
      recent: [],
    });
    const items = await screen.findAllByTestId('rail-live-item');
    expect(items.map((i) => i.querySelector('.ki-live-name')?.textContent)).toEqual([
      'TVScience on air (4)',
      'Light and shadows (2)',
      'Light and shadows (1)',
    ]);
    expect(within(items[0]!).getByTestId('rail-live-status').textContent).toBe('Live');
    expect(within(items[1]!).getByTestId('rail-live-join').getAttribute('href')).toBe(
      '/liveclass/3/1/room00000002/jitsi',
    );
    expect(within(items[1]!).getByTestId('rail-live-join').textContent).toBe('Join now');
    expect(within(items[2]!).getByTestId('rail-live-status').textContent).toBe('Scheduled');
    expect(screen.getByTestId('rail-live-all').getAttribute('href')).toBe('/live-classes');
  });

  it('keeps the home’s empty text when nothing is coming, when the list could not be had, and asks nothing without the product', async () => {
    rail(me('student'), { classes: [], programmes: [], recent: [] });
    await waitFor(() => expect(screen.getByTestId('rail-live-status-text').textContent).toBe(EMPTY));
    cleanup();
    rail(me('student'), { status: 500, body: { code: 'INTERNAL', message: 'x' } });
    await waitFor(() => expect(screen.getByTestId('rail-live-status-text').textContent).toBe(EMPTY));
    cleanup();
    const calls = rail(
      me('student', {
        school: { id: 2, name: 'Ahmedabad', chainId: 3, isPace: false, languages: ['en'], products: [] },
      }),
      { classes: [session(1, { status: 'live', open: true })], programmes: [], recent: [] },
    );
    expect(screen.getByTestId('rail-live-status-text').textContent).toBe(EMPTY);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toEqual([]);
  });

  it('leaves out what has ended', () => {
    expect(
      railSessions({ classes: [session(1, { status: 'ended' }), session(2)], programmes: [] }).map((s) => s.id),
    ).toEqual([2]);
  });
});
