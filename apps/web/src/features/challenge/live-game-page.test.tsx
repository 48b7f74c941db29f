// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ack, GameSnapshot, MeResponse } from '@ki/contracts';
import type * as SocketModule from '../../lib/socket';
import enAssessment from '../../locales/en/assessment.json';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import { stubMatchMedia } from '../../test-support/match-media';
import { CreateChallengePage } from './create-challenge-page';
import { CODE, fakeInfo, fakeOver, fakeOwn, fakeQuestion, fakeRound, fakeSnapshot, row } from './fake-game';
import { LiveGamePage } from './live-game-page';

// The page's socket is a fake the test plays the server through: it answers the page's events
// (each test's `server`) and pushes the server's events to the page.
const fake = vi.hoisted(() => ({ socket: null as unknown }));
vi.mock('../../lib/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof SocketModule>()),
  appSocket: () => fake.socket,
}));

vi.setConfig({ testTimeout: 30_000 });

type Listener = (...args: unknown[]) => void;
type Server = (event: string, payload: Record<string, unknown>) => Ack<unknown> | Promise<Ack<unknown>>;

class FakeSocket {
  connected = true;
  active = true;
  readonly sent: { event: string; payload: Record<string, unknown> }[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  constructor(public server: Server) {}
  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  connect() {
    this.connected = this.active = true;
    return this;
  }
  disconnect() {
    this.connected = this.active = false;
    return this;
  }
  timeout() {
    return {
      emitWithAck: async (event: string, payload: Record<string, unknown>) => {
        this.sent.push({ event, payload });
        return this.server(event, payload);
      },
    };
  }
  /** The server sends an event to this page. */
  push(event: string, ...args: unknown[]) {
    act(() => {
      for (const listener of this.listeners.get(event) ?? []) listener(...args);
    });
  }
  /** The network drops, and comes back (the client's reconnect). */
  drop() {
    this.connected = false;
    this.push('disconnect', 'transport close');
  }
  reconnect() {
    this.connected = true;
    this.push('connect');
  }
  events(name: string) {
    return this.sent.filter((s) => s.event === name).map((s) => s.payload);
  }
}

const ok = <T,>(value: T): Ack<T> => ({ ok: true, value });
const refused = (code: string): Ack<never> => ({ ok: false, code, message: `server: ${code}` });

/** A server that answers join with `snapshot` and takes every other event (an answer as given 12 s after its question). */
const serving =
  (snapshot: GameSnapshot, others: Partial<Record<string, Ack<unknown>>> = {}): Server =>
  (event, payload) =>
    event === 'challenge:join'
      ? ok(snapshot)
      : (others[event] ??
        ok(
          event === 'challenge:answer'
            ? { accepted: true, duplicate: false, choice: payload.choice, seconds: 12 }
            : null,
        ));

const STUDENT = {
  user: { id: 7, role: 'student' },
  abilities: { writeRecords: true, learn: true },
} as unknown as MeResponse;

beforeAll(async () => {
  stubMatchMedia();
  // jsdom has none: the segmented control watches its size.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
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

function show(url: string, server: Server) {
  const socket = new FakeSocket(server);
  fake.socket = socket;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], STUDENT);
  const router = createMemoryRouter(
    [
      { path: '/assessment/showPlayers/:code', element: <LiveGamePage /> },
      { path: '/assessment/WaitingLobby/:code', element: <LiveGamePage /> },
      { path: '/assessment/practicequiz/challenge/:subject?', element: <CreateChallengePage /> },
      { path: '/assessment', element: <p data-testid="home">home</p> },
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
  return { socket, router };
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe("the host's start-game lobby", () => {
  it('shows the code and link, lists who joins from challenge:lobby, and starts once a friend is in', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true);
    const host = fakeSnapshot({
      info: fakeInfo({ isHost: true, players: 1 }),
      you: { name: 'Asha P.', avatar: 'scientist', score: 0, rank: 1 },
      lobby: { count: 1, recent: [{ name: 'Asha P.', avatar: 'scientist' }], answered: 0 },
    });
    const { socket } = show(`/assessment/showPlayers/${CODE}`, serving(host));
    expect((await screen.findByTestId('game-code')).getAttribute('data-code')).toBe(CODE);
    expect(socket.events('challenge:join')).toEqual([{ code: CODE }]);
    expect((screen.getByTestId('share-url') as HTMLInputElement).value).toBe(
      `${window.location.origin}/assessment/WaitingLobby/${CODE}`,
    );
    expect(text('player-count')).toBe('0 friends have joined');
    expect(screen.getByTestId('start').hasAttribute('disabled')).toBe(true);
    expect(text('start-hint')).toBe('You can start once at least one friend has joined.');

    fireEvent.click(screen.getByTestId('share-copy'));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/assessment/WaitingLobby/${CODE}`),
    );
    expect(await screen.findByText('Link copied')).toBeTruthy();

    socket.push('challenge:lobby', {
      players: 3,
      answered: 0,
      recent: [
        { name: 'Asha P.', avatar: 'scientist' },
        { name: 'Ravi K.', avatar: 'doctor' },
        { name: 'Meena S.', avatar: 'engineer' },
      ],
    });
    expect(text('player-count')).toBe('2 friends have joined');
    expect(screen.getAllByTestId('player').map((p) => p.textContent)).toEqual(['Asha P.', 'Ravi K.', 'Meena S.']);
    expect(screen.queryByTestId('start-hint')).toBeNull();
    fireEvent.click(screen.getByTestId('start'));
    await waitFor(() => expect(socket.events('challenge:start')).toEqual([{ code: CODE }]));

    // The first question comes to the host too: a host who plays answers, and sees the answers come in.
    socket.push('challenge:question', fakeQuestion(0));
    expect(await screen.findByTestId('question-text')).toBeTruthy();
    expect(text('answered-count')).toBe('0 of 3 have answered');
    socket.push('challenge:lobby', { players: 3, answered: 2, recent: [] });
    expect(text('answered-count')).toBe('2 of 3 have answered');
  });

  it('says why Start was refused', async () => {
    const host = fakeSnapshot({ info: fakeInfo({ isHost: true }) });
    const { socket } = show(
      `/assessment/showPlayers/${CODE}`,
      serving(host, { 'challenge:start': refused('CHALLENGE_NO_PLAYERS') }),
    );
    fireEvent.click(await screen.findByTestId('start'));
    expect((await screen.findByTestId('action-error')).textContent).toBe(
      'Wait for at least one friend to join before you start.',
    );
    expect(socket.events('challenge:start')).toHaveLength(1);
  });
});

describe('a player', () => {
  it('opened at a round’s scoreboard (a reload), shows the question from the round with the right option and their own', async () => {
    const snapshot = fakeSnapshot({
      info: fakeInfo({ state: 'scoreboard' }),
      round: fakeRound(0),
      own: fakeOwn(0, { chosen: 2, correct: false }),
    });
    show(`/assessment/WaitingLobby/${CODE}`, serving(snapshot));
    expect((await screen.findByTestId('round')).getAttribute('data-index')).toBe('0');
    expect(screen.getByText(fakeQuestion(0).text)).toBeTruthy();
    expect(screen.getByTestId('option-1').getAttribute('data-state')).toBe('right');
    expect(screen.getByTestId('option-2').getAttribute('data-state')).toBe('wrong');
  });

  it('shows equal marks on a shared rank, says so, and marks only the player’s own row', async () => {
    const snapshot = fakeSnapshot({
      info: fakeInfo({ state: 'scoreboard' }),
      you: { name: 'Ravi K.', avatar: 'doctor', score: 300, rank: 1 },
      round: fakeRound(0, {
        top: [row(1, 'Asha P.', 300, 'scientist'), row(1, 'Ravi K.', 300, 'doctor'), row(3, 'Meena S.', 0)],
        scores: [
          [300, 2],
          [0, 1],
        ],
      }),
      own: fakeOwn(0, { rank: 1, score: 300, gained: 300 }),
    });
    show(`/assessment/WaitingLobby/${CODE}`, serving(snapshot));
    const rows = within(await screen.findByTestId('scoreboard')).getAllByTestId('score-row');
    expect(rows.map((r) => r.textContent)).toEqual(['1Asha P.300 marks', '1Ravi K.300 marks', '3Meena S.0 marks']);
    expect(rows.map((r) => r.hasAttribute('data-own'))).toEqual([false, true, false]);
    expect(text('tie-note')).toBe('Equal marks share a rank; the faster answers are listed first.');
    expect(text('own-place')).toBe('Your rank: 1 of 3 · 300 marks');
  });

  it('puts tied players on steps of the same rank on the podium', async () => {
    const over = fakeOver({
      podium: [row(1, 'Asha P.', 900, 'scientist'), row(1, 'Ravi K.', 900, 'doctor'), row(3, 'Meena S.', 300)],
    });
    show(`/assessment/WaitingLobby/${CODE}`, serving(fakeSnapshot({ info: fakeInfo({ state: 'finished' }), over })));
    await screen.findByTestId('podium');
    const steps = [1, 2, 3].map((place) => screen.getByTestId(`podium-${place}`));
    expect(steps.map((li) => li.getAttribute('data-rank'))).toEqual(['1', '1', '3']);
    // Both winners hold the trophy.
    expect(steps.map((li) => li.querySelector('.ki-live-medal') !== null)).toEqual([true, true, false]);
  });

  it('waits in the lobby, answers (locked in), sees the round and own place, then the podium', async () => {
    const { socket } = show(`/assessment/WaitingLobby/${CODE}`, serving(fakeSnapshot()));
    expect((await screen.findByTestId('waiting')).textContent).toBe('Waiting for the host to start');
    expect(text('game-title')).toBe('Science');
    expect(text('game-host')).toBe('Hosted by Asha P.');
    expect(text('game-facts')).toBe('3 questions · 30 seconds each');
    expect(text('player-count')).toBe('2 players in the game');

    socket.push('challenge:question', fakeQuestion(0));
    expect(text('question-counter')).toBe('Question 1 of 3');
    expect(screen.getByTestId('timer').getAttribute('data-seconds')).toBe('30');
    expect(screen.queryByTestId('answered-count')).toBeNull();
    fireEvent.click(screen.getByTestId('option-1'));
    expect((await screen.findByTestId('locked')).textContent).toBe('Answer locked in — waiting for the others');
    expect(socket.events('challenge:answer')).toEqual([{ code: CODE, index: 0, choice: 1 }]);
    expect(screen.getByTestId('option-1').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('option-0').hasAttribute('disabled')).toBe(true);
    // A second tap sends nothing.
    fireEvent.click(screen.getByTestId('option-2'));
    expect(socket.events('challenge:answer')).toHaveLength(1);

    // The round's one message: the page marks its own answer (12 s: 200) and reads its rank off the counts.
    socket.push('challenge:round', fakeRound(0));
    expect(text('verdict')).toBe('Right! +200 marks');
    expect(text('own-place')).toBe('Your rank: 2 of 3 · 200 marks');
    expect(screen.getByTestId('option-1').getAttribute('data-state')).toBe('right');
    expect(text('solution')).toContain('Plants take in carbon dioxide');
    const rows = within(screen.getByTestId('scoreboard')).getAllByTestId('score-row');
    expect(rows.map((r) => r.textContent)).toEqual(['1Asha P.300 marks', '2Ravi K.200 marks', '3Meena S.0 marks']);
    expect(rows[1]!.hasAttribute('data-own')).toBe(true);
    expect(screen.queryByTestId('tie-note')).toBeNull();
    expect(text('waiting-next')).toBe('Waiting for the host to show the next question…');
    expect(screen.queryByTestId('next')).toBeNull();

    // The next question: a wrong answer is marked beside the right one.
    socket.push('challenge:question', fakeQuestion(1));
    expect(text('question-counter')).toBe('Question 2 of 3');
    expect(screen.getByTestId('option-0').hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByTestId('option-0'));
    await screen.findByTestId('locked');
    socket.push('challenge:round', fakeRound(1));
    expect(text('verdict')).toBe('Not this time: 0 marks');
    expect(screen.getByTestId('option-0').getAttribute('data-state')).toBe('wrong');
    expect(screen.getByTestId('option-1').getAttribute('data-state')).toBe('right');

    // The last round is shown like the others, saying the podium comes next; then the podium.
    socket.push('challenge:question', fakeQuestion(2));
    socket.push('challenge:round', fakeRound(2, { last: true }));
    expect(screen.getByTestId('round').getAttribute('data-index')).toBe('2');
    expect(screen.getByTestId('option-1').getAttribute('data-state')).toBe('right');
    expect(text('podium-next')).toBe('Last question done: the podium follows in a moment…');
    expect(screen.queryByTestId('waiting-next')).toBeNull();
    socket.push(
      'challenge:over',
      fakeOver({
        scores: [
          [900, 1],
          [200, 1],
          [0, 2],
        ],
      }),
    );
    expect(text('over-title')).toBe('Game over!');
    expect(text('own-place')).toBe('You finished with rank 2 and 200 marks.');
    expect(within(screen.getByTestId('podium-1')).getByText('Asha P.')).toBeTruthy();
    expect(within(screen.getByTestId('podium-2')).getByText('Ravi K.')).toBeTruthy();
    expect(within(screen.getByTestId('podium-3')).getByText('Meena S.')).toBeTruthy();
    expect(within(screen.getByTestId('scoreboard')).getAllByTestId('score-row')).toHaveLength(4);
    expect(screen.getByTestId('back-to-practice').getAttribute('href')).toBe('/assessment');
    expect(screen.getByTestId('new-challenge').getAttribute('href')).toBe('/assessment/practicequiz/challenge');
  });

  it('after a reload mid-question, shows the answer already given, locked, with the time left', async () => {
    const snapshot = fakeSnapshot({
      info: fakeInfo({ state: 'question' }),
      question: fakeQuestion(1, { remainingMs: 12_000 }),
      answeredChoice: 2,
      you: { name: 'Ravi K.', avatar: 'doctor', score: 300, rank: 1 },
    });
    const { socket } = show(`/assessment/WaitingLobby/${CODE}`, serving(snapshot));
    expect((await screen.findByTestId('question-counter')).textContent).toBe('Question 2 of 3');
    expect(Number(screen.getByTestId('timer').getAttribute('data-seconds'))).toBeGreaterThanOrEqual(11);
    expect(Number(screen.getByTestId('timer').getAttribute('data-seconds'))).toBeLessThanOrEqual(12);
    expect(screen.getByTestId('option-2').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('option-2').getAttribute('data-state')).toBe('chosen');
    expect(screen.getAllByRole('button', { pressed: false }).every((b) => b.hasAttribute('disabled'))).toBe(true);
    expect(text('locked')).toBe('Answer locked in — waiting for the others');
    expect(socket.events('challenge:answer')).toEqual([]);

    // The network drops: the page says so; when it is back, it joins again and takes the snapshot.
    socket.drop();
    expect(text('reconnecting')).toBe('Reconnecting… Your place in the game is kept for a minute.');
    socket.server = serving({
      ...snapshot,
      question: null,
      round: fakeRound(1),
      own: fakeOwn(1, { chosen: 2, correct: false }),
    });
    socket.reconnect();
    expect((await screen.findByTestId('round')).getAttribute('data-index')).toBe('1');
    expect(screen.queryByTestId('reconnecting')).toBeNull();
    expect(socket.events('challenge:join')).toHaveLength(2);
    expect(screen.getByTestId('option-2').getAttribute('data-state')).toBe('wrong');
  });

  it('when the time is up without an answer, the options lock and it says so', async () => {
    show(
      `/assessment/WaitingLobby/${CODE}`,
      serving(fakeSnapshot({ info: fakeInfo({ state: 'question' }), question: fakeQuestion(0, { remainingMs: 0 }) })),
    );
    expect((await screen.findByTestId('time-up')).textContent).toBe('Time is up — waiting for the results');
    expect(screen.getByTestId('option-0').hasAttribute('disabled')).toBe(true);
  });

  it('says the host is away, and hands the place to "Play here" when another tab took it', async () => {
    const { socket } = show(`/assessment/WaitingLobby/${CODE}`, serving(fakeSnapshot()));
    await screen.findByTestId('waiting-lobby');
    socket.push('challenge:host', { away: true });
    expect(text('host-away')).toBe('The host has lost connection. The game goes on when they are back.');
    socket.push('challenge:host', { away: false });
    expect(screen.queryByTestId('host-away')).toBeNull();
    socket.push('challenge:replaced');
    expect(text('replaced')).toBe('This game is now open in another tab or on another device.');
    fireEvent.click(screen.getByTestId('play-here'));
    expect(await screen.findByTestId('waiting-lobby')).toBeTruthy();
    expect(socket.events('challenge:join')).toHaveLength(2);
  });

  it('leaves the waiting lobby for good with Leave', async () => {
    const { socket, router } = show(`/assessment/WaitingLobby/${CODE}`, serving(fakeSnapshot()));
    fireEvent.click(await screen.findByTestId('leave'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assessment'));
    expect(socket.events('challenge:leave')).toEqual([{ code: CODE }]);
  });
});

describe('a teacher who hosts a quiz', () => {
  it('sees the question and the answers coming in, not answer buttons, and moves on with Next', async () => {
    const teacher = fakeSnapshot({
      info: fakeInfo({ isHost: true, hostPlays: false, title: 'Plants quiz', hostName: 'Farhan Shaikh' }),
      you: null,
      lobby: { count: 3, recent: [row(1, 'Ravi K.', 0), row(2, 'Meena S.', 0), row(3, 'Dev R.', 0)], answered: 0 },
    });
    const { socket } = show(`/assessment/showPlayers/${CODE}`, serving(teacher));
    expect((await screen.findByTestId('player-count')).textContent).toBe('3 friends have joined');
    socket.push('challenge:question', fakeQuestion(0));
    expect(screen.getByTestId('option-0').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('time-up')).toBeNull();
    socket.push('challenge:lobby', { players: 3, answered: 1, recent: [] });
    expect(text('answered-count')).toBe('1 of 3 have answered');
    socket.push('challenge:round', fakeRound(0));
    expect(screen.queryByTestId('own-round')).toBeNull();
    expect(text('answered-count')).toBe('3 of 3 have answered');
    fireEvent.click(screen.getByTestId('next'));
    await waitFor(() => expect(socket.events('challenge:next')).toEqual([{ code: CODE }]));
    // End game asks first.
    fireEvent.click(screen.getByTestId('end'));
    fireEvent.click(await screen.findByTestId('end-confirm'));
    await waitFor(() => expect(socket.events('challenge:end')).toEqual([{ code: CODE }]));
    socket.push('challenge:over', fakeOver({ reason: 'host_ended' }));
    expect(text('over-title')).toBe('The host ended the game');
    expect(screen.queryByTestId('own-place')).toBeNull();
    expect(screen.queryByTestId('new-challenge')).toBeNull();
  });

  it('after the last question shows the podium with its button; End game is not offered there', async () => {
    const teacher = fakeSnapshot({ info: fakeInfo({ isHost: true, hostPlays: false }), you: null });
    const { socket } = show(`/assessment/showPlayers/${CODE}`, serving(teacher));
    await screen.findByTestId('player-count');
    socket.push('challenge:question', fakeQuestion(2));
    socket.push('challenge:round', fakeRound(2, { last: true }));
    expect(text('show-podium')).toBe('Show the podium');
    expect(screen.queryByTestId('next')).toBeNull();
    expect(screen.queryByTestId('end')).toBeNull();
    fireEvent.click(screen.getByTestId('show-podium'));
    await waitFor(() => expect(socket.events('challenge:next')).toEqual([{ code: CODE }]));
    socket.push('challenge:over', fakeOver());
    expect(text('over-title')).toBe('Game over!');
  });
});

describe('failures, in the student’s language', () => {
  it.each([
    ['CHALLENGE_NOT_FOUND', 'No game of your class has this code. Check the code and try again.'],
    ['CHALLENGE_ENDED', 'This game has ended.'],
    ['CHALLENGE_FULL', 'This game is full.'],
    ['CHALLENGE_PLACE_LOST', 'You were away for more than a minute, so your place in this game was given up.'],
    ['RATE_LIMITED', 'Too many wrong codes. Please wait a few minutes and try again.'],
    ['FORBIDDEN', 'Live games are played by the students of a class and run by their teacher.'],
    ['UNAUTHENTICATED', 'Your session has ended. Please sign in again.'],
  ])('a join refused with %s', async (code, message) => {
    show(`/assessment/WaitingLobby/${CODE}`, () => refused(code));
    const error = await screen.findByTestId('game-error');
    expect(error.getAttribute('data-code')).toBe(code);
    expect(within(error).getByText(message)).toBeTruthy();
    expect(screen.queryByTestId('retry')).toBeNull();
  });

  it('no answer from the server: Try again joins again', async () => {
    let up = false;
    const { socket } = show(`/assessment/WaitingLobby/${CODE}`, () => {
      if (!up) throw new Error('timed out');
      return ok(fakeSnapshot());
    });
    const error = await screen.findByTestId('game-error');
    expect(
      within(error).getByText('Could not reach the game. Check your internet connection and try again.'),
    ).toBeTruthy();
    up = true;
    fireEvent.click(screen.getByTestId('retry'));
    expect(await screen.findByTestId('waiting-lobby')).toBeTruthy();
    expect(socket.events('challenge:join')).toHaveLength(2);
  });

  it('a code that is not 6 digits is not asked for', async () => {
    const { socket } = show('/assessment/WaitingLobby/12ab', () => ok(fakeSnapshot()));
    expect((await screen.findByTestId('game-error')).getAttribute('data-code')).toBe('CHALLENGE_NOT_FOUND');
    expect(socket.sent).toEqual([]);
  });

  it('an answer that came too late is refused and says so; the options stay locked', async () => {
    const { socket } = show(
      `/assessment/WaitingLobby/${CODE}`,
      serving(fakeSnapshot({ question: fakeQuestion(0) }), { 'challenge:answer': refused('CHALLENGE_LATE_ANSWER') }),
    );
    fireEvent.click(await screen.findByTestId('option-3'));
    expect((await screen.findByTestId('late')).textContent).toBe(
      'Time was up before your answer arrived, so it does not count.',
    );
    expect(screen.getByTestId('option-3').hasAttribute('disabled')).toBe(true);
    expect(socket.events('challenge:answer')).toHaveLength(1);
  });

  it('an answer lost on the way can be given again', async () => {
    let lost = true;
    const { socket } = show(`/assessment/WaitingLobby/${CODE}`, (event) => {
      if (event === 'challenge:join') return ok(fakeSnapshot({ question: fakeQuestion(0) }));
      if (lost) throw new Error('timed out');
      return ok({ accepted: true, duplicate: false });
    });
    fireEvent.click(await screen.findByTestId('option-1'));
    expect((await screen.findByTestId('answer-error')).getAttribute('data-code')).toBe('NETWORK');
    lost = false;
    fireEvent.click(screen.getByTestId('option-1'));
    expect(await screen.findByTestId('locked')).toBeTruthy();
    expect(socket.events('challenge:answer')).toHaveLength(2);
  });
});

describe('creating a challenge', () => {
  const home = {
    subjects: [
      { id: 3, slug: 'science', name: 'Science', theme: 'science', quizQuestions: 42 },
      { id: 4, slug: 'history', name: 'History', theme: 'history', quizQuestions: 0 },
    ],
    assigned: [],
    openAttempt: null,
    recent: [],
  };

  function stubApi(create: (body: unknown) => { status: number; body: unknown }) {
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/v1/assessment/home') return new Response(JSON.stringify(home));
        if (url === '/api/v1/challenge/games' && init.method === 'POST') {
          const body: unknown = JSON.parse(String(init.body));
          posts.push(body);
          const answer = create(body);
          return new Response(JSON.stringify(answer.body), { status: answer.status });
        }
        return new Response(JSON.stringify({ code: 'NOT_FOUND', message: url }), { status: 404 });
      }),
    );
    return posts;
  }

  it('lists the subjects, then creates a game of the chosen size and opens its lobby', async () => {
    const posts = stubApi(() => ({ status: 201, body: fakeInfo({ isHost: true }) }));
    const { router } = show(
      '/assessment/practicequiz/challenge',
      serving(fakeSnapshot({ info: fakeInfo({ isHost: true }) })),
    );
    expect((await screen.findByTestId('subject-science')).getAttribute('href')).toBe(
      '/assessment/practicequiz/challenge/science',
    );
    expect(screen.getByTestId('subject-history').getAttribute('href')).toBeNull();
    fireEvent.click(screen.getByTestId('subject-science'));
    expect((await screen.findByTestId('challenge-subject')).textContent).toBe('Science');
    fireEvent.click(screen.getByRole('radio', { name: '5' }));
    fireEvent.click(screen.getByTestId('create'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/assessment/showPlayers/${CODE}`));
    expect(posts).toEqual([{ source: 'bank', subjectId: 3, questions: 5 }]);
  });

  it('says when the subject has too few questions for the game', async () => {
    stubApi(() => ({ status: 409, body: { code: 'NO_QUESTION_BANK', message: 'few', details: { available: 7 } } }));
    show('/assessment/practicequiz/challenge/science', () => ok(null));
    fireEvent.click(await screen.findByTestId('create'));
    expect((await screen.findByTestId('create-error')).textContent).toBe(
      'This subject has only 7 questions a live game can ask: choose fewer questions.',
    );
  });
});
