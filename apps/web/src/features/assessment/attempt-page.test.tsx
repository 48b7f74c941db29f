// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attempt, MeResponse } from '@ki/contracts';
import enAssessment from '../../locales/en/assessment.json';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import { stubMatchMedia } from '../../test-support/match-media';
import { assessmentKeys } from './api/keys';
import { AttemptPage } from './attempt-page';
import { fakeAttempt, fakeAttemptServer, question } from './fake-attempt';
import { pendingAnswers } from './pending-answers';
import { AttemptReportPage } from './report-page';

// Each test renders the whole page (Mantine, the router, the query client) and plays several steps.
vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  stubMatchMedia();
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { assessment: enAssessment, common: enCommon, errors: enErrors } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

const ID = '11111111-1111-4111-8111-111111111111';
const KEYS = { 1: [2], 2: [2], 3: [0, 2], 4: [0] };
const STUDENT = {
  user: { id: 7, role: 'student', firstName: 'Asha' },
  abilities: { writeRecords: true, learn: true },
} as unknown as MeResponse;

function show(
  server: ReturnType<typeof fakeAttemptServer>,
  url = `/assessment/attempt/${ID}`,
  prepare?: (client: QueryClient) => void,
) {
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], STUDENT);
  prepare?.(client);
  const router = createMemoryRouter(
    [
      { path: '/assessment/attempt/:attemptId', element: <AttemptPage /> },
      { path: '/assessment/attempt/:attemptId/report', element: <AttemptReportPage /> },
      { path: '/assessment', element: <p data-testid="home">home</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, client };
}

const quiz = (extra: Partial<Attempt> = {}) => fakeAttemptServer(fakeAttempt(extra), KEYS);

describe('a quiz attempt', () => {
  it('starts the first question’s clock, takes an answer, and shows right or wrong with marks and solution', async () => {
    const server = quiz();
    show(server);
    expect(await screen.findByText('Question 1 of 5')).toBeTruthy();
    await waitFor(() => expect(server.writes()).toEqual(['POST /questions/1/view']));
    fireEvent.click(await screen.findByTestId('option-2'));
    const feedback = await screen.findByTestId('feedback');
    expect(within(feedback).getByTestId('verdict').textContent).toContain('Right answer!');
    expect(within(feedback).getByTestId('question-marks').textContent).toBe('300 / 300 marks');
    expect(within(feedback).getByTestId('question-seconds').textContent).toBe('in 4 seconds');
    expect(within(feedback).getByTestId('solution').textContent).toContain('Solution of 1');
    expect(server.writes()).toEqual(['POST /questions/1/view', 'PUT /questions/1/answer']);
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({ chosen: [2], textAnswer: null });
    // A quiz answer is final: another tap sends nothing.
    fireEvent.click(screen.getByTestId('option-0'));
    expect(server.writes()).toHaveLength(2);
    // Next goes on to question 2, whose clock starts when it shows.
    fireEvent.click(within(feedback).getByTestId('next'));
    expect(await screen.findByText('Question 2 of 5')).toBeTruthy();
    await waitFor(() => expect(server.writes()).toContain('POST /questions/2/view'));
  });

  it('shows a wrong answer with the right one; the panel marks answered, current and not visited', async () => {
    const server = quiz();
    show(server);
    fireEvent.click(await screen.findByTestId('option-0'));
    const feedback = await screen.findByTestId('feedback');
    expect(within(feedback).getByTestId('verdict').textContent).toContain('Wrong answer');
    expect(within(feedback).getByTestId('question-marks').textContent).toBe('0 / 300 marks');
    expect(within(feedback).getByTestId('right-answer').textContent).toBe('Right answer: Earth');
    // The panel is a bottom sheet on a phone.
    fireEvent.click(screen.getByTestId('open-panel'));
    const panel = await screen.findByTestId('status-panel');
    expect(within(panel).getByTestId('panel-q1').getAttribute('data-status')).toBe('answered');
    expect(within(panel).getByTestId('panel-q1').hasAttribute('data-current')).toBe(true);
    expect(within(panel).getByTestId('panel-q2').getAttribute('data-status')).toBe('not_visited');
    expect(within(panel).getByTestId('legend-answered').textContent).toBe('Answered1');
    expect(within(panel).getByTestId('legend-not_visited').textContent).toBe('Not visited4');
    fireEvent.click(within(panel).getByTestId('panel-q4'));
    expect(await screen.findByText('Question 4 of 5')).toBeTruthy();
  });

  it('uses each power-up once, after a confirmation, then says what it did', async () => {
    const server = quiz();
    show(server);
    await screen.findByText('Question 1 of 5');
    await waitFor(() => expect(server.attempt.questions[0]?.status).toBe('unanswered'));
    fireEvent.click(screen.getByTestId('power-up-timer'));
    expect(
      await screen.findByText('10 seconds of this question will not count. You can use Timer only once in this quiz.'),
    ).toBeTruthy();
    expect(server.writes()).not.toContain('POST /power-ups');
    fireEvent.click(screen.getByTestId('power-up-dialog-confirm'));
    expect(await screen.findByText('Timer is on: 10 seconds of this question do not count.')).toBeTruthy();
    expect(server.calls.find((c) => c.path.endsWith('/power-ups'))?.body).toEqual({ powerUp: 'timer', position: 1 });
    await waitFor(() => expect((screen.getByTestId('power-up-timer') as HTMLButtonElement).disabled).toBe(true));

    fireEvent.click(screen.getByTestId('power-up-fifty_fifty'));
    fireEvent.click(await screen.findByTestId('power-up-dialog-confirm'));
    expect(await screen.findByText('50-50 is on: two wrong options are gone.')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('option-0') as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByTestId('option-1') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('option-0').getAttribute('data-removed')).toBe('');
    expect((screen.getByTestId('power-up-fifty_fifty') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when a power-up is refused', async () => {
    const server = quiz({ powerUps: { timer: { usedOn: null }, fiftyFifty: { usedOn: null } } });
    show(server);
    await screen.findByText('Question 1 of 5');
    await waitFor(() => expect(server.attempt.questions[0]?.status).toBe('unanswered'));
    // Used on another device meanwhile: the server refuses it.
    server.attempt.powerUps.timer.usedOn = 3;
    fireEvent.click(screen.getByTestId('power-up-timer'));
    fireEvent.click(await screen.findByTestId('power-up-dialog-confirm'));
    expect(await screen.findByText('This power-up has already been used.')).toBeTruthy();
  });

  it('submits after showing how many questions have no answer', async () => {
    const server = quiz();
    show(server);
    fireEvent.click(await screen.findByTestId('option-2'));
    await screen.findByTestId('feedback');
    fireEvent.click(screen.getByTestId('submit'));
    expect((await screen.findByTestId('unattempted')).textContent).toBe('4 questions are not answered.');
    fireEvent.click(screen.getByTestId('submit-dialog-confirm'));
    const done = await screen.findByTestId('completion');
    expect(done.getAttribute('data-reason')).toBe('submitted');
    expect(screen.getByTestId('completion-marks').textContent).toBe('300 / 1500 marks');
    expect(screen.getByTestId('count-right').textContent).toBe('1');
    expect(server.writes().at(-1)).toBe('POST /finish');
    expect(server.calls.at(-1)?.body).toEqual({ reason: 'submitted' });
  });

  it('exiting offers resume, resume later, or abort (with its own confirmation)', async () => {
    const server = quiz();
    const { router } = show(server);
    await screen.findByText('Question 1 of 5');
    fireEvent.click(screen.getByTestId('exit'));
    fireEvent.click(await screen.findByTestId('exit-resume'));
    await waitFor(() => expect(screen.queryByTestId('exit-resume')).toBeNull());
    // Leaving by the app's own links asks the same question.
    act(() => void router.navigate('/assessment'));
    fireEvent.click(await screen.findByTestId('exit-abort'));
    expect(await screen.findByText('Your answers so far will not count, and you cannot resume it.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('abort-dialog-confirm'));
    const done = await screen.findByTestId('completion');
    expect(done.getAttribute('data-reason')).toBe('aborted');
    expect(server.calls.at(-1)?.body).toEqual({ reason: 'aborted' });
    expect(router.state.location.pathname).toBe(`/assessment/attempt/${ID}`);
  });

  it('resume later leaves the attempt open and goes to the quizzes home', async () => {
    const server = quiz();
    const { router } = show(server);
    await screen.findByText('Question 1 of 5');
    fireEvent.click(screen.getByTestId('exit'));
    fireEvent.click(await screen.findByTestId('exit-later'));
    expect(await screen.findByTestId('home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/assessment');
    expect(server.writes()).not.toContain('POST /finish');
  });

  it('resumes where it was left: the first question without an answer, with the answers given', async () => {
    const server = quiz({
      questions: [
        question(1, 'multiple_choice', {
          status: 'answered',
          chosen: [2],
          result: { answer: [2], solution: 's', correct: true, marks: 300, maxMarks: 300, seconds: 3, comment: null },
        }),
        question(2, 'fill_blank', { status: 'unanswered' }),
        question(3, 'multiple_select'),
        question(4, 'true_false'),
        question(5, 'open_ended'),
      ],
    });
    show(server);
    expect(await screen.findByText('Question 2 of 5')).toBeTruthy();
    // Seen before: its clock already runs, no second view.
    expect(server.writes()).toEqual([]);
    fireEvent.click(screen.getByTestId('option-2'));
    await waitFor(() => expect(screen.getByTestId('question-text').textContent).toBe('The third planet is Earth.'));
  });
});

describe('an answer never lost silently', () => {
  it('offline, an answer waits on the device, shows as pending, and is sent when the network is back', async () => {
    const server = quiz();
    show(server);
    await screen.findByText('Question 1 of 5');
    await waitFor(() => expect(server.attempt.questions[0]?.status).toBe('unanswered'));
    act(() => onlineManager.setOnline(false));
    expect(await screen.findByTestId('attempt-offline')).toBeTruthy();
    fireEvent.click(screen.getByTestId('option-1'));
    expect((await screen.findByTestId('answer-pending')).getAttribute('data-state')).toBe('offline');
    expect(pendingAnswers.of(ID)).toEqual({ 1: { chosen: [1], textAnswer: null } });
    expect(JSON.parse(localStorage.getItem('ki.pendingAnswers') ?? '{}')).toEqual({
      [ID]: { 1: { chosen: [1], textAnswer: null } },
    });
    expect(server.writes()).toEqual(['POST /questions/1/view']);
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByTestId('feedback')).toBeTruthy();
    expect(server.writes()).toEqual(['POST /questions/1/view', 'PUT /questions/1/answer']);
    expect(pendingAnswers.of(ID)).toEqual({});
    expect(screen.queryByTestId('answer-pending')).toBeNull();
  });

  it('an answer whose tries all fail stays pending with Send again, which sends it', async () => {
    const server = quiz();
    show(server);
    await screen.findByText('Question 1 of 5');
    await waitFor(() => expect(server.attempt.questions[0]?.status).toBe('unanswered'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.state.unreachable = true;
      fireEvent.click(screen.getByTestId('option-2'));
      expect((await screen.findByTestId('answer-pending')).getAttribute('data-state')).toBe('sending');
      // 1 + 2 + 4 + 8 seconds of retries.
      await act(() => vi.advanceTimersByTimeAsync(16_000));
      await waitFor(() => expect(screen.getByTestId('answer-pending').getAttribute('data-state')).toBe('failed'));
      expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(5);
      expect(pendingAnswers.of(ID)[1]).toEqual({ chosen: [2], textAnswer: null, failed: true });
    } finally {
      vi.useRealTimers();
    }
    server.state.unreachable = false;
    fireEvent.click(screen.getByTestId('send-again'));
    expect(await screen.findByTestId('feedback')).toBeTruthy();
    expect(pendingAnswers.of(ID)).toEqual({});
    expect(screen.queryByTestId('answer-pending')).toBeNull();
  });

  it('a read of the attempt that left before the question’s view does not undo it when it arrives last', async () => {
    const server = quiz();
    server.state.readDelayMs = 300;
    // As after Start: the page opens on the copy the start answered, and reads the attempt again.
    show(server, undefined, (client) =>
      client.setQueryData(assessmentKeys.attempt(ID), { ...structuredClone(server.attempt), receivedAt: Date.now() }),
    );
    expect(await screen.findByTestId('option-2')).toBeTruthy();
    expect(server.writes()).toEqual(['POST /questions/1/view']);
    expect(server.calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    // The read answers now, with question 1 as it was before its view.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByTestId('question-loading')).toBeNull();
    expect(screen.getByTestId('option-2')).toBeTruthy();
  });

  it('a question whose opening fails on every try says so, with Try again, which opens it', async () => {
    const server = quiz();
    server.state.viewsUnreachable = true;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      show(server);
      await screen.findByText('Question 1 of 5');
      expect(screen.getByTestId('question-loading')).toBeTruthy();
      expect(screen.queryByTestId('view-failed')).toBeNull();
      // 1 + 2 + 4 + 8 seconds of retries.
      await act(() => vi.advanceTimersByTimeAsync(16_000));
      expect(await screen.findByTestId('view-failed')).toBeTruthy();
      // In place of the loader: the page no longer says it is opening the question.
      expect(screen.queryByTestId('question-loading')).toBeNull();
      expect(server.calls.filter((c) => c.path.endsWith('/questions/1/view'))).toHaveLength(5);
    } finally {
      vi.useRealTimers();
    }
    server.state.viewsUnreachable = false;
    fireEvent.click(screen.getByTestId('view-again'));
    expect(await screen.findByTestId('option-2')).toBeTruthy();
    expect(screen.queryByTestId('view-failed')).toBeNull();
    expect(server.attempt.questions[0]?.status).toBe('unanswered');
  });

  it('an answer left on the device by a reload is sent when the attempt opens again', async () => {
    const server = quiz({
      questions: [question(1, 'multiple_choice', { status: 'unanswered' }), question(2, 'true_false')],
    });
    pendingAnswers.put(ID, 1, { chosen: [2], textAnswer: null });
    show(server);
    // It counts as answered here: the page opens at the next question.
    expect(await screen.findByText('Question 2 of 2')).toBeTruthy();
    await waitFor(() => expect(server.writes()).toContain('PUT /questions/1/answer'));
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({ chosen: [2], textAnswer: null });
    await waitFor(() => expect(pendingAnswers.of(ID)).toEqual({}));
    expect(server.attempt.questions[0]?.result?.marks).toBe(300);
  });

  it('an answer the server refuses for good says why and is no longer pending', async () => {
    const server = quiz({
      questions: [question(1, 'multiple_choice', { status: 'answered', chosen: [0] }), question(2, 'true_false')],
    });
    pendingAnswers.put(ID, 1, { chosen: [2], textAnswer: null });
    show(server, `/assessment/attempt/${ID}?q=1`);
    await waitFor(() => expect(server.writes()).toContain('PUT /questions/1/answer'));
    await waitFor(() => expect(pendingAnswers.of(ID)).toEqual({}));
  });
});

describe('a test attempt', () => {
  const test = (extra: Partial<Attempt> = {}) =>
    fakeAttemptServer(fakeAttempt({ kind: 'test', name: 'Science practice test', maxMarks: 600, ...extra }), KEYS);

  afterEach(() => {
    delete (document as { fullscreenEnabled?: boolean }).fullscreenEnabled;
  });

  it('where full screen is not available, runs in the page and says so; answers change until submission', async () => {
    const server = test();
    show(server);
    expect(await screen.findByTestId('no-full-screen')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('option-0'));
    await waitFor(() => expect(server.attempt.questions[0]?.chosen).toEqual([0]));
    fireEvent.click(screen.getByTestId('option-2'));
    await waitFor(() => expect(server.attempt.questions[0]?.chosen).toEqual([2]));
    // No key before submission.
    expect(screen.queryByTestId('feedback')).toBeNull();
    fireEvent.click(screen.getByTestId('mark-review'));
    await waitFor(() => expect(server.attempt.questions[0]?.status).toBe('review'));
    fireEvent.click(screen.getByTestId('bookmark'));
    await waitFor(() => expect(server.attempt.questions[0]?.bookmarked).toBe(true));
    fireEvent.click(screen.getByTestId('go-next'));
    expect(await screen.findByText('Question 2 of 5')).toBeTruthy();
    fireEvent.click(screen.getByTestId('submit'));
    expect((await screen.findByTestId('unattempted')).textContent).toBe('4 questions are not answered.');
  });

  it('the Timer adds a minute to the deadline', async () => {
    const server = test({ serverNow: '2026-11-26T06:30:00.000Z', deadlineAt: '2026-11-26T06:32:00.000Z' });
    show(server);
    await waitFor(() => expect(screen.getByTestId('countdown').getAttribute('data-seconds')).toBe('120'));
    fireEvent.click(screen.getByTestId('power-up-timer'));
    expect(
      await screen.findByText('60 seconds will be added to your time. You can use Timer only once in this test.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('power-up-dialog-confirm'));
    await waitFor(() =>
      expect(Number(screen.getByTestId('countdown').getAttribute('data-seconds'))).toBeGreaterThan(170),
    );
  });

  it('in full screen: asks to enter it, warns, and submits the test when the student leaves it', async () => {
    let element: Element | null = null;
    const change = () => document.dispatchEvent(new Event('fullscreenchange'));
    Object.defineProperty(document, 'fullscreenEnabled', { value: true, configurable: true });
    Object.defineProperty(document, 'fullscreenElement', { get: () => element, configurable: true });
    document.documentElement.requestFullscreen = vi.fn(async () => {
      element = document.documentElement;
      change();
    });
    document.exitFullscreen = vi.fn(async () => {
      element = null;
      change();
    });
    const server = test();
    show(server);
    fireEvent.click(await screen.findByTestId('enter-full-screen'));
    expect(await screen.findByTestId('full-screen-warning')).toBeTruthy();
    expect(screen.getByText('Question 1 of 5')).toBeTruthy();
    fireEvent.click(screen.getByTestId('option-1'));
    await waitFor(() => expect(server.attempt.questions[0]?.chosen).toEqual([1]));
    // Escape, or the browser's own button.
    await act(async () => {
      element = null;
      change();
    });
    const done = await screen.findByTestId('completion');
    expect(done.getAttribute('data-reason')).toBe('left_full_screen');
    expect(screen.getByTestId('completion-reason').textContent).toBe(
      'You left full screen, so the test was submitted automatically.',
    );
    expect(server.calls.at(-1)?.body).toEqual({ reason: 'left_full_screen' });
  });
});

describe('the report', () => {
  it('shows each question’s answer, marks and solution; an open-ended answer not yet marked says feedback comes later', async () => {
    const result = { solution: 'Because it is.', seconds: 5, comment: null };
    const server = fakeAttemptServer(
      fakeAttempt({
        kind: 'test',
        finishedAt: '2026-11-26T06:40:00.000Z',
        finishReason: 'submitted',
        marks: 100,
        maxMarks: 600,
        awaitingMarking: 1,
        questions: [
          question(1, 'multiple_choice', {
            status: 'answered',
            chosen: [2],
            result: { ...result, answer: [2], correct: true, marks: 100, maxMarks: 100 },
          }),
          question(2, 'true_false', {
            status: 'answered',
            chosen: [1],
            result: { ...result, answer: [0], correct: false, marks: 0, maxMarks: 100 },
          }),
          question(3, 'open_ended', {
            status: 'answered',
            textAnswer: 'Plants make food.',
            result: { ...result, answer: [], correct: null, marks: null, maxMarks: 200 },
          }),
          question(4, 'open_ended', {
            status: 'answered',
            textAnswer: 'Roots hold water.',
            result: {
              ...result,
              answer: [],
              correct: null,
              marks: 150,
              maxMarks: 200,
              comment: 'Good, add an example.',
            },
          }),
        ],
      }),
    );
    show(server, `/assessment/attempt/${ID}/report`);
    expect((await screen.findByTestId('report-marks')).textContent).toBe('100 / 600 marks');
    expect(screen.getByTestId('report-awaiting').textContent).toBe(
      "1 open-ended answer is waiting for your teacher's marks.",
    );
    const q2 = screen.getByTestId('report-q2');
    expect(within(q2).getByTestId('verdict').textContent).toContain('Wrong answer');
    expect(within(q2).getByTestId('right-answer').textContent).toBe('Right answer: True');
    expect(within(q2).getByTestId('solution').textContent).toContain('Because it is.');
    expect(within(screen.getByTestId('report-q3')).getByTestId('feedback-later').textContent).toBe(
      'Feedback comes later: your teacher has not marked this answer yet.',
    );
    const q4 = screen.getByTestId('report-q4');
    expect(within(q4).getByTestId('teacher-mark').textContent).toContain("Your teacher's marks: 150 / 200");
    expect(within(q4).getByTestId('teacher-comment').textContent).toContain('Good, add an example.');
    expect((within(q4).getByTestId('text-answer') as HTMLTextAreaElement).value).toBe('Roots hold water.');
  });
});
