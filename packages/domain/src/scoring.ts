/**
 * Scoring rules of shared/spec/scoring-and-metrics.md (cited below as "spec L<line>").
 * Everything here is unrounded unless the spec rounds it (currencies, spec L30 and L44); displays
 * round at the edge (see format.ts), so sums and means never accumulate rounding error.
 */
import { toEpochMs } from './activity';
import { roundHalfUp } from './rounding';

/** Constants of spec L17-L20 and L32. */
export const SCORING = {
  /** N: questions in a topic game, the "basis of 10 questions" (spec L18). */
  questionsPerGame: 10,
  /** T: seconds allotted per question (spec L19). */
  secondsPerQuestion: 30,
  /** R: seconds allowed to read a question (spec L19). */
  readAllowanceSeconds: 5,
  /** Weight of learning efficiency in the total score (spec L20). */
  learningWeight: 0.2,
  /** Weight of knowledge efficiency in the total score (spec L20). */
  knowledgeWeight: 0.8,
  /** Discount per extra attempt of the same topic (spec L32). */
  attemptDiscountStep: 0.1,
  /** Floor of the attempt discount (spec L32). */
  minAttemptFactor: 0.7,
} as const;

/**
 * The fewest seconds an answered question counts (docs/DECISIONS.md, "Seconds of a record"): nobody
 * reads and answers a question in less, so a record claiming 0 s is not taken at its word. Below R,
 * so an honest fast answer keeps its full time efficiency.
 */
export const MIN_ANSWER_SECONDS = 1;

/** Highest learning currency of one attempt: 100 for accuracy plus 10 for speed (spec L30). */
export const MAX_LEARNING_CURRENCY = 110;

/** One question of a learning record as the scoring rules see it (spec L13). */
export interface AnswerOutcome {
  /** Whether the student gave an answer at all. */
  answered: boolean;
  /** Whether the answer was right; ignored when not answered. */
  correct: boolean;
  /** Seconds taken; ignored when not answered (an unanswered question counts T, spec L25). */
  seconds: number;
}

/** Result of one topic game attempt (spec L24-L31). */
export interface TopicAttemptScore {
  /** c: correct answers. */
  correct: number;
  /** m = N - c, unanswered questions included. */
  mistakes: number;
  /** a = c / N, from 0 to 1. */
  accuracy: number;
  /** t = seconds taken / N, each question clamped to [MIN_ANSWER_SECONDS, T]. */
  averageSeconds: number;
  /** te = clamp((T - t) / (T - R), 0, 1). */
  timeEfficiency: number;
  /** LC = round(a x 100 + te x 10), an integer from 0 to 110. */
  learningCurrency: number;
  /** 100 x (a x 100 + te x 10) / 110, from 0 to 100, unrounded. */
  learningEfficiency: number;
}

/** The attempt fields that choosing a topic's best attempt needs. */
export interface ScoredAttempt {
  /** Attempt learning efficiency, unrounded (spec L31). */
  learningEfficiency: number;
  /** Attempt learning currency (spec L30). */
  learningCurrency: number;
}

/** A topic's standing after all its attempts (spec L33-L34). */
export interface TopicBest {
  /** LE_topic: the best discounted attempt learning efficiency, unrounded. */
  learningEfficiency: number;
  /** LC of the attempt that gave LE_topic. */
  learningCurrency: number;
  /** k (1-based) of the attempt that gave LE_topic. */
  attemptNumber: number;
}

/** Inputs of a chapter's knowledge figures (spec L43-L45). */
export interface ChapterKnowledgeInput {
  /** Topic learning currencies of the chapter's completed topics (missing topics count 0). */
  topicLearningCurrencies: readonly number[];
  /** Number of islands (topics) in the chapter, completed or not. */
  islandCount: number;
  /** Best treasure score, percent correct from 0 to 100. */
  bestTreasurePercent: number;
}

/** A chapter's knowledge figures (spec L43-L45). */
export interface ChapterKnowledge {
  /** KE_ch: best treasure percent, 0 to 100. */
  knowledgeEfficiency: number;
  /** KC_ch, a whole number. */
  knowledgeCurrency: number;
}

/** Inputs of a student's scores, overall or within one subject (spec L49-L50). */
export interface StudentScoreInput {
  /** LE_topic of every completed topic. */
  topicLearningEfficiencies: readonly number[];
  /** KE_ch of every completed chapter. */
  chapterKnowledgeEfficiencies: readonly number[];
}

/** A student's scores (spec L49-L51), unrounded. */
export interface StudentScore {
  /** LE: mean LE_topic, 0 when no topic is completed. */
  learningEfficiency: number;
  /** KE: mean KE_ch, 0 when no chapter is completed. */
  knowledgeEfficiency: number;
  /** 0.2 x LE + 0.8 x KE, 0 to 100. */
  totalScore: number;
}

/** A leaderboard row as far as ordering is concerned (spec L81-L82). */
export interface LeaderboardEntry {
  /** Unrounded total score. */
  totalScore: number;
  /** Learning currency, the first tie-break. */
  learningCurrency: number;
  /** Time of the newest record; null (or unparsable) ranks after any real time. */
  lastActivityAt: Date | string | number | null;
}

/**
 * Every question type (the curriculum's four plus teacher-marked open-ended). The contracts, the
 * server's table types and the questions.type CHECK of migrations/0001_core_schema.sql use this list.
 */
export const QUESTION_TYPES = ['multiple_choice', 'fill_blank', 'multiple_select', 'true_false', 'open_ended'] as const;

/** A question type. */
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Marks of a quiz or challenge question answered correctly within 10 s (spec L85). */
export const QUIZ_MARKS_FAST = 300;
/** Marks of a quiz or challenge question answered correctly within 20 s (spec L85). */
export const QUIZ_MARKS_MEDIUM = 200;
/** Marks of a quiz or challenge question answered correctly after 20 s (spec L86). */
export const QUIZ_MARKS_SLOW = 100;
/** Seconds up to which a correct quiz answer earns QUIZ_MARKS_FAST, inclusive (spec L85). */
export const QUIZ_FAST_SECONDS = 10;
/** Seconds up to which a correct quiz answer earns QUIZ_MARKS_MEDIUM, inclusive (spec L85). */
export const QUIZ_MEDIUM_SECONDS = 20;
/** Marks of a correct auto-marked test answer (spec L87). */
export const TEST_OBJECTIVE_MARKS = 100;
/** Maximum marks of an open-ended test question, given later by a teacher (spec L87-L88). */
export const OPEN_ENDED_MAX_MARKS = 200;

function assertPositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Seconds an answered question of a game counts: the seconds taken clamped to
 * [MIN_ANSWER_SECONDS, T] (spec "Readings fixed later": at most T). An unknown time (NaN) counts T,
 * so a bad clock never makes a student look faster. The one clamp of the app: the learner game,
 * the scoring below and the server's marking all call it (issue #22).
 */
export function clampAnswerSeconds(seconds: number): number {
  const T = SCORING.secondsPerQuestion;
  if (Number.isNaN(seconds)) return T;
  return clamp(seconds, MIN_ANSWER_SECONDS, T);
}

/**
 * Seconds a question of a game counts: T when unanswered (spec L25), else clampAnswerSeconds. The
 * average time of scoreTopicAttempt and the question seconds the server stores for a game (its
 * marking) both add these, so the two cannot drift.
 *
 * @param answer the question's outcome; its seconds are ignored when unanswered
 */
export function countedSeconds(answer: AnswerOutcome): number {
  if (!answer.answered) return SCORING.secondsPerQuestion;
  return clampAnswerSeconds(answer.seconds);
}

/**
 * Scores one topic game attempt (spec L24-L31). Answers missing from the array (fewer than `n`)
 * count as unanswered; a question is correct only when answered and correct.
 *
 * @param answers the attempt's questions, at most `n`
 * @param n questions in the game, N (default 10, spec L18)
 * @throws RangeError when `n` is not a positive integer or there are more answers than `n`
 * @example Spec L36-L38: 8 of 10 correct at 12 s average -> LC 87, LE 79.2727...
 */
export function scoreTopicAttempt(
  answers: readonly AnswerOutcome[],
  n: number = SCORING.questionsPerGame,
): TopicAttemptScore {
  assertPositiveInteger('n', n);
  if (answers.length > n) throw new RangeError(`got ${answers.length} answers for a game of ${n} questions`);
  const T = SCORING.secondsPerQuestion;
  const R = SCORING.readAllowanceSeconds;

  let correct = 0;
  // Questions not in the array are unanswered and count T each (spec L25).
  let totalSeconds = (n - answers.length) * T;
  for (const answer of answers) {
    if (answer.answered && answer.correct) correct += 1;
    totalSeconds += countedSeconds(answer);
  }

  const accuracy = correct / n; // spec L26
  const averageSeconds = totalSeconds / n; // spec L27
  const timeEfficiency = clamp((T - averageSeconds) / (T - R), 0, 1); // spec L28
  // a x 100 taken as 100c / N, one rounding instead of two: (7 / 100) x 100 is 7.000000000000001.
  const points = (100 * correct) / n + timeEfficiency * 10;
  return {
    correct,
    mistakes: n - correct, // spec L25
    accuracy,
    averageSeconds,
    timeEfficiency,
    learningCurrency: roundHalfUp(points), // spec L30
    learningEfficiency: (100 * points) / MAX_LEARNING_CURRENCY, // spec L31
  };
}

/**
 * Discount f(k) = max(0.7, 1 - 0.1 x (k - 1)) of the k-th attempt of a topic (spec L32).
 * Computed in whole tenths and divided once, so every value is the double nearest to its decimal
 * (0.9, 0.8, 0.7) by construction rather than by the luck of 1 - 0.1 x (k - 1) cancelling its
 * float error.
 *
 * @param k attempt number, 1 for the first attempt
 * @throws RangeError when `k` is not a positive integer
 */
export function attemptDiscount(k: number): number {
  assertPositiveInteger('k', k);
  const stepTenths = Math.round(SCORING.attemptDiscountStep * 10); // 1
  const floorTenths = Math.round(SCORING.minAttemptFactor * 10); // 7
  return Math.max(floorTenths, 10 - stepTenths * (k - 1)) / 10;
}

/**
 * Picks a topic's best attempt: LE_topic = max over attempts of LE x f(k), and the topic's LC is
 * the LC of that attempt (spec L33-L34). On equal discounted LE the earlier attempt wins.
 *
 * @param attempts the topic's attempts in chronological order (k = index + 1)
 * @returns the best attempt, or null when there is none (the topic is not completed, spec L35)
 * @example a first attempt at LE 50 and a second at 79.27 -> 79.27 x 0.9 = 71.35, attempt 2
 */
export function bestTopicAttempt(attempts: readonly ScoredAttempt[]): TopicBest | null {
  let best: TopicBest | null = null;
  for (const [index, attempt] of attempts.entries()) best = nextBestTopicAttempt(best, attempt, index + 1);
  return best;
}

/**
 * One step of {@link bestTopicAttempt}: the best attempt once the `attemptNumber`-th attempt is
 * added to a topic whose best so far is `best`. Rollup upkeep continues a topic's best from its
 * stored row with this, so a new attempt is judged exactly as a replay of every attempt would.
 *
 * @param best the best of the earlier attempts, null before the first
 * @param attempt the new attempt
 * @param attemptNumber k of the new attempt (1 for the first)
 */
export function nextBestTopicAttempt(best: TopicBest | null, attempt: ScoredAttempt, attemptNumber: number): TopicBest {
  const discounted = attempt.learningEfficiency * attemptDiscount(attemptNumber);
  // Strictly greater: on a tie the earlier attempt keeps its place.
  if (best === null || discounted > best.learningEfficiency) {
    return { learningEfficiency: discounted, learningCurrency: attempt.learningCurrency, attemptNumber };
  }
  return best;
}

/**
 * Percent of questions answered correctly, used for a treasure score (spec L43), from 0 to 100
 * unrounded. A question counts as correct only when answered and correct.
 *
 * @param answers the attempt's questions
 * @param n questions in the attempt (default the number of answers; missing ones are wrong)
 * @returns 0 when `n` is 0
 * @throws RangeError when `n` is not a non-negative integer or there are more answers than `n`
 */
export function percentCorrect(answers: readonly AnswerOutcome[], n: number = answers.length): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a non-negative integer, got ${n}`);
  if (answers.length > n) throw new RangeError(`got ${answers.length} answers for ${n} questions`);
  if (n === 0) return 0;
  const correct = answers.filter((a) => a.answered && a.correct).length;
  return (100 * correct) / n;
}

/**
 * A chapter's knowledge efficiency and knowledge currency (spec L43-L45):
 * KE_ch = best treasure percent; KC_ch = round(sum of topic LCs / islands x KE_ch / 100).
 *
 * @throws RangeError when `islandCount` is not a positive integer, there are more topic
 *   currencies than islands, or the treasure percent is outside 0..100
 * @example LCs 87 and 90 over 2 islands, treasure 100% -> 88.5 -> KC 89 (half up, not to even)
 */
export function chapterKnowledge(input: ChapterKnowledgeInput): ChapterKnowledge {
  const { topicLearningCurrencies, islandCount, bestTreasurePercent } = input;
  assertPositiveInteger('islandCount', islandCount);
  if (topicLearningCurrencies.length > islandCount) {
    throw new RangeError(`${topicLearningCurrencies.length} topic currencies for ${islandCount} islands`);
  }
  if (!(bestTreasurePercent >= 0 && bestTreasurePercent <= 100)) {
    throw new RangeError(`bestTreasurePercent must be within 0..100, got ${bestTreasurePercent}`);
  }
  const sum = topicLearningCurrencies.reduce((total, lc) => total + lc, 0);
  // One multiplication and one division: the same value as spec L44's order, with fewer roundings.
  const knowledgeCurrency = roundHalfUp((sum * bestTreasurePercent) / (islandCount * 100));
  return { knowledgeEfficiency: bestTreasurePercent, knowledgeCurrency };
}

/**
 * Arithmetic mean, 0 for an empty list (the "0 when none" of spec L49-L50).
 *
 * @param values the numbers to average
 */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  return values.reduce((total, v) => total + v, 0) / values.length;
}

/**
 * Total score, also called knowledge wealth or score % (spec L51): 0.2 x LE + 0.8 x KE.
 * Unrounded; round only for display (format.ts) and bands (bands.ts).
 *
 * @param learningEfficiency LE, 0 to 100
 * @param knowledgeEfficiency KE, 0 to 100
 */
export function totalScore(learningEfficiency: number, knowledgeEfficiency: number): number {
  return SCORING.learningWeight * learningEfficiency + SCORING.knowledgeWeight * knowledgeEfficiency;
}

/**
 * A student's LE, KE and total score, overall or within one subject (spec L49-L51).
 *
 * @param input LE_topic of each completed topic and KE_ch of each completed chapter
 */
export function studentScore(input: StudentScoreInput): StudentScore {
  const learningEfficiency = mean(input.topicLearningEfficiencies);
  const knowledgeEfficiency = mean(input.chapterKnowledgeEfficiencies);
  return { learningEfficiency, knowledgeEfficiency, totalScore: totalScore(learningEfficiency, knowledgeEfficiency) };
}

/**
 * Overall accuracy = correct answers / attempted (answered) questions x 100 (spec L53-L54),
 * unrounded.
 *
 * @returns 0 when nothing was attempted
 * @throws RangeError when a count is negative or `correct` exceeds `attempted`
 */
export function accuracyPercent(correct: number, attempted: number): number {
  if (!(correct >= 0) || !(attempted >= 0) || correct > attempted) {
    throw new RangeError(`need 0 <= correct <= attempted, got ${correct} of ${attempted}`);
  }
  if (attempted === 0) return 0;
  return (100 * correct) / attempted;
}

/**
 * Part as a whole-number percent of a whole, half up, 0 when the whole is 0. Used for the
 * chapter-wise progress of a subject summary (spec L78-L80) and other "completion percent" cards.
 *
 * @throws RangeError when a count is negative or `part` exceeds `whole`
 */
export function completionPercent(part: number, whole: number): number {
  if (!(part >= 0) || !(whole >= 0) || part > whole) {
    throw new RangeError(`need 0 <= part <= whole, got ${part} of ${whole}`);
  }
  if (whole === 0) return 0;
  return roundHalfUp((100 * part) / whole);
}

/**
 * Marks of one quiz or challenge question (spec L85-L86): 300 when correct within 10 s
 * (inclusive), 200 within 20 s, 100 later, 0 when wrong or unanswered. Negative seconds count as
 * 0; an unknown time (NaN) counts as "later".
 *
 * @param outcome the question's outcome
 */
export function quizQuestionMarks(outcome: AnswerOutcome): number {
  if (!outcome.answered || !outcome.correct) return 0;
  if (outcome.seconds <= QUIZ_FAST_SECONDS) return QUIZ_MARKS_FAST;
  if (outcome.seconds <= QUIZ_MEDIUM_SECONDS) return QUIZ_MARKS_MEDIUM;
  return QUIZ_MARKS_SLOW;
}

/**
 * Marks of one test question (spec L87-L88): 100 for a correct auto-marked answer, 0 when wrong.
 * Open-ended questions return null: a teacher marks them later, out of OPEN_ENDED_MAX_MARKS.
 * Fill-in-the-blank and multiple-select are auto-marked like multiple choice (the spec names only
 * true/false and multiple choice; these are the other auto-marked types of the curriculum).
 *
 * @param type the question type
 * @param correct whether the (answered) question is right; pass false for unanswered
 */
export function testQuestionMarks(type: QuestionType, correct: boolean): number | null {
  if (type === 'open_ended') return null;
  return correct ? TEST_OBJECTIVE_MARKS : 0;
}

/**
 * Leaderboard order for Array.prototype.sort (spec L81-L82): higher total score first, then
 * higher learning currency, then earlier last activity (the student who got there first). The
 * unrounded total is compared: the spec asks for the displayed score only for bands (spec L69).
 * A missing last activity ranks after any real one. Returns 0 on a full tie; callers that need a
 * total order add their own final key (for example the student id).
 *
 * @returns negative when `a` ranks before `b`, positive when after, 0 when tied
 */
export function compareLeaderboard(a: LeaderboardEntry, b: LeaderboardEntry): number {
  if (a.totalScore !== b.totalScore) return b.totalScore > a.totalScore ? 1 : -1;
  if (a.learningCurrency !== b.learningCurrency) return b.learningCurrency > a.learningCurrency ? 1 : -1;
  const aMs = toEpochMs(a.lastActivityAt);
  const bMs = toEpochMs(b.lastActivityAt);
  if (aMs === bMs) return 0;
  if (aMs === null) return 1;
  if (bMs === null) return -1;
  return aMs < bMs ? -1 : 1;
}
