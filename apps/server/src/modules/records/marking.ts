/**
 * Checks one uploaded record against the curriculum and the student's enrolment, and marks it
 * against the answer key. Pure: the service loads the curriculum rows it needs and calls this.
 */
import {
  clampAnswerSeconds,
  countedSeconds,
  isAnswerCorrect,
  MIN_ANSWER_SECONDS,
  percentCorrect,
  quizQuestionMarks,
  roundHalfUp,
  scoreTopicAttempt,
  testQuestionMarks,
  type AnswerOutcome,
} from '@ki/domain';
import { QUESTIONS_PER_GAME, type RecordInput, type RecordRejectionCode } from '@ki/contracts';
import type { QuestionType, RecordKind, StoredAnswer } from '../../db/schema';

/** Records finishing more than this far ahead of the server clock are rejected (device clock skew). */
export const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;
/** No activity of the app takes longer than this; a longer span is a broken device clock. */
export const MAX_RECORD_DURATION_MS = 3 * 60 * 60 * 1000;
/**
 * Answered seconds may exceed the record's span by this much: the device times questions and the
 * record on two clocks, and rounds (docs/DECISIONS.md, "Seconds of a record").
 */
export const SECONDS_TOLERANCE = 5;
/** Kinds that are a fixed game of N questions. */
export const FIXED_GAMES: ReadonlySet<RecordKind> = new Set(['topic', 'treasure', 'revise']);

export interface ChapterInfo {
  id: number;
  subjectId: number;
  boardId: number;
  grade: number;
}
export interface QuestionKey {
  id: number;
  topicId: number;
  chapterId: number;
  type: QuestionType;
  answer: readonly number[];
}
export interface Enrolment {
  schoolId: number;
  boardId: number;
  grade: number;
  enrolledAt: Date;
}
export interface MarkingContext {
  studentId: number;
  enrolment: Enrolment;
  now: Date;
  chapters: ReadonlyMap<number, ChapterInfo>;
  /** topic id -> chapter id, published topics only. */
  topicChapters: ReadonlyMap<number, number>;
  questions: ReadonlyMap<number, QuestionKey>;
}

/** A record ready to insert into learning_records. */
export interface MarkedRecord {
  id: string;
  student_id: number;
  school_id: number;
  board_id: number;
  grade: number;
  subject_id: number;
  chapter_id: number;
  topic_id: number | null;
  kind: RecordKind;
  started_at: Date;
  finished_at: Date;
  question_count: number;
  answered_count: number;
  correct_count: number;
  question_seconds: number;
  duration_seconds: number;
  answers: StoredAnswer[];
  learning_currency: number | null;
  learning_efficiency: number | null;
  percent: number | null;
  marks: number | null;
}

export type MarkingResult =
  { ok: true; record: MarkedRecord } | { ok: false; code: RecordRejectionCode; message: string };

const reject = (code: RecordRejectionCode, message: string): MarkingResult => ({ ok: false, code, message });

/** The one answer rule, shared with the learner app's instant feedback (packages/domain). */
const isCorrect = (key: QuestionKey, chosen: readonly number[]): boolean =>
  isAnswerCorrect(key.type, key.answer, chosen);

/**
 * Whether the answered questions' seconds, as they count (clampAnswerSeconds: at most T in a game),
 * fit into the record's span: a device whose seconds overrun its own span has a clock that cannot be
 * believed. Each answer's 1 s floor is allowed on top of SECONDS_TOLERANCE, because the game itself
 * records a faster tap as 1 s (a test robot answers ten questions in 3 s). Refused rather than
 * scaled: scaling down would invent faster times (docs/DECISIONS.md).
 */
export function secondsFitDuration(outcomes: readonly AnswerOutcome[], isGame: boolean, durationMs: number): boolean {
  const answered = outcomes.filter((o) => o.answered);
  const claimed = answered.reduce(
    (total, o) => total + (isGame ? clampAnswerSeconds(o.seconds) : Math.max(o.seconds, MIN_ANSWER_SECONDS)),
    0,
  );
  return claimed <= durationMs / 1000 + SECONDS_TOLERANCE + answered.length * MIN_ANSWER_SECONDS;
}

export function markRecord(input: RecordInput, ctx: MarkingContext): MarkingResult {
  const chapter = ctx.chapters.get(input.chapterId);
  if (!chapter) return reject('UNKNOWN_CHAPTER', `Chapter ${input.chapterId} does not exist`);
  if (chapter.boardId !== ctx.enrolment.boardId || chapter.grade !== ctx.enrolment.grade) {
    return reject('WRONG_GRADE', `Chapter ${input.chapterId} is not in the student's board and grade`);
  }

  let topicId: number | null = null;
  if (input.kind === 'topic') {
    if (input.topicId == null) return reject('TOPIC_REQUIRED', 'A topic game needs its topicId');
    if (ctx.topicChapters.get(input.topicId) !== chapter.id) {
      return reject('UNKNOWN_TOPIC', `Topic ${input.topicId} is not a topic of chapter ${chapter.id}`);
    }
    topicId = input.topicId;
  } else if (input.topicId != null && !FIXED_GAMES.has(input.kind)) {
    if (ctx.topicChapters.get(input.topicId) !== chapter.id) {
      return reject('UNKNOWN_TOPIC', `Topic ${input.topicId} is not a topic of chapter ${chapter.id}`);
    }
    topicId = input.topicId;
  }

  const startedAt = new Date(input.startedAt);
  const finishedAt = new Date(input.finishedAt);
  const latest = ctx.now.getTime() + FUTURE_TOLERANCE_MS;
  if (finishedAt.getTime() > latest || startedAt.getTime() > latest) {
    return reject('FUTURE_TIMESTAMP', 'The record finishes in the future');
  }
  if (finishedAt < ctx.enrolment.enrolledAt) {
    return reject('BEFORE_ENROLMENT', 'The record is older than the student’s enrolment');
  }
  const durationMs = finishedAt.getTime() - startedAt.getTime();
  if (durationMs < 0 || durationMs > MAX_RECORD_DURATION_MS) {
    return reject('DURATION_IMPLAUSIBLE', 'startedAt and finishedAt do not describe a plausible activity');
  }

  if (FIXED_GAMES.has(input.kind) && input.answers.length !== QUESTIONS_PER_GAME) {
    return reject(
      'QUESTION_COUNT_MISMATCH',
      `A ${input.kind} record has ${QUESTIONS_PER_GAME} questions, got ${input.answers.length}`,
    );
  }
  const seen = new Set<number>();
  const outcomes: AnswerOutcome[] = [];
  const stored: StoredAnswer[] = [];
  const keys: QuestionKey[] = [];
  for (const answer of input.answers) {
    if (seen.has(answer.questionId)) return reject('DUPLICATE_QUESTION', `Question ${answer.questionId} appears twice`);
    seen.add(answer.questionId);
    const key = ctx.questions.get(answer.questionId);
    const belongs =
      key && (topicId !== null && input.kind === 'topic' ? key.topicId === topicId : key.chapterId === chapter.id);
    if (!key || !belongs)
      return reject('UNKNOWN_QUESTION', `Question ${answer.questionId} is not part of this activity`);
    const chosen = answer.chosen ?? [];
    const answered = chosen.length > 0;
    const correct = answered && isCorrect(key, chosen);
    outcomes.push({ answered, correct, seconds: answer.seconds });
    stored.push({ q: key.id, c: answered ? [...chosen] : null, s: answer.seconds, ok: correct });
    keys.push(key);
  }

  const isGame = FIXED_GAMES.has(input.kind);
  if (!secondsFitDuration(outcomes, isGame, durationMs)) {
    return reject('SECONDS_IMPLAUSIBLE', 'The seconds of the answers do not fit between startedAt and finishedAt');
  }
  // Games count at most T per question and T for an unanswered one, as the scoring rules do.
  const questionSeconds = roundHalfUp(
    outcomes.reduce((total, o) => total + (isGame ? countedSeconds(o) : o.seconds), 0),
  );
  let learningCurrency: number | null = null;
  let learningEfficiency: number | null = null;
  let percent: number | null = null;
  let marks: number | null = null;
  if (input.kind === 'topic') {
    const score = scoreTopicAttempt(outcomes);
    learningCurrency = score.learningCurrency;
    learningEfficiency = score.learningEfficiency;
    percent = score.accuracy * 100;
  } else if (input.kind === 'treasure' || input.kind === 'revise') {
    percent = percentCorrect(outcomes, QUESTIONS_PER_GAME);
  } else if (input.kind === 'test') {
    marks = keys.reduce((total, key, i) => total + (testQuestionMarks(key.type, outcomes[i]!.correct) ?? 0), 0);
  } else {
    marks = outcomes.reduce((total, o) => total + quizQuestionMarks(o), 0);
  }

  return {
    ok: true,
    record: {
      id: input.id.toLowerCase(),
      student_id: ctx.studentId,
      school_id: ctx.enrolment.schoolId,
      board_id: ctx.enrolment.boardId,
      grade: ctx.enrolment.grade,
      subject_id: chapter.subjectId,
      chapter_id: chapter.id,
      topic_id: topicId,
      kind: input.kind,
      started_at: startedAt,
      finished_at: finishedAt,
      question_count: outcomes.length,
      answered_count: outcomes.filter((o) => o.answered).length,
      correct_count: outcomes.filter((o) => o.correct).length,
      question_seconds: questionSeconds,
      duration_seconds: roundHalfUp(durationMs / 1000),
      answers: stored,
      learning_currency: learningCurrency,
      learning_efficiency: learningEfficiency,
      percent,
      marks,
    },
  };
}
