// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MyDoubts } from '@ki/contracts';
import enLearn from '../../../locales/en/learn.json';
import { initTestI18n } from '../../../test-support/i18n';
import { HomeSlotsContext, type HomeSlots } from '../home-slots';
import HomeRails from './home-extras';

beforeAll(() => initTestI18n({ learn: enLearn }, 'en', 'learn'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The home's rails with GET /me/doubts answering `doubts` (or failing with 500 when null). */
function rails(doubts: MyDoubts | null, slots: HomeSlots = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith('/api/v1/me/doubts') && doubts
        ? new Response(JSON.stringify(doubts), { status: 200 })
        : new Response(JSON.stringify({ code: 'INTERNAL', message: 'x' }), { status: 500 }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const t = i18next.getFixedT('en', 'learn') as unknown as Parameters<typeof HomeRails>[0]['t'];
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomeSlotsContext value={slots}>
          <HomeRails t={t} />
        </HomeSlotsContext>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the home’s “a teacher answered your doubt” card (issue #26)', () => {
  it('shows while an answer is unseen, leading to /ask-doubts', async () => {
    rails({ doubts: [], unseenAnswers: 1 });
    const card = await screen.findByTestId('doubt-answered');
    expect(card.getAttribute('href')).toBe('/ask-doubts');
    expect(card.textContent).toBe('A teacher answered your doubtSee the answer');
  });

  it('counts several answers', async () => {
    rails({ doubts: [], unseenAnswers: 3 });
    expect((await screen.findByTestId('doubt-answered')).textContent).toBe(
      'Your teachers answered 3 of your doubtsSee the answers',
    );
  });

  it.each([
    ['every answer is seen', { doubts: [], unseenAnswers: 0 }],
    ['the doubts could not be loaded', null],
  ])('is not there when %s, and the rails are', async (_, doubts) => {
    rails(doubts);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.getByTestId('rail-live')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('doubt-answered')).toBeNull();
  });
});

describe('the home’s live class rail (issue #26)', () => {
  it('is the empty rail until live classes hand theirs in', async () => {
    rails({ doubts: [], unseenAnswers: 0 });
    expect((await screen.findByTestId('rail-live')).textContent).toBe('Live classesThere is no live class right now.');
  });

  it('draws the rail live classes hand in, with the home’s title and empty text', async () => {
    const LiveRail = ({ title, emptyText }: { title: string; emptyText: string }) => (
      <section data-testid="rail-live">{`${title} / ${emptyText}`}</section>
    );
    rails({ doubts: [], unseenAnswers: 0 }, { LiveRail });
    expect((await screen.findByTestId('rail-live')).textContent).toBe(
      'Live classes / There is no live class right now.',
    );
  });
});
