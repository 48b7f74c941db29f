/**
 * The figures of a finished game, computed on the device with the same @ki/domain functions the
 * server marks with, so they show at once (offline too) and match the server's once synced.
 */
import {
  mistakeFeedback,
  percentCorrect,
  resultStars,
  scoreTopicAttempt,
  timeFeedback,
  type AnswerOutcome,
  type MistakeFeedback,
  type TimeFeedback,
} from '@ki/domain';
import type { RecordInput } from '@ki/contracts';
import type { GivenAnswer } from './game-state';

export interface GameFigures {
  /** N, the game's questions. */
  questionCount: number;
  correct: number;
  answered: number;
  mistakes: number;
  /** Percent correct, 0-100. */
  accuracy: number;
  averageSeconds: number;
  /** te x 100, 0-100. */
  timeEfficiency: number;
  learningCurrency: number;
  learningEfficiency: number;
  feedback: { mistakes: MistakeFeedback; time: TimeFeedback };
  /** What the child's result leads with (issue #28). */
  stars: 0 | 1 | 2 | 3;
}

/** The answers as the server marks them: answered when something was chosen (marking.ts). */
const outcomes = (answers: readonly GivenAnswer[]): AnswerOutcome[] =>
  answers.map((a) => ({ answered: a.chosen !== null && a.chosen.length > 0, correct: a.correct, seconds: a.seconds }));

export function gameFigures(answers: readonly GivenAnswer[], n: number): GameFigures {
  const marked = outcomes(answers);
  const score = scoreTopicAttempt(marked, n);
  const accuracy = percentCorrect(marked, n);
  return {
    questionCount: n,
    correct: score.correct,
    answered: marked.filter((o) => o.answered).length,
    mistakes: score.mistakes,
    accuracy,
    averageSeconds: score.averageSeconds,
    timeEfficiency: score.timeEfficiency * 100,
    learningCurrency: score.learningCurrency,
    learningEfficiency: score.learningEfficiency,
    feedback: { mistakes: mistakeFeedback(score.mistakes), time: timeFeedback(score.averageSeconds, accuracy) },
    stars: resultStars(score.correct, n),
  };
}

/** The learning record of a finished game, as queued for upload. */
export function toRecordInput(opts: {
  id: string;
  kind: 'topic' | 'revise' | 'treasure';
  chapterId: number;
  topicId: number | null;
  startedAt: string;
  finishedAt: string;
  answers: readonly GivenAnswer[];
}): RecordInput {
  return {
    id: opts.id,
    kind: opts.kind,
    chapterId: opts.chapterId,
    ...(opts.topicId !== null ? { topicId: opts.topicId } : {}),
    startedAt: opts.startedAt,
    finishedAt: opts.finishedAt,
    answers: opts.answers.map((a) => ({ questionId: a.questionId, chosen: a.chosen, seconds: a.seconds })),
  };
}
