import type { AttemptQuestion, QuestionStatus } from '@ki/contracts';
import type { LoadedAttempt } from './api/loaded-attempt';
import type { PendingOfAttempt } from './pending-answers';

/** A question's place in the status panel (spec 3: answered, unanswered, to be reviewed, not visited, current). */
export type PanelStatus = QuestionStatus | 'current';

export interface PanelEntry {
  position: number;
  status: PanelStatus;
  /** Its status apart from being the current one (the legend counts these). */
  base: QuestionStatus;
  bookmarked: boolean;
  /** Answered here, not yet on the server. */
  pending: boolean;
}

/** Whether a question has an answer: the server's, or one on its way. */
export function isAnswered(question: AttemptQuestion, pending: PendingOfAttempt): boolean {
  if (pending[question.position]) return true;
  return question.status === 'answered' || (question.status === 'review' && hasAnswer(question));
}

const hasAnswer = (q: Pick<AttemptQuestion, 'chosen' | 'textAnswer'>) =>
  (q.chosen !== null && q.chosen.length > 0) || !!q.textAnswer?.trim();

/**
 * The panel: the server's status of each question, an answer still on its way counted as answered
 * (it is, on this device), and the one on screen as current.
 */
export function panelEntries(attempt: LoadedAttempt, current: number, pending: PendingOfAttempt): PanelEntry[] {
  return attempt.questions.map((q) => {
    const isPending = !!pending[q.position];
    const base: QuestionStatus = isPending && q.status !== 'review' ? 'answered' : q.status;
    return {
      position: q.position,
      status: q.position === current ? 'current' : base,
      base,
      bookmarked: q.bookmarked,
      pending: isPending,
    };
  });
}

/** How many questions have each status, for the legend (the current one counted by its own status). */
export function statusCounts(entries: PanelEntry[]): Record<QuestionStatus, number> & { bookmarked: number } {
  const counts = { answered: 0, unanswered: 0, review: 0, not_visited: 0, bookmarked: 0 };
  for (const e of entries) {
    counts[e.base] += 1;
    if (e.bookmarked) counts.bookmarked += 1;
  }
  return counts;
}

/** Questions without an answer (the number the submit dialog shows, spec 4.9). */
export const unattempted = (attempt: LoadedAttempt, pending: PendingOfAttempt): number =>
  attempt.questions.filter((q) => !isAnswered(q, pending)).length;

/**
 * Where the page opens an attempt (first load, resume): the question asked for in the address if it
 * exists, else the first without an answer, else the first.
 */
export function openingPosition(attempt: LoadedAttempt, asked: number | null, pending: PendingOfAttempt): number {
  if (asked !== null && attempt.questions.some((q) => q.position === asked)) return asked;
  return attempt.questions.find((q) => !isAnswered(q, pending))?.position ?? attempt.questions[0]?.position ?? 1;
}

/** After answering a quiz question: the next one without an answer (after it, then from the start), or null when all are answered. */
export function nextUnanswered(attempt: LoadedAttempt, after: number, pending: PendingOfAttempt): number | null {
  const open = attempt.questions.filter((q) => !isAnswered(q, pending)).map((q) => q.position);
  return open.find((p) => p > after) ?? open[0] ?? null;
}

/**
 * Whether 50-50 can help on this question as the page sees it: a choice of one or several among at
 * least three options still shown (true/false and open-ended have nothing to take away). The server
 * decides for good (POWER_UP_NOT_APPLICABLE when fewer than two wrong options are left).
 */
export function fiftyFiftyFits(question: AttemptQuestion): boolean {
  if (question.type === 'true_false' || question.type === 'open_ended') return false;
  return question.options.length - question.removedOptions.length >= 3;
}

/** Counts for the completion page: right, wrong, not answered, and open-ended answers still to be marked. */
export function resultCounts(attempt: LoadedAttempt) {
  let correct = 0;
  let wrong = 0;
  let unanswered = 0;
  for (const q of attempt.questions) {
    if (!hasAnswer(q)) unanswered += 1;
    else if (q.result?.correct === true) correct += 1;
    else if (q.result?.correct === false) wrong += 1;
  }
  return { correct, wrong, unanswered, awaitingMarking: attempt.awaitingMarking };
}
