/** The state of one game (topic game, revise or treasure): pure, so it is tested without a browser. */
import { clampAnswerSeconds, isAnswerCorrect, SCORING } from '@ki/domain';
import type { BundleQuestion } from '@ki/contracts';

export interface GivenAnswer {
  questionId: number;
  /** Null when the 30 seconds ran out. */
  chosen: number[] | null;
  /** Seconds taken, clamped as the server marks them (clampAnswerSeconds); an unanswered question counts T. */
  seconds: number;
  correct: boolean;
}

export interface GameState {
  questions: BundleQuestion[];
  index: number;
  answers: (GivenAnswer | undefined)[];
  /** 'asking' until the current question is answered or timed out, then 'answered'; 'done' after the last. */
  phase: 'asking' | 'answered' | 'done';
  startedAt: string;
}

export type GameAction =
  | { type: 'answer'; chosen: number[]; seconds: number }
  | { type: 'timeout' }
  | { type: 'next' }
  | { type: 'restart'; questions: BundleQuestion[]; now: string };

export const initialGame = (questions: BundleQuestion[], now: string): GameState => ({
  questions,
  index: 0,
  answers: [],
  phase: 'asking',
  startedAt: now,
});

export function gameReducer(state: GameState, action: GameAction): GameState {
  const T = SCORING.secondsPerQuestion;
  switch (action.type) {
    case 'restart':
      return initialGame(action.questions, action.now);
    case 'answer':
    case 'timeout': {
      if (state.phase !== 'asking') return state;
      const q = state.questions[state.index]!;
      const given: GivenAnswer =
        action.type === 'timeout'
          ? { questionId: q.id, chosen: null, seconds: T, correct: false }
          : {
              questionId: q.id,
              chosen: action.chosen,
              // The shared clamp: the device shows the figures the server will mark.
              seconds: clampAnswerSeconds(action.seconds),
              correct: isAnswerCorrect(q.type, q.answer, action.chosen),
            };
      const answers = [...state.answers];
      answers[state.index] = given;
      return { ...state, answers, phase: 'answered' };
    }
    case 'next':
      if (state.phase !== 'answered') return state;
      if (state.index >= state.questions.length - 1) return { ...state, phase: 'done' };
      return { ...state, index: state.index + 1, phase: 'asking' };
  }
}

export type QuestionStatus = 'current' | 'correct' | 'wrong' | 'unanswered' | 'notVisited';

/** The question-status strip (access-and-app-shell.md 3: answered, unanswered, not visited, current). */
export function questionStatuses(state: GameState, revealCorrectness = true): QuestionStatus[] {
  return state.questions.map((_, i) => {
    const a = state.answers[i];
    if (a) {
      if (a.chosen === null) return 'unanswered';
      if (!revealCorrectness) return 'correct';
      return a.correct ? 'correct' : 'wrong';
    }
    return i === state.index && state.phase !== 'done' ? 'current' : 'notVisited';
  });
}
