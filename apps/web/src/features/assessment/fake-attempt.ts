import type { Attempt, AttemptQuestion } from '@ki/contracts';
import type { LoadedAttempt } from './api/loaded-attempt';

/**
 * Attempts as the server's contract (packages/contracts assessment/attempts.ts) shapes them, for the
 * feature's tests: one question of each of the five types, nothing answered.
 */
export const NOW = '2026-11-26T06:30:00.000Z';

export function question(
  position: number,
  type: AttemptQuestion['type'],
  extra: Partial<AttemptQuestion> = {},
): AttemptQuestion {
  const options =
    type === 'true_false' ? ['True', 'False'] : type === 'open_ended' ? [] : ['Mercury', 'Venus', 'Earth', 'Mars'];
  return {
    position,
    type,
    text: type === 'fill_blank' ? 'The third planet is ____.' : `Question ${position} text`,
    options,
    imageId: null,
    status: 'not_visited',
    bookmarked: false,
    removedOptions: [],
    chosen: null,
    textAnswer: null,
    result: null,
    ...extra,
  };
}

export function fakeAttempt(extra: Partial<Attempt> = {}): Attempt {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'quiz',
    mode: 'practice',
    name: 'Science practice quiz',
    subject: { id: 3, slug: 'science', name: 'Science' },
    questionCount: 5,
    startedAt: NOW,
    deadlineAt: '2026-11-26T06:35:00.000Z',
    serverNow: NOW,
    finishedAt: null,
    finishReason: null,
    powerUps: { timer: { usedOn: null }, fiftyFifty: { usedOn: null } },
    marks: null,
    maxMarks: 1500,
    awaitingMarking: 0,
    questions: [
      question(1, 'multiple_choice'),
      question(2, 'fill_blank'),
      question(3, 'multiple_select'),
      question(4, 'true_false'),
      question(5, 'open_ended'),
    ],
    ...extra,
  };
}

export const loaded = (attempt: Attempt, receivedAt = Date.parse(attempt.serverNow)): LoadedAttempt => ({
  ...attempt,
  receivedAt,
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refuse = (code: string) => json({ code, message: code }, 409);

/**
 * A stand-in for the attempt routes of the contract (GET the attempt, view, answer, flags, power-ups,
 * finish) over one attempt, for the pages' component tests: it keeps the attempt's state as the
 * server would (a quiz answer final with its key and 300 marks, a test's keys after the finish) and
 * records every call. `state` makes requests fail as an unreachable server's do.
 */
export function fakeAttemptServer(initial: Attempt, keys: Record<number, number[]> = {}) {
  let attempt: Attempt = structuredClone(initial);
  const calls: Call[] = [];
  // unreachable: every request fails as an unreachable server's does; viewsUnreachable: only the views;
  // readDelayMs: a read answers with the attempt as it was when the read arrived, this much later.
  const state = { unreachable: false, viewsUnreachable: false, readDelayMs: 0 };
  const result = (q: AttemptQuestion) => {
    const open = q.type === 'open_ended';
    const key = keys[q.position] ?? [];
    const correct = open ? null : JSON.stringify(q.chosen ?? []) === JSON.stringify(key);
    const perRight = attempt.kind === 'quiz' ? 300 : 100;
    return {
      answer: key,
      solution: `Solution of ${q.position}`,
      correct,
      marks: open ? null : correct ? perRight : 0,
      maxMarks: open ? 200 : perRight,
      seconds: q.chosen || q.textAnswer ? 4 : null,
      comment: null,
    };
  };
  const edit = (position: number, change: (q: AttemptQuestion) => AttemptQuestion) => {
    attempt = { ...attempt, questions: attempt.questions.map((q) => (q.position === position ? change(q) : q)) };
  };

  // As the server: a quiz question's text and options are sent once it is viewed (its clock starts then).
  const shown = (): Attempt => ({
    ...attempt,
    questions: attempt.questions.map((q) =>
      attempt.kind === 'quiz' && !attempt.finishedAt && q.status === 'not_visited'
        ? { ...q, text: '', options: [], imageId: null }
        : q,
    ),
  });

  async function handle(url: string, init: RequestInit = {}): Promise<Response> {
    const method = init.method ?? 'GET';
    const path = url.replace(/^\/api\/v1/, '').split('?')[0]!;
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    if (state.unreachable) throw new TypeError('Failed to fetch');
    const m = path.match(/^\/assessment\/attempts\/[^/]+(?:\/(.*))?$/);
    if (!m) return json({ code: 'NOT_FOUND', message: 'no route' }, 404);
    const rest = m[1] ?? '';
    if (method === 'GET' && rest === '') {
      const then = shown();
      if (state.readDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.readDelayMs));
      return json(then);
    }
    if (attempt.finishedAt) return refuse('ATTEMPT_FINISHED');
    const q = rest.match(/^questions\/(\d+)(?:\/(view|answer))?$/);
    if (q) {
      const position = Number(q[1]);
      const target = attempt.questions.find((x) => x.position === position)!;
      if (q[2] === 'view' && state.viewsUnreachable) throw new TypeError('Failed to fetch');
      if (q[2] === 'view') edit(position, (x) => (x.status === 'not_visited' ? { ...x, status: 'unanswered' } : x));
      else if (q[2] === 'answer') {
        if (attempt.kind === 'quiz' && target.status === 'answered') return refuse('ANSWER_FINAL');
        const answer = body as { chosen: number[] | null; textAnswer: string | null };
        edit(position, (x) => {
          const next: AttemptQuestion = {
            ...x,
            status: 'answered',
            chosen: answer.chosen,
            textAnswer: answer.textAnswer,
          };
          return attempt.kind === 'quiz' ? { ...next, result: result(next) } : next;
        });
      } else {
        const flags = body as { review?: boolean; bookmarked?: boolean };
        edit(position, (x) => ({
          ...x,
          bookmarked: flags.bookmarked ?? x.bookmarked,
          status:
            flags.review === undefined ? x.status : flags.review ? 'review' : x.chosen ? 'answered' : 'unanswered',
        }));
      }
      return json(shown());
    }
    if (rest === 'power-ups') {
      const { powerUp, position } = body as { powerUp: 'timer' | 'fifty_fifty'; position: number };
      const key = powerUp === 'timer' ? 'timer' : 'fiftyFifty';
      if (attempt.powerUps[key].usedOn !== null) return refuse('POWER_UP_USED');
      attempt = { ...attempt, powerUps: { ...attempt.powerUps, [key]: { usedOn: position } } };
      if (powerUp === 'timer' && attempt.kind === 'test')
        attempt = { ...attempt, deadlineAt: new Date(Date.parse(attempt.deadlineAt) + 60_000).toISOString() };
      if (powerUp === 'fifty_fifty') {
        const wrong = attempt.questions
          .find((x) => x.position === position)!
          .options.map((_, i) => i)
          .filter((i) => !(keys[position] ?? []).includes(i))
          .slice(0, 2);
        edit(position, (x) => ({ ...x, removedOptions: wrong }));
      }
      return json(shown());
    }
    if (rest === 'finish') {
      const { reason } = body as { reason: Attempt['finishReason'] };
      attempt = { ...attempt, finishedAt: attempt.serverNow, finishReason: reason };
      attempt = { ...attempt, questions: attempt.questions.map((x) => (x.result ? x : { ...x, result: result(x) })) };
      const marks = attempt.questions.reduce((n, x) => n + (x.result?.marks ?? 0), 0);
      attempt = {
        ...attempt,
        marks,
        awaitingMarking: attempt.questions.filter((x) => x.result?.marks === null && x.textAnswer).length,
      };
      return json(attempt);
    }
    return json({ code: 'NOT_FOUND', message: rest }, 404);
  }

  return {
    fetch: handle,
    calls,
    state,
    get attempt() {
      return attempt;
    },
    /** Calls other than reading the attempt, as "METHOD path". */
    writes: () =>
      calls
        .filter((c) => c.method !== 'GET')
        .map((c) => `${c.method} ${c.path.replace(/^\/assessment\/attempts\/[^/]+/, '')}`),
  };
}
