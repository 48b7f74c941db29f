// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AssessmentHome, GameInfo, JoinInfo, MeResponse } from '@ki/contracts';
import enAssessment from '../../locales/en/assessment.json';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import { stubMatchMedia } from '../../test-support/match-media';
import { AssessmentHomePage } from './assessment-home-page';
import { fakeAttempt } from './fake-attempt';
import { JoinQuizPage } from './join-page';
import { PracticeQuizPage } from './practice-page';

vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  stubMatchMedia();
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { assessment: enAssessment, common: enCommon, errors: enErrors } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STUDENT = {
  user: { id: 7, role: 'student' },
  abilities: { writeRecords: true, learn: true },
} as unknown as MeResponse;
const EDITOR = {
  user: { id: 8, role: 'content_editor' },
  abilities: { writeRecords: false, learn: true },
} as unknown as MeResponse;
const OPEN_ID = '22222222-2222-4222-8222-222222222222';
const GAME: GameInfo = {
  code: '482913',
  title: 'Science',
  subjectName: 'Science',
  hostName: 'Asha P.',
  questionCount: 10,
  state: 'lobby',
  players: 2,
  isHost: false,
  hostPlays: true,
};

const assignment = (extra: Partial<AssessmentHome['assigned'][number]>): AssessmentHome['assigned'][number] => ({
  assignmentId: 31,
  assessmentId: 41,
  kind: 'quiz',
  name: 'Plants quiz',
  description: 'Leaves and roots',
  imageId: null,
  subjectName: 'Science',
  questionCount: 6,
  durationMinutes: 10,
  opensAt: '2026-11-26T04:30:00.000Z',
  closesAt: '2026-11-27T12:30:00.000Z',
  state: 'open',
  attemptId: null,
  ...extra,
});

const home = (extra: Partial<AssessmentHome> = {}): AssessmentHome => ({
  subjects: [
    { id: 3, slug: 'science', name: 'Science', theme: 'science', quizQuestions: 42 },
    { id: 4, slug: 'history', name: 'History', theme: 'history', quizQuestions: 0 },
  ],
  assigned: [],
  openAttempt: null,
  recent: [],
  ...extra,
});

type Route = (method: string, path: string, body: unknown) => { status?: number; body: unknown } | undefined;

function show(url: string, route: Route, me: MeResponse = STUDENT) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = url.replace(/^\/api\/v1/, '');
      const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      const answer = route(method, path, body) ?? { status: 404, body: { code: 'NOT_FOUND', message: path } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], me);
  const router = createMemoryRouter(
    [
      { path: '/assessment', element: <AssessmentHomePage /> },
      { path: '/assessment/practicequiz/:subject?', element: <PracticeQuizPage /> },
      { path: '/assessment/quiz/:assessmentId', element: <JoinQuizPage /> },
      { path: '/assessment/attempt/:attemptId', element: <p data-testid="attempt-page">attempt</p> },
      { path: '/assessment/WaitingLobby/:code', element: <p data-testid="waiting-lobby">lobby</p> },
      { path: '/assessment/showPlayers/:code', element: <p data-testid="host-lobby">lobby</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { calls, router };
}

describe('the quizzes home', () => {
  it('offers practice quiz and test, challenge friends and join with a code, and says no quizzes assigned', async () => {
    show('/assessment', (m, p) => (p === '/assessment/home' ? { body: home() } : undefined));
    expect(await screen.findByText('No quizzes assigned')).toBeTruthy();
    expect(screen.getByTestId('tile-practice-quiz').getAttribute('href')).toBe('/assessment/practicequiz');
    expect(screen.getByTestId('tile-practice-test').getAttribute('href')).toBe('/assessment/practicetest/');
    expect(screen.getByTestId('tile-challenge').getAttribute('href')).toBe('/assessment/practicequiz/challenge');
    expect(screen.queryByText('Coming soon')).toBeNull();
    expect(screen.getByTestId('join-code')).toBeTruthy();
    expect(screen.getByTestId('no-recent')).toBeTruthy();
  });

  it('checks the join code is 6 digits, looks it up, and opens the game’s lobby', async () => {
    const { calls, router } = show('/assessment', (m, p) => {
      if (p === '/assessment/home') return { body: home() };
      if (p === '/challenge/games/482913') return { body: { ...GAME, code: '482913' } };
      return undefined;
    });
    const field = (await screen.findByTestId('join-code')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '48a29' } });
    expect(field.value).toBe('4829');
    fireEvent.click(screen.getByTestId('join-code-submit'));
    expect(await screen.findByText('Enter all 6 digits of the code.')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/challenge'))).toBe(false);
    fireEvent.change(field, { target: { value: '482913' } });
    expect(screen.queryByText('Enter all 6 digits of the code.')).toBeNull();
    fireEvent.click(screen.getByTestId('join-code-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assessment/WaitingLobby/482913'));
  });

  it('opens the host’s own game in its start-game lobby', async () => {
    const { router } = show('/assessment', (m, p) => {
      if (p === '/assessment/home') return { body: home() };
      if (p === '/challenge/games/482913') return { body: { ...GAME, isHost: true } };
      return undefined;
    });
    fireEvent.change(await screen.findByTestId('join-code'), { target: { value: '482913' } });
    fireEvent.click(screen.getByTestId('join-code-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assessment/showPlayers/482913'));
  });

  it.each([
    [404, { code: 'CHALLENGE_NOT_FOUND' }, 'No game of your class has this code. Check the code and try again.'],
    [409, { code: 'CHALLENGE_ENDED' }, 'This game has ended.'],
    [
      429,
      { code: 'RATE_LIMITED', details: { retryAfterSeconds: 290 } },
      'Too many wrong codes. Please try again in 5 minutes.',
    ],
    [
      429,
      { code: 'RATE_LIMITED', details: { retryAfterSeconds: 20 } },
      'Too many wrong codes. Please try again in 1 minute.',
    ],
  ])('says a refused code (%i %o) in the student’s language, beside the field', async (status, error, text) => {
    const { router } = show('/assessment', (m, p) => {
      if (p === '/assessment/home') return { body: home() };
      if (p === '/challenge/games/111111') return { status, body: { message: 'server words', ...error } };
      return undefined;
    });
    fireEvent.change(await screen.findByTestId('join-code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByTestId('join-code-submit'));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/assessment');
  });

  it('lists assigned quizzes and tests by state, the open attempt to resume or abort, and recent results', async () => {
    let aborted = false;
    const { calls } = show('/assessment', (m, p) => {
      if (p === '/assessment/home')
        return {
          body: home({
            openAttempt: aborted
              ? null
              : {
                  id: OPEN_ID,
                  name: 'Science',
                  kind: 'quiz',
                  mode: 'practice',
                  deadlineAt: '2026-11-26T06:35:00.000Z',
                },
            assigned: [
              assignment({ state: 'open' }),
              assignment({
                assignmentId: 32,
                assessmentId: 42,
                kind: 'test',
                name: 'Cells test',
                state: 'started',
                attemptId: OPEN_ID,
              }),
              assignment({
                assignmentId: 33,
                name: 'Later quiz',
                state: 'not_open',
                opensAt: '2026-11-28T04:30:00.000Z',
              }),
            ],
            recent: [
              {
                id: 'r1',
                name: 'Fractions test',
                kind: 'test',
                mode: 'assigned',
                finishedAt: '2026-11-25T10:00:00.000Z',
                marks: 1200,
                maxMarks: 2200,
                awaitingMarking: 1,
              },
              {
                id: 'r2',
                name: 'Science',
                kind: 'quiz',
                mode: 'practice',
                finishedAt: '2026-11-25T09:00:00.000Z',
                marks: null,
                maxMarks: 3000,
                awaitingMarking: 0,
              },
            ],
          }),
        };
      if (m === 'POST' && p === `/assessment/attempts/${OPEN_ID}/finish`) {
        aborted = true;
        return {
          body: { ...fakeAttempt({ id: OPEN_ID }), finishedAt: '2026-11-26T06:31:00.000Z', finishReason: 'aborted' },
        };
      }
      return undefined;
    });
    const rows = await screen.findAllByTestId('assigned-row');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['open', 'started', 'not_open']);
    expect(within(rows[0]!).getByTestId('assigned-action').getAttribute('href')).toBe('/assessment/quiz/41');
    expect(within(rows[1]!).getByTestId('assigned-action').getAttribute('href')).toBe(`/assessment/attempt/${OPEN_ID}`);
    expect(within(rows[2]!).getByText(/^Opens on 28 Nov 2026/)).toBeTruthy();
    const recent = screen.getAllByTestId('recent-row');
    expect(within(recent[0]!).getByText('Fractions test')).toBeTruthy();
    expect(within(recent[0]!).getByText('1200 / 2200 marks')).toBeTruthy();
    // Practice is named by its kind; an aborted attempt has no marks.
    expect(within(recent[1]!).getByText('Practice quiz')).toBeTruthy();
    expect(within(recent[1]!).getByText('Aborted')).toBeTruthy();
    expect(screen.getByTestId('open-attempt').textContent).toContain('“Practice quiz” is still open until');
    expect(screen.getByText("1 answer waiting for your teacher's marks")).toBeTruthy();

    expect(screen.getByTestId('open-attempt-resume').getAttribute('href')).toBe(`/assessment/attempt/${OPEN_ID}`);
    fireEvent.click(screen.getByTestId('open-attempt-abort'));
    fireEvent.click(await screen.findByTestId('abort-dialog-confirm'));
    await waitFor(() => expect(screen.queryByTestId('open-attempt')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: `/assessment/attempts/${OPEN_ID}/finish`, body: { reason: 'aborted' } },
    ]);
  });

  it('a content role previewing the learner screens is told practice is for students', async () => {
    const { calls } = show('/assessment', () => undefined, EDITOR);
    expect(await screen.findByTestId('students-only')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('practice', () => {
  it('lists the subjects, one without questions not clickable', async () => {
    show('/assessment/practicequiz', (m, p) => (p === '/assessment/home' ? { body: home() } : undefined));
    expect((await screen.findByTestId('subject-science')).getAttribute('href')).toBe(
      '/assessment/practicequiz/science',
    );
    expect(screen.getByTestId('subject-history').getAttribute('href')).toBeNull();
    expect(screen.getByText('No questions yet')).toBeTruthy();
  });

  it('starts after the instructions; another open attempt can be resumed, or aborted to start', async () => {
    const started = fakeAttempt({ id: '33333333-3333-4333-8333-333333333333' });
    let open = true;
    const { calls, router } = show('/assessment/practicequiz/science', (m, p) => {
      if (p === '/assessment/home') return { body: home() };
      if (m === 'POST' && p === '/assessment/practice')
        return open
          ? { status: 409, body: { code: 'ATTEMPT_OPEN', message: 'open', details: { attemptId: OPEN_ID } } }
          : { status: 201, body: started };
      if (m === 'POST' && p === `/assessment/attempts/${OPEN_ID}/finish`) {
        open = false;
        return {
          body: { ...fakeAttempt({ id: OPEN_ID }), finishedAt: '2026-11-26T06:31:00.000Z', finishReason: 'aborted' },
        };
      }
      return undefined;
    });
    expect((await screen.findByTestId('practice-title')).textContent).toBe('Practice quiz');
    expect(screen.getByTestId('practice-subject').textContent).toBe('Science');
    expect(screen.getByText('10 questions')).toBeTruthy();
    expect(screen.getByText('5 minutes')).toBeTruthy();
    fireEvent.click(screen.getByTestId('start'));
    expect(
      await screen.findByText('Only one can be open at a time. Resume it, or abort it and start this one.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('open-attempt-abort'));
    expect(await screen.findByTestId('attempt-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/assessment/attempt/${started.id}`);
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/assessment/practice', { kind: 'quiz', subjectId: 3 }],
      [`/assessment/attempts/${OPEN_ID}/finish`, { reason: 'aborted' }],
      ['/assessment/practice', { kind: 'quiz', subjectId: 3 }],
    ]);
  });

  it('says so when the subject has no question bank, in the student’s language', async () => {
    show('/assessment/practicequiz/science', (m, p) => {
      if (p === '/assessment/home') return { body: home() };
      if (p === '/assessment/practice') return { status: 409, body: { code: 'NO_QUESTION_BANK', message: 'none' } };
      return undefined;
    });
    fireEvent.click(await screen.findByTestId('start'));
    expect((await screen.findByTestId('start-error')).textContent).toBe('There are no questions for this subject yet.');
  });

  it('a subject that is not the student’s says so', async () => {
    show('/assessment/practicequiz/cricket', (m, p) => (p === '/assessment/home' ? { body: home() } : undefined));
    expect(await screen.findByTestId('unknown-subject')).toBeTruthy();
  });
});

describe('the join page', () => {
  const info = (extra: Partial<JoinInfo> = {}): JoinInfo => ({
    assessmentId: 41,
    kind: 'quiz',
    name: 'Plants quiz',
    description: 'Leaves and roots',
    imageId: null,
    subjectName: 'Science',
    questionCount: 6,
    durationMinutes: 10,
    assignment: assignment({}),
    ...extra,
  });

  it('shows the quiz and its instructions, and starts the class’s assignment', async () => {
    const started = fakeAttempt({ id: '44444444-4444-4444-8444-444444444444', mode: 'assigned' });
    const { calls, router } = show('/assessment/quiz/41', (m, p) => {
      if (p === '/assessment/join/41') return { body: info() };
      if (m === 'POST' && p === '/assessment/assignments/31/attempt') return { body: started };
      return undefined;
    });
    expect((await screen.findByTestId('join-name')).textContent).toBe('Plants quiz');
    expect(screen.getByText('6 questions')).toBeTruthy();
    expect(screen.getByText('10 minutes')).toBeTruthy();
    fireEvent.click(screen.getByTestId('start'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/assessment/attempt/${started.id}`));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/assessment/assignments/31/attempt']);
  });

  it('says when it is not assigned to the class, or not open yet', async () => {
    show('/assessment/quiz/41', (m, p) =>
      p === '/assessment/join/41' ? { body: info({ assignment: null }) } : undefined,
    );
    expect((await screen.findByTestId('not-assigned')).textContent).toBe('This is not assigned to your class.');
    cleanup();
    show('/assessment/quiz/41', (m, p) =>
      p === '/assessment/join/41'
        ? { body: info({ assignment: assignment({ state: 'not_open', opensAt: '2026-11-28T04:30:00.000Z' }) }) }
        : undefined,
    );
    expect((await screen.findByTestId('join-closed')).textContent).toMatch(/^Opens on 28 Nov 2026/);
    expect(screen.queryByTestId('start')).toBeNull();
  });
});
