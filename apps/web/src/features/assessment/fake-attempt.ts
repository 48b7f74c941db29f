import type { Attempt, AttemptQuestion } from '@ki/contracts';
import type { LoadedAttempt } from './api/loaded-attempt';

/**
 * Attempts as the server's contract (packages/contracts assessment/attempts.ts) shapes them, for the
 * feature's tests: one question of each of the five types, nothing answered.
 */
export const NOW = '2026-11-26T06:30:00.000Z';

export function question(position: number, type: AttemptQuestion['type'], extra: Partial<AttemptQuestion> = {}): AttemptQuestion {
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

export const loaded = (attempt: Attempt, receivedAt = Date.parse(attempt.serverNow)): LoadedAttempt => ({ ...attempt, receivedAt });
