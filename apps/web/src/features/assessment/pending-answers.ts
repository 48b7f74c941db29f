import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../lib/storage-keys';

/** An answer as the student gave it (the body of PUT .../answer). */
export interface AnswerInput {
  chosen: number[] | null;
  textAnswer: string | null;
}

/** An answer not yet on the server; `failed` once its tries ran out (the page offers "Send again"). */
export interface PendingAnswer extends AnswerInput {
  failed?: boolean;
}

export type PendingOfAttempt = Readonly<Record<number, PendingAnswer>>;
type Store = Record<string, Record<number, PendingAnswer>>;

const EMPTY: PendingOfAttempt = Object.freeze({});

export const sameAnswer = (a: AnswerInput, b: AnswerInput): boolean =>
  (a.textAnswer ?? null) === (b.textAnswer ?? null) &&
  JSON.stringify(a.chosen ?? null) === JSON.stringify(b.chosen ?? null);

/**
 * Answers given but not yet acknowledged by the server, kept on the device (localStorage) until it
 * acknowledges them: a failed or offline submission is shown as pending and sent again, and a
 * reload or a closed tab does not lose it (the page sends what it finds here when it opens the
 * attempt again). One entry per question: a later answer replaces an earlier one still on its way.
 */
export function createPendingAnswers(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null) {
  let store: Store = read();
  const listeners = new Set<() => void>();

  function read(): Store {
    try {
      const raw = storage?.getItem(STORAGE_KEYS.pendingAnswers);
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      return parsed && typeof parsed === 'object' ? (parsed as Store) : {};
    } catch {
      return {};
    }
  }
  function write(next: Store) {
    store = next;
    try {
      if (Object.keys(next).length) storage?.setItem(STORAGE_KEYS.pendingAnswers, JSON.stringify(next));
      else storage?.removeItem(STORAGE_KEYS.pendingAnswers);
    } catch {
      // A full or blocked storage keeps the answers in memory: they are still sent and shown.
    }
    for (const listener of listeners) listener();
  }
  /** Replaces one attempt's entries (none: the attempt leaves the store). */
  function update(
    attemptId: string,
    change: (entries: Record<number, PendingAnswer>) => Record<number, PendingAnswer>,
  ) {
    const entries = change({ ...(store[attemptId] ?? {}) });
    const others = Object.fromEntries(Object.entries(store).filter(([id]) => id !== attemptId));
    write(Object.keys(entries).length ? { ...others, [attemptId]: entries } : others);
  }
  const without = (entries: Record<number, PendingAnswer>, position: number) =>
    Object.fromEntries(Object.entries(entries).filter(([p]) => Number(p) !== position));

  return {
    of: (attemptId: string): PendingOfAttempt => store[attemptId] ?? EMPTY,
    /** The answer is given: it waits here until the server has it. */
    put(attemptId: string, position: number, answer: AnswerInput) {
      update(attemptId, (e) => ({ ...e, [position]: { chosen: answer.chosen, textAnswer: answer.textAnswer } }));
    },
    /** The server answered about this answer (accepted it, or refused it for good): no longer pending. */
    settle(attemptId: string, position: number, answer: AnswerInput) {
      const current = store[attemptId]?.[position];
      // A newer answer to the same question is still on its way: it stays.
      if (!current || !sameAnswer(current, answer)) return;
      update(attemptId, (e) => without(e, position));
    },
    /** Its tries ran out (the server could not be reached): kept, marked for "Send again". */
    fail(attemptId: string, position: number, answer: AnswerInput) {
      const current = store[attemptId]?.[position];
      if (!current || !sameAnswer(current, answer)) return;
      update(attemptId, (e) => ({ ...e, [position]: { ...current, failed: true } }));
    },
    /** Being sent again. */
    retrying(attemptId: string, position: number) {
      const current = store[attemptId]?.[position];
      if (!current?.failed) return;
      update(attemptId, (e) => ({ ...e, [position]: { chosen: current.chosen, textAnswer: current.textAnswer } }));
    },
    /** The attempt is over: nothing more can be sent. Answers the number of answers that never arrived. */
    drop(attemptId: string): number {
      const count = Object.keys(store[attemptId] ?? {}).length;
      if (count) update(attemptId, () => ({}));
      return count;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type PendingAnswers = ReturnType<typeof createPendingAnswers>;

/** The device's pending answers (one store per tab, over localStorage). */
export const pendingAnswers: PendingAnswers = createPendingAnswers(
  typeof localStorage === 'undefined' ? null : localStorage,
);

/** The pending answers of one attempt, re-read when they change. */
export function usePendingAnswers(attemptId: string): PendingOfAttempt {
  return useSyncExternalStore(
    (onChange) => pendingAnswers.subscribe(onChange),
    () => pendingAnswers.of(attemptId),
  );
}
