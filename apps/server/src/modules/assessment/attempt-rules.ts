/**
 * The rules of a student's attempt, pure (no I/O, `now` passed in): timing, marks, the deadline,
 * power-ups, answer checks, the question-status panel and what the student is shown. The service
 * applies them under the attempt's row lock; docs/DECISIONS.md "Assessment" explains each choice.
 */
import { createHash } from 'node:crypto';
import {
  ANSWER_NETWORK_ALLOWANCE_SECONDS,
  DEADLINE_GRACE_SECONDS,
  MIN_ASSESSMENT_QUESTIONS,
  PRACTICE_QUIZ_MINUTES,
  PRACTICE_QUIZ_QUESTIONS,
  PRACTICE_TEST_MINUTES,
  PRACTICE_TEST_QUESTIONS,
  TIMER_QUIZ_BONUS_SECONDS,
  type AnswerInput,
  type AssessmentHome,
  type AssessmentKind,
  type Attempt,
  type AttemptQuestion,
  type FinishReason,
  type QuestionStatus,
} from '@ki/contracts';
import {
  isAnswerCorrect,
  OPEN_ENDED_MAX_MARKS,
  QUIZ_MARKS_FAST,
  quizQuestionMarks,
  TEST_OBJECTIVE_MARKS,
  testQuestionMarks,
  type QuestionType,
} from '@ki/domain';

const SECOND = 1000;

/** An attempt as the rules see it. */
export interface AttemptState {
  id: string;
  kind: AssessmentKind;
  startedAt: Date;
  deadlineAt: Date;
  finishedAt: Date | null;
  finishReason: FinishReason | null;
  timerPosition: number | null;
  timerUsedAt: Date | null;
  fiftyPosition: number | null;
  marks: number | null;
  maxMarks: number;
}

/** One question of an attempt (frozen at the start) with the student's answer. */
export interface AnswerState {
  position: number;
  type: QuestionType;
  text: string;
  options: string[];
  answer: number[];
  solution: string;
  imageId: string | null;
  removedOptions: number[];
  servedAt: Date | null;
  answeredAt: Date | null;
  chosen: number[] | null;
  textAnswer: string | null;
  correct: boolean | null;
  marks: number | null;
  review: boolean;
  bookmarked: boolean;
  markedAt: Date | null;
  comment: string | null;
}

// Practice -----------------------------------------------------------------------------------------

/** Questions a practice quiz or test asks, and the time it allows. */
export function practiceSize(kind: AssessmentKind): { questions: number; minutes: number } {
  return kind === 'quiz'
    ? { questions: PRACTICE_QUIZ_QUESTIONS, minutes: PRACTICE_QUIZ_MINUTES }
    : { questions: PRACTICE_TEST_QUESTIONS, minutes: PRACTICE_TEST_MINUTES };
}

/**
 * How many questions a practice attempt takes from a bank of `bankSize`: the full number when the
 * bank has it, else all the bank has down to MIN_ASSESSMENT_QUESTIONS (the floor of a teacher's
 * quiz); null below that (NO_QUESTION_BANK).
 */
export function practiceQuestionCount(kind: AssessmentKind, bankSize: number): number | null {
  const wanted = practiceSize(kind).questions;
  if (bankSize >= wanted) return wanted;
  return bankSize >= MIN_ASSESSMENT_QUESTIONS ? bankSize : null;
}

/**
 * Seconds a practice attempt of `questions` questions allows: the practice time per question
 * (30 s in a quiz, 60 s in a test: 10 questions in 5 minutes, 20 in 20), so a short bank gives a
 * proportionally shorter attempt.
 */
export function practiceSeconds(kind: AssessmentKind, questions: number): number {
  const { questions: full, minutes } = practiceSize(kind);
  return Math.round((minutes * 60 * questions) / full);
}

/**
 * The deadline of an assigned attempt: its duration from the start, but never after the
 * assignment closes (the class's window ends for everyone at the same time).
 */
export function assignedDeadline(startedAt: Date, durationMinutes: number, closesAt: Date): Date {
  return new Date(Math.min(startedAt.getTime() + durationMinutes * 60 * SECOND, closesAt.getTime()));
}

/** Marks a question of this kind and type can earn: 300 for a quiz question, 100 for a test's objective one, 200 for open-ended ones. */
export function questionMaxMarks(kind: AssessmentKind, type: QuestionType): number {
  if (type === 'open_ended') return OPEN_ENDED_MAX_MARKS;
  return kind === 'quiz' ? QUIZ_MARKS_FAST : TEST_OBJECTIVE_MARKS;
}

// The deadline -------------------------------------------------------------------------------------

/** Whether the attempt's time is over at `now` for good: past its deadline and the grace for requests on their way. */
export function isPastGrace(deadlineAt: Date, now: Date): boolean {
  return now.getTime() > deadlineAt.getTime() + DEADLINE_GRACE_SECONDS * SECOND;
}

// Timing and marks ---------------------------------------------------------------------------------

/**
 * Server-timed seconds of an answer: from the question being served to the answer arriving, less
 * the network allowance and, when Timer was used on this question, its bonus; never below 0.
 */
export function answerSeconds(servedAt: Date, answeredAt: Date, timerOnThisQuestion: boolean): number {
  const raw = (answeredAt.getTime() - servedAt.getTime()) / SECOND;
  const bonus = timerOnThisQuestion ? TIMER_QUIZ_BONUS_SECONDS : 0;
  return Math.max(0, raw - ANSWER_NETWORK_ALLOWANCE_SECONDS - bonus);
}

/** Whether an answer is right (null for open-ended: a teacher marks it). */
export function correctness(
  type: QuestionType,
  key: readonly number[],
  chosen: readonly number[] | null,
): boolean | null {
  if (type === 'open_ended') return null;
  return chosen !== null && isAnswerCorrect(type, key, chosen);
}

/**
 * Marks of a quiz question when its answer arrives (final): 300/200/100 by server time when right,
 * 0 when wrong; null for open-ended (marked by a teacher, out of 200).
 */
export function quizAnswerMarks(type: QuestionType, correct: boolean | null, seconds: number): number | null {
  if (type === 'open_ended') return null;
  return quizQuestionMarks({ answered: true, correct: correct === true, seconds });
}

/**
 * Marks of every question when the attempt finishes: a test's answers are marked now (100 a right
 * objective answer, open-ended left to a teacher); a quiz's answered questions kept theirs, and an
 * unanswered question is 0 either way (an open-ended one too: there is nothing to mark).
 */
export function marksAtFinish(
  kind: AssessmentKind,
  answers: readonly AnswerState[],
): { position: number; marks: number | null }[] {
  return answers.map((a) => {
    if (a.answeredAt === null) return { position: a.position, marks: 0 };
    if (kind === 'quiz') return { position: a.position, marks: a.marks };
    return { position: a.position, marks: testQuestionMarks(a.type, a.correct === true) };
  });
}

/** The attempt's marks: the sum of the marks known (open-ended answers add theirs when marked). */
export function totalMarks(marks: readonly { marks: number | null }[]): number {
  return marks.reduce((sum, m) => sum + (m.marks ?? 0), 0);
}

// Answers ------------------------------------------------------------------------------------------

export type CheckedAnswer =
  | { ok: true; clear: true }
  | { ok: true; clear: false; chosen: number[] | null; textAnswer: string | null }
  | { ok: false; message: string };

/**
 * Checks an answer against its question: open-ended questions take text and no options; the others
 * one option (two or more may be chosen in multiple select), each an option of the question that
 * 50-50 did not take away. An empty answer clears the question's answer (a test only).
 */
export function checkAnswer(
  q: Pick<AnswerState, 'type' | 'options' | 'removedOptions'>,
  input: AnswerInput,
): CheckedAnswer {
  const chosen = input.chosen ?? [];
  const text = input.textAnswer ?? '';
  if (chosen.length === 0 && text === '') return { ok: true, clear: true };
  if (q.type === 'open_ended') {
    if (chosen.length > 0)
      return { ok: false, message: 'An open-ended question is answered in words, not with options' };
    return { ok: true, clear: false, chosen: null, textAnswer: text };
  }
  if (text !== '') return { ok: false, message: 'This question is answered by choosing an option' };
  if (new Set(chosen).size !== chosen.length) return { ok: false, message: 'An option is chosen twice' };
  if (chosen.some((i) => i >= q.options.length)) return { ok: false, message: 'The question has no such option' };
  if (chosen.some((i) => q.removedOptions.includes(i))) return { ok: false, message: '50-50 took this option away' };
  if (q.type !== 'multiple_select' && chosen.length !== 1) return { ok: false, message: 'Choose one option' };
  return { ok: true, clear: false, chosen: [...chosen].sort((a, b) => a - b), textAnswer: null };
}

// Power-ups ----------------------------------------------------------------------------------------

/** Options 50-50 may take away: the wrong ones. */
function wrongOptions(q: Pick<AnswerState, 'options' | 'answer'>): number[] {
  return q.options.map((_, i) => i).filter((i) => !q.answer.includes(i));
}

/** Whether 50-50 applies: a question with options (not open-ended, not true/false) and at least two wrong ones. */
export function fiftyFiftyApplies(q: Pick<AnswerState, 'type' | 'options' | 'answer'>): boolean {
  return q.type !== 'open_ended' && q.type !== 'true_false' && wrongOptions(q).length >= 2;
}

/**
 * The two wrong options 50-50 takes away, chosen by the server: ordered by a hash of the attempt,
 * the position and the option, so the choice cannot be steered by the student, is the same when
 * asked again, and a test can predict it.
 */
export function fiftyFiftyRemoval(
  attemptId: string,
  q: Pick<AnswerState, 'position' | 'options' | 'answer'>,
): number[] {
  const key = (i: number) => createHash('sha256').update(`${attemptId}:${q.position}:${i}`).digest('hex');
  return wrongOptions(q)
    .map((i) => ({ i, k: key(i) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
    .slice(0, 2)
    .map((x) => x.i)
    .sort((a, b) => a - b);
}

// What the student is shown ------------------------------------------------------------------------

/** The question-status panel (spec 3): not visited until served; to be reviewed when flagged; answered; unanswered. */
export function questionStatus(a: Pick<AnswerState, 'servedAt' | 'answeredAt' | 'review'>): QuestionStatus {
  if (a.servedAt === null) return 'not_visited';
  if (a.review) return 'review';
  return a.answeredAt === null ? 'unanswered' : 'answered';
}

/**
 * Whether a question's key (answer, solution, marks) may be shown: once the attempt is finished,
 * and in a quiz once the question is answered (a quiz answer is final). Never before.
 */
export function isKeyShown(
  kind: AssessmentKind,
  attemptFinished: boolean,
  a: Pick<AnswerState, 'answeredAt'>,
): boolean {
  return attemptFinished || (kind === 'quiz' && a.answeredAt !== null);
}

/**
 * Whether a question's text and options are shown: a quiz question once served (its clock runs from
 * then, so reading ahead would beat it), every question of a test, everything once finished.
 */
export function isQuestionShown(
  kind: AssessmentKind,
  attemptFinished: boolean,
  a: Pick<AnswerState, 'servedAt'>,
): boolean {
  return attemptFinished || kind === 'test' || a.servedAt !== null;
}

export interface AttemptLabels {
  name: string;
  mode: 'practice' | 'assigned';
  subject: { id: number; slug: string; name: string };
}

/** The whole attempt as the student may see it at `now`. */
export function presentAttempt(
  attempt: AttemptState,
  answers: readonly AnswerState[],
  labels: AttemptLabels,
  now: Date,
): Attempt {
  const finished = attempt.finishedAt !== null;
  return {
    id: attempt.id,
    kind: attempt.kind,
    mode: labels.mode,
    name: labels.name,
    subject: labels.subject,
    questionCount: answers.length,
    startedAt: attempt.startedAt.toISOString(),
    deadlineAt: attempt.deadlineAt.toISOString(),
    serverNow: now.toISOString(),
    finishedAt: attempt.finishedAt?.toISOString() ?? null,
    finishReason: attempt.finishReason,
    powerUps: { timer: { usedOn: attempt.timerPosition }, fiftyFifty: { usedOn: attempt.fiftyPosition } },
    marks: attempt.marks,
    maxMarks: attempt.maxMarks,
    awaitingMarking: finished
      ? answers.filter((a) => a.type === 'open_ended' && a.answeredAt !== null && a.markedAt === null).length
      : 0,
    questions: answers.map((a) => presentQuestion(attempt, a, finished)),
  };
}

function presentQuestion(attempt: AttemptState, a: AnswerState, finished: boolean): AttemptQuestion {
  const shown = isQuestionShown(attempt.kind, finished, a);
  const timerHere = attempt.kind === 'quiz' && attempt.timerPosition === a.position;
  return {
    position: a.position,
    type: a.type,
    text: shown ? a.text : '',
    options: shown ? a.options : [],
    imageId: shown ? a.imageId : null,
    status: questionStatus(a),
    bookmarked: a.bookmarked,
    removedOptions: a.removedOptions,
    chosen: a.chosen,
    textAnswer: a.textAnswer,
    result: isKeyShown(attempt.kind, finished, a)
      ? {
          answer: a.answer,
          solution: a.solution,
          correct: a.correct,
          marks: a.marks,
          maxMarks: questionMaxMarks(attempt.kind, a.type),
          seconds:
            a.servedAt !== null && a.answeredAt !== null ? answerSeconds(a.servedAt, a.answeredAt, timerHere) : null,
          comment: a.comment,
        }
      : null,
  };
}

/** An assignment's state for the student (the quizzes home and the join page). */
export function assignmentState(
  window: { opensAt: Date; closesAt: Date },
  attempt: { finishedAt: Date | null } | null,
  now: Date,
): AssessmentHome['assigned'][number]['state'] {
  if (attempt) return attempt.finishedAt === null ? 'started' : 'finished';
  if (now.getTime() < window.opensAt.getTime()) return 'not_open';
  return now.getTime() < window.closesAt.getTime() ? 'open' : 'closed';
}
