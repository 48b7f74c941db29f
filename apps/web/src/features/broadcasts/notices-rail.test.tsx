// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MyBroadcasts } from '@ki/contracts';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enNotices from '../../locales/en/notices.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { NoticesRail } from './notices-rail';
import { ParentNoticesCard } from './parent-notices-card';

vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  stubMantineBrowser();
  // jsdom has <dialog> without its modal methods: open and close it as the browser does.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  await initTestI18n({ notices: enNotices, common: enCommon, errors: enErrors }, 'en', 'common');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

type Notice = MyBroadcasts['broadcasts'][number];
const notice = (id: number, extra: Partial<Notice> = {}): Notice => ({
  id,
  schoolId: 1,
  title: `Notice ${id}`,
  body: `Text of notice ${id}.`,
  linkUrl: null,
  hasPicture: false,
  grades: [7],
  author: 'Asha Rao',
  createdAt: `2026-11-${String(10 + id).padStart(2, '0')}T05:30:00.000Z`,
  read: true,
  children: [],
  ...extra,
});
const mine = (broadcasts: Notice[]): MyBroadcasts => ({ broadcasts, unread: broadcasts.filter((n) => !n.read).length });

/** A server of the caller's notices: GET answers them, POST /read marks one read. */
function noticesServer(initial: Notice[]) {
  let notices = [...initial];
  const reads: number[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method === 'GET' && url === '/api/v1/me/broadcasts') return new Response(JSON.stringify(mine(notices)));
      const read = /^\/api\/v1\/broadcasts\/(\d+)\/read$/.exec(url);
      if (method === 'POST' && read) {
        const id = Number(read[1]);
        reads.push(id);
        notices = notices.map((n) => (n.id === id ? { ...n, read: true } : n));
        return new Response(null, { status: 204 });
      }
      return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'none' }), { status: 404 });
    }),
  );
  return reads;
}

function show(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </MantineProvider>,
  );
}

const EMPTY = 'No notices from your school yet.';

describe('the home’s notices rail', () => {
  it('shows the latest three, the unread marked, and opening one shows it whole and marks it read', async () => {
    const reads = noticesServer([
      notice(6, { title: 'Winter uniform', read: false, linkUrl: 'https://www.india.gov.in/', hasPicture: true }),
      notice(5, { title: 'Science project', read: false }),
      notice(4, { title: 'Parent-teacher meeting' }),
      notice(3, { title: 'Fractions quiz' }),
    ]);
    show(<NoticesRail emptyText={EMPTY} />);
    const rail = await screen.findByTestId('rail-broadcast');
    await waitFor(() => expect(within(rail).getAllByTestId('notice-row')).toHaveLength(3));
    const rows = within(rail).getAllByTestId('notice-row');
    expect(rows.map((r) => r.hasAttribute('data-unread'))).toEqual([true, true, false]);
    expect(rows[0]?.textContent).toContain('New: Winter uniform');
    expect(within(rail).getByTestId('notices-unread').textContent).toBe('2 new');

    fireEvent.click(rows[0]!);
    const open = await screen.findByTestId('notice-open');
    expect(within(open).getByRole('heading', { name: 'Winter uniform' })).toBeTruthy();
    expect(within(open).getByTestId('notice-body').textContent).toBe('Text of notice 6.');
    const picture = within(open).getByTestId('notice-picture');
    expect([picture.getAttribute('src'), picture.getAttribute('alt')]).toEqual([
      '/api/v1/broadcasts/6/picture',
      'The notice’s picture',
    ]);
    expect(within(open).getByTestId('notice-meta').textContent).toContain('from Asha Rao');
    const link = within(open).getByTestId('notice-link');
    expect(link.getAttribute('href')).toBe('https://www.india.gov.in/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    await waitFor(() => expect(reads).toEqual([6]));
    // Read at once on the rail: one new left.
    expect(within(rail).getByTestId('notices-unread').textContent).toBe('1 new');
    expect(within(rail).getAllByTestId('notice-row')[0]?.hasAttribute('data-unread')).toBe(false);

    // Closed, then opened again: not sent twice.
    fireEvent.click(within(open).getByTestId('dialog-close'));
    await waitFor(() => expect(screen.queryByTestId('notice-open')).toBeNull());
    fireEvent.click(within(rail).getAllByTestId('notice-row')[0]!);
    await screen.findByTestId('notice-open');
    expect(reads).toEqual([6]);
  });

  it('lists every notice under See all, and goes back to the list from one', async () => {
    const reads = noticesServer([
      notice(4, { read: false }),
      notice(3),
      notice(2),
      notice(1, { title: 'The oldest', read: false }),
    ]);
    show(<NoticesRail emptyText={EMPTY} />);
    fireEvent.click(await screen.findByTestId('notices-see-all'));
    const all = await screen.findByTestId('notices-all');
    const rows = within(all).getAllByTestId('notice-row');
    expect(rows).toHaveLength(4);
    fireEvent.click(rows[3]!);
    const open = await screen.findByTestId('notice-open');
    expect(within(open).getByRole('heading', { name: 'The oldest' })).toBeTruthy();
    await waitFor(() => expect(reads).toEqual([1]));
    fireEvent.click(within(open).getByTestId('dialog-back'));
    expect(within(await screen.findByTestId('notices-all')).getAllByTestId('notice-row')).toHaveLength(4);
  });

  it('keeps the home’s empty text when there are none, and says when they will come offline', async () => {
    noticesServer([]);
    const { unmount } = show(<NoticesRail emptyText={EMPTY} />);
    await waitFor(() => expect(screen.getByTestId('notices-status').textContent).toBe(EMPTY));
    expect(screen.queryByTestId('notices-see-all')).toBeNull();
    unmount();

    onlineManager.setOnline(false);
    show(<NoticesRail emptyText={EMPTY} />);
    expect(screen.getByTestId('notices-status').textContent).toBe(
      "The school's notices appear here when you are online.",
    );
  });
});

describe('the parent dashboard’s school notices', () => {
  it('puts the unread first, names the children each is for, and marks one read when opened', async () => {
    const reads = noticesServer([
      notice(6, { title: 'Winter uniform', children: ['Aarav', 'Isha'] }),
      notice(5, { title: 'Science project', read: false, children: ['Aarav'] }),
    ]);
    show(<ParentNoticesCard />);
    const card = await screen.findByTestId('parent-notices');
    await waitFor(() => expect(within(card).getAllByTestId('parent-notice')).toHaveLength(2));
    const rows = within(card).getAllByTestId('parent-notice');
    expect(rows[0]?.textContent).toContain('Science project');
    expect(rows[0]?.hasAttribute('data-unread')).toBe(true);
    expect(within(rows[1]!).getByTestId('parent-notice-for').textContent).toBe('For Aarav, Isha');
    expect(within(card).getByTestId('parent-notices-unread').textContent).toBe('1 new');

    fireEvent.click(rows[0]!);
    expect((await screen.findByTestId('notice-body')).textContent).toBe('Text of notice 5.');
    await waitFor(() => expect(reads).toEqual([5]));
    // Read, it keeps its place: the list does not move under the reader.
    await waitFor(() => expect(within(card).queryByTestId('parent-notices-unread')).toBeNull());
    expect(within(card).getAllByTestId('parent-notice')[0]?.textContent).toContain('Science project');
  });
});
