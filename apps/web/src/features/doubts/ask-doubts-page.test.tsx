// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOUBT_PICTURE_MAX_BYTES, type MyDoubts } from '@ki/contracts';
import enCommon from '../../locales/en/common.json';
import enDoubts from '../../locales/en/doubts.json';
import enErrors from '../../locales/en/errors.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { AskDoubtsPage } from './ask-doubts-page';
import { doubt, errorOf, show, stubApi, type Call } from './test-api';

// The doubts' strings come with their code in the app (strings.ts); here the test gives them.
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

const SUBJECTS = {
  subjects: [
    { id: 1, slug: 'maths', name: 'Mathematics', theme: 'maths', chapters: 2 },
    { id: 2, slug: 'science', name: 'Science', theme: 'science', chapters: 1 },
  ],
};
/** The parts of a subject's bundle the topic picker reads. */
const MATHS = {
  chapters: [
    {
      slug: 'integers',
      name: 'Integers',
      topics: [
        { id: 71, name: 'Multiplying integers' },
        { id: 72, name: 'Dividing integers' },
      ],
    },
    { slug: 'fractions', name: 'Fractions', topics: [{ id: 81, name: 'Adding fractions' }] },
  ],
};
const mine = (data: Partial<MyDoubts> = {}): MyDoubts => ({ doubts: [], unseenAnswers: 0, ...data });

function routes(extra: Record<string, unknown> = {}) {
  return {
    'GET /api/v1/me/subjects': SUBJECTS,
    'GET /api/v1/learn/subjects/maths/bundle': MATHS,
    'GET /api/v1/me/doubts': mine(),
    ...extra,
  };
}

const open = (path = '/ask-doubts') => show('/ask-doubts', path, <AskDoubtsPage />);
const form = () => screen.findByTestId('ask-form');
const pick = async (subject: string, chapter: string, topic: string) => {
  const f = await form();
  await waitFor(() => expect(within(f).getByTestId('ask-subject').hasAttribute('disabled')).toBe(false));
  fireEvent.change(within(f).getByTestId('ask-subject'), { target: { value: subject } });
  await waitFor(() => expect(within(f).getByTestId('ask-chapter').hasAttribute('disabled')).toBe(false));
  fireEvent.change(within(f).getByTestId('ask-chapter'), { target: { value: chapter } });
  fireEvent.change(within(f).getByTestId('ask-topic'), { target: { value: topic } });
};
const fileInput = (f: HTMLElement) => f.querySelector<HTMLInputElement>('input[type="file"]')!;
const choose = (f: HTMLElement, file: File) => fireEvent.change(fileInput(f), { target: { files: [file] } });
const png = (bytes = 64, name = 'notebook.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });
const posts = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

describe('/ask-doubts: the form', () => {
  it('refuses a doubt shorter than 10 characters in the contract’s words, and one with no topic, sending nothing', async () => {
    const calls = stubApi(routes());
    open();
    const f = await form();
    fireEvent.change(within(f).getByTestId('ask-text'), { target: { value: 'Why?' } });
    expect(within(f).getByTestId('ask-count').textContent).toBe('4 / 1000');
    fireEvent.click(within(f).getByTestId('ask-send'));
    await waitFor(() =>
      expect(errorOf(within(f).getByTestId('ask-text'))).toBe('Write your doubt in at least 10 characters'),
    );
    expect(errorOf(within(f).getByTestId('ask-topic'))).toBe('Choose the topic of your doubt');
    // Spaces do not count: the server trims as the form does.
    fireEvent.change(within(f).getByTestId('ask-text'), { target: { value: '   why?     ' } });
    expect(errorOf(within(f).getByTestId('ask-text'))).toBe('');
    fireEvent.click(within(f).getByTestId('ask-send'));
    await waitFor(() =>
      expect(errorOf(within(f).getByTestId('ask-text'))).toBe('Write your doubt in at least 10 characters'),
    );
    expect(posts(calls)).toEqual([]);
  });

  it('says so on the device when the file is not a picture or is larger than 2 MB, and keeps neither', async () => {
    stubApi(routes());
    open();
    const f = await form();
    const field = within(f).getByTestId('ask-picture');
    choose(f, new File(['%PDF-1.4'], 'homework.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(errorOf(field)).toBe('This file is not a picture. Choose a PNG, JPEG or WebP picture.'));
    expect(field.textContent).not.toContain('homework.pdf');
    choose(f, png(DOUBT_PICTURE_MAX_BYTES + 1, 'big.jpg', 'image/jpeg'));
    await waitFor(() => expect(errorOf(field)).toBe('This picture is larger than 2 MB. Choose a smaller one.'));
    expect(field.textContent).not.toContain('big.jpg');
    choose(f, png());
    await waitFor(() => expect(errorOf(field)).toBe(''));
    expect(field.textContent).toContain('notebook.png');
  });

  it('sends the topic and the text, then the picture, and lists the new doubt under Open', async () => {
    let list = mine();
    const calls = stubApi(
      routes({
        'GET /api/v1/me/doubts': () => ({ status: 200, body: list }),
        'POST /api/v1/doubts': (call: Call) => {
          list = mine({ doubts: [doubt(5, { text: (call.body as { text: string }).text })] });
          return { status: 201, body: list.doubts[0] };
        },
        'PUT /api/v1/doubts/5/picture': () => {
          list = mine({ doubts: [{ ...list.doubts[0]!, hasPicture: true }] });
          return { status: 200, body: list.doubts[0] };
        },
      }),
    );
    open();
    expect(await screen.findByTestId('mine-empty-open')).toBeTruthy();
    await pick('maths', 'integers', '72');
    const f = await form();
    fireEvent.change(within(f).getByTestId('ask-text'), { target: { value: 'How do I divide -12 by -3?' } });
    choose(f, png());
    fireEvent.click(within(f).getByTestId('ask-send'));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    const [ask, picture] = posts(calls);
    expect(ask).toMatchObject({
      method: 'POST',
      url: '/api/v1/doubts',
      body: { topicId: 72, text: 'How do I divide -12 by -3?' },
    });
    expect(picture).toMatchObject({ method: 'PUT', url: '/api/v1/doubts/5/picture' });
    expect((picture?.form?.get('file') as File | null)?.name).toBe('notebook.png');
    expect(await screen.findByText('Your doubt has been sent to your teachers.')).toBeTruthy();
    const card = await screen.findByTestId('doubt');
    expect(within(card).getByTestId('doubt-text').textContent).toBe('How do I divide -12 by -3?');
    await waitFor(() =>
      expect(within(card).getByTestId('doubt-picture').getAttribute('href')).toBe('/api/v1/doubts/5/picture'),
    );
    expect(within(card).getByTestId('doubt-waiting')).toBeTruthy();
    // The form is ready for the next doubt, on the same topic.
    expect((within(f).getByTestId('ask-text') as HTMLTextAreaElement).value).toBe('');
    expect((within(f).getByTestId('ask-topic') as HTMLSelectElement).value).toBe('72');
  });

  it('picks the topic of a link (?subject=&topic=, the concept page’s), and sends no picture when none was chosen', async () => {
    const calls = stubApi(routes({ 'POST /api/v1/doubts': { status: 201, body: doubt(6) } }));
    open('/ask-doubts?subject=maths&topic=81');
    const f = await form();
    await waitFor(() => expect((within(f).getByTestId('ask-topic') as HTMLSelectElement).value).toBe('81'));
    expect((within(f).getByTestId('ask-subject') as HTMLSelectElement).value).toBe('maths');
    expect((within(f).getByTestId('ask-chapter') as HTMLSelectElement).value).toBe('fractions');
    fireEvent.change(within(f).getByTestId('ask-text'), { target: { value: 'Why do we need a common denominator?' } });
    fireEvent.click(within(f).getByTestId('ask-send'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({ topicId: 81, text: 'Why do we need a common denominator?' });
  });

  it('says the doubt was sent but its picture refused, in words of its own', async () => {
    stubApi(
      routes({
        'POST /api/v1/doubts': { status: 201, body: doubt(7) },
        'PUT /api/v1/doubts/7/picture': {
          status: 415,
          body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Not a picture' },
        },
      }),
    );
    open('/ask-doubts?subject=maths&topic=71');
    const f = await form();
    await waitFor(() => expect((within(f).getByTestId('ask-topic') as HTMLSelectElement).value).toBe('71'));
    fireEvent.change(within(f).getByTestId('ask-text'), { target: { value: 'What is -2 times -3?' } });
    choose(f, png());
    fireEvent.click(within(f).getByTestId('ask-send'));
    expect((await within(f).findByTestId('ask-picture-note')).textContent).toBe(
      'Your doubt was sent, but its picture was not added. The file is not a PNG, JPEG or WebP picture.',
    );
  });

  it('shows the server’s refusals: too many doubts in an hour above Send, a short text on its field', async () => {
    let answer: { status: number; body: unknown } = {
      status: 429,
      body: { code: 'RATE_LIMITED', message: 'Too many' },
    };
    stubApi(routes({ 'POST /api/v1/doubts': () => answer }));
    open('/ask-doubts?subject=maths&topic=71');
    const f = await form();
    await waitFor(() => expect((within(f).getByTestId('ask-topic') as HTMLSelectElement).value).toBe('71'));
    fireEvent.change(within(f).getByTestId('ask-text'), { target: { value: 'What is -2 times -3?' } });
    fireEvent.click(within(f).getByTestId('ask-send'));
    expect((await within(f).findByTestId('ask-refusal')).textContent).toBe(
      'You have asked 10 doubts in the last hour. Please wait a while before asking another.',
    );
    answer = {
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid',
        details: { issues: [{ in: 'body', path: 'text', message: 'Write your doubt in at least 10 characters' }] },
      },
    };
    fireEvent.click(within(f).getByTestId('ask-send'));
    await waitFor(() =>
      expect(errorOf(within(f).getByTestId('ask-text'))).toBe('Write your doubt in at least 10 characters'),
    );
  });
});

describe('/ask-doubts: the lists', () => {
  const answered = (id: number, seen: boolean) =>
    doubt(id, {
      status: 'answered',
      answerSeen: seen,
      hasPicture: id === 2,
      answers: [{ id: id * 10, text: `Answer ${id}`, by: 'Meera Joshi', at: '2026-11-26T06:00:00.000Z' }],
    });

  it('opens on Answered when an answer is new, marks it New, and tells the server once that it is seen', async () => {
    const calls = stubApi(
      routes({
        'GET /api/v1/me/doubts': mine({ doubts: [doubt(3), answered(2, false), answered(1, true)], unseenAnswers: 1 }),
        'POST /api/v1/me/doubts/seen': { status: 204 },
      }),
    );
    const client = open();
    const list = await screen.findByTestId('mine-answered');
    const cards = within(list).getAllByTestId('doubt');
    expect(cards.map((c) => c.getAttribute('data-id'))).toEqual(['2', '1']);
    const [fresh, old] = cards;
    expect(within(fresh!).getByTestId('doubt-new').textContent).toBe('New');
    expect(within(old!).queryByTestId('doubt-new')).toBeNull();
    expect(within(fresh!).getByTestId('answer-text').textContent).toBe('Answer 2');
    expect(within(fresh!).getByTestId('answer-meta').textContent).toMatch(/^Answered by Meera Joshi · 26 Nov 2026/);
    expect(within(fresh!).getByTestId('doubt-where').textContent).toBe('Mathematics › Integers');
    expect(within(fresh!).getByTestId('doubt-topic').textContent).toBe('Multiplying integers');
    expect(within(fresh!).getByRole('img').getAttribute('src')).toBe('/api/v1/doubts/2/picture');
    expect(screen.getByTestId('mine-tab-answered').textContent).toContain('2');
    expect(screen.getByTestId('mine-tab-open').textContent).toContain('1');

    await waitFor(() => expect(calls.filter((c) => c.url === '/api/v1/me/doubts/seen')).toHaveLength(1));
    // The home's card reads the same answer: nothing unseen now. The badge stays for this visit.
    await waitFor(() => expect(client.getQueryData<MyDoubts>(['doubts', 'mine'])?.unseenAnswers).toBe(0));
    expect(within(screen.getAllByTestId('doubt')[0]!).getByTestId('doubt-new')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/v1/me/doubts/seen')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('mine-tab-open'));
    const openList = await screen.findByTestId('mine-open');
    expect(
      within(openList)
        .getAllByTestId('doubt')
        .map((c) => c.getAttribute('data-id')),
    ).toEqual(['3']);
  });

  it('opens on Open with nothing new, tells the server nothing, and has an empty state for each list', async () => {
    const calls = stubApi(routes());
    open();
    expect((await screen.findByTestId('mine-empty-open')).textContent).toBe(
      'You have no doubts waiting for an answer.',
    );
    fireEvent.click(screen.getByTestId('mine-tab-answered'));
    expect((await screen.findByTestId('mine-empty-answered')).textContent).toContain('No answers yet.');
    expect(calls.filter((c) => c.url === '/api/v1/me/doubts/seen')).toEqual([]);
  });

  it('says so when the doubts could not be loaded', async () => {
    stubApi(routes({ 'GET /api/v1/me/doubts': { status: 500, body: { code: 'INTERNAL', message: 'x' } } }));
    open();
    expect((await screen.findByRole('alert')).textContent).toBe('Your doubts could not be loaded.');
  });
});
