// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Doubt, DoubtsPage as Page } from '@ki/contracts';
import enCommon from '../../locales/en/common.json';
import enDoubts from '../../locales/en/doubts.json';
import enErrors from '../../locales/en/errors.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { DoubtsPage } from './doubts-page';
import { doubt, errorOf, show, stubApi, type Call } from './test-api';

vi.mock('./strings', () => ({}));
// The app's "not on this device" part loads lazily with the whole i18n setup; here, its words only.
vi.mock('../../ui/offline-parts', () => import('../../test-support/offline-parts'));

vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ doubts: enDoubts, common: enCommon, errors: enErrors }, 'en', 'common');
});
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const AARAV = { id: 10, name: 'Aarav Shah', grade: 7, section: 'A' };
const asked = (id: number, extra: Partial<Doubt> = {}) => doubt(id, { student: AARAV, canAnswer: true, ...extra });

/** GET /doubts answered from the lists by status, 2 a page (the server's are 30), `before` as the server reads it. */
function staffApi(lists: { open: Doubt[]; answered: Doubt[] }, extra: Record<string, unknown> = {}) {
  return stubApi({
    'GET /api/v1/doubts': (call: Call) => {
      const query = new URL(call.url, 'http://x').searchParams;
      const all = lists[query.get('status') === 'answered' ? 'answered' : 'open'];
      const before = Number(query.get('before') ?? Infinity);
      const doubts = all.filter((d) => d.id < before).slice(0, 2);
      const more = all.filter((d) => d.id < before).length > 2;
      const body: Page = { doubts, nextBefore: more ? (doubts.at(-1)?.id ?? null) : null };
      return { status: 200, body };
    },
    ...extra,
  });
}

const open = () => show('/doubts', '/doubts', <DoubtsPage />);
const ids = (list: HTMLElement) =>
  within(list)
    .getAllByTestId('doubt')
    .map((d) => d.getAttribute('data-id'));

describe('/doubts (staff)', () => {
  it('lists Open doubts with who asked, where and the picture, counts both lists, and shows the empty Answered list', async () => {
    staffApi({ open: [asked(3, { hasPicture: true, text: 'Why is minus times minus plus?' })], answered: [] });
    open();
    const list = await screen.findByTestId('list-open');
    const card = within(list).getByTestId('doubt');
    expect(within(card).getByTestId('doubt-student').textContent).toBe('Aarav Shah · VII-A · ');
    expect(within(card).getByTestId('doubt-where').textContent).toBe('Mathematics › Integers');
    expect(within(card).getByTestId('doubt-topic').textContent).toBe('Multiplying integers');
    expect(within(card).getByTestId('doubt-text').textContent).toBe('Why is minus times minus plus?');
    const picture = within(card).getByTestId('doubt-picture');
    // A tap opens it full size, in a tab of its own.
    expect(picture.getAttribute('href')).toBe('/api/v1/doubts/3/picture');
    expect(picture.getAttribute('target')).toBe('_blank');
    expect(picture.getAttribute('aria-label')).toBe('Open the picture in full size');
    expect(within(card).getByRole('img').getAttribute('alt')).toBe('Picture sent with the doubt');
    await waitFor(() =>
      expect(within(screen.getByTestId('tab-answered')).getByTestId('tab-count').textContent).toBe('0'),
    );
    expect(within(screen.getByTestId('tab-open')).getByTestId('tab-count').textContent).toBe('1');
    fireEvent.click(screen.getByTestId('tab-answered'));
    expect((await screen.findByTestId('empty-answered')).textContent).toBe('No answered doubts yet.');
  });

  it('refuses an empty answer in the contract’s words, sending nothing', async () => {
    const calls = staffApi({ open: [asked(3)], answered: [] });
    open();
    const card = await screen.findByTestId('doubt');
    fireEvent.change(within(card).getByTestId('answer-text-input'), { target: { value: '   ' } });
    fireEvent.click(within(card).getByTestId('answer-send'));
    await waitFor(() => expect(errorOf(within(card).getByTestId('answer-text-input'))).toBe('Please write an answer'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends an answer, and the doubt moves from Open to Answered with it', async () => {
    const lists = { open: [asked(4), asked(3)], answered: [] as Doubt[] };
    const calls = staffApi(lists, {
      'POST /api/v1/doubts/3/answers': (call: Call) => {
        const text = (call.body as { text: string }).text;
        const done = asked(3, {
          status: 'answered',
          answers: [{ id: 1, text, by: 'Meera Joshi', at: '2026-11-26T06:00:00.000Z' }],
        });
        lists.open = lists.open.filter((d) => d.id !== 3);
        lists.answered = [done];
        return { status: 201, body: done };
      },
    });
    open();
    const list = await screen.findByTestId('list-open');
    const card = within(list)
      .getAllByTestId('doubt')
      .find((d) => d.getAttribute('data-id') === '3')!;
    fireEvent.change(within(card).getByTestId('answer-text-input'), {
      target: { value: 'Think of it as turning around twice.' },
    });
    fireEvent.click(within(card).getByTestId('answer-send'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/v1/doubts/3/answers',
        body: { text: 'Think of it as turning around twice.' },
      }),
    );
    expect(await screen.findByText('Answer sent. The student will see it on their home page.')).toBeTruthy();
    await waitFor(() => expect(ids(screen.getByTestId('list-open'))).toEqual(['4']));
    fireEvent.click(screen.getByTestId('tab-answered'));
    const answered = await screen.findByTestId('list-answered');
    const done = within(answered).getByTestId('doubt');
    expect(within(done).getByTestId('answer-text').textContent).toBe('Think of it as turning around twice.');
    expect(within(done).getByTestId('answer-meta').textContent).toMatch(/^Answered by Meera Joshi · /);
    // Answered already: another answer is one tap away, not an open form.
    expect(within(done).queryByTestId('answer-form')).toBeNull();
    fireEvent.click(within(done).getByTestId('answer-more'));
    expect(within(done).getByTestId('answer-form')).toBeTruthy();
  });

  it('shows the server’s refusal of an answer above Send', async () => {
    staffApi(
      { open: [asked(3)], answered: [] },
      {
        'POST /api/v1/doubts/3/answers': { status: 403, body: { code: 'FORBIDDEN', message: 'No' } },
      },
    );
    open();
    const card = await screen.findByTestId('doubt');
    fireEvent.change(within(card).getByTestId('answer-text-input'), { target: { value: 'Because.' } });
    fireEvent.click(within(card).getByTestId('answer-send'));
    expect((await within(card).findByTestId('answer-refusal')).textContent).toBe(
      'Only the teachers of this student’s class can answer this doubt.',
    );
  });

  it('loads more with the last page’s cursor, and stops when there is none', async () => {
    const calls = staffApi({ open: [asked(9), asked(8), asked(7), asked(6), asked(5)], answered: [] });
    open();
    await waitFor(() => expect(ids(screen.getByTestId('list-open'))).toEqual(['9', '8']));
    expect(within(screen.getByTestId('tab-open')).getByTestId('tab-count').textContent).toBe('2+');
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(ids(screen.getByTestId('list-open'))).toEqual(['9', '8', '7', '6']));
    expect(calls.some((c) => c.url === '/api/v1/doubts?status=open&before=8')).toBe(true);
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(ids(screen.getByTestId('list-open'))).toEqual(['9', '8', '7', '6', '5']));
    expect(calls.some((c) => c.url === '/api/v1/doubts?status=open&before=6')).toBe(true);
    expect(screen.queryByTestId('load-more')).toBeNull();
    expect(within(screen.getByTestId('tab-open')).getByTestId('tab-count').textContent).toBe('5');
    // Pages already here were not asked for again.
    expect(calls.filter((c) => c.url === '/api/v1/doubts?status=open')).toHaveLength(1);
  });

  it('offers no answer form on a doubt the caller may only read', async () => {
    staffApi({ open: [asked(3, { canAnswer: false })], answered: [] });
    open();
    const card = await screen.findByTestId('doubt');
    expect(within(card).queryByTestId('answer-form')).toBeNull();
    expect(within(card).queryByTestId('answer-more')).toBeNull();
  });
});
