/**
 * The learning record a finished quiz or test attempt becomes (docs/DECISIONS.md "Assessment"):
 * pure, the service stores what this returns. The attempt was timed and marked by the server, so
 * nothing here is a device's claim; the record carries no chapter and no topic.
 */
import { clampAnswerSeconds, roundHalfUp } from '@ki/domain';
import type { StoredAnswer } from '../../db/schema';
import type { MarkedRecord } from './marking';

/** One question of a finished attempt, as the assessment engine hands it over. */
export interface AttemptRecordAnswer {
  /** The question's position in the attempt (attempt_answers.position). */
  questionRef: number;
  /** Chosen option indexes; null (or empty) when not answered, null for an open-ended question. */
  chosen: number[] | null;
  /** Server-timed seconds of the answer (serving to answer, after allowances); 0 when not answered. */
  seconds: number;
  /** The marking of an auto-marked answer (false when unanswered); null for an open-ended question. */
  correct: boolean | null;
  /** Marked against the key (every type but open-ended); false: a teacher marks it later. */
  autoMarked: boolean;
}

/** A finished attempt, as storeAttemptRecord takes it. */
export interface AttemptRecordInput {
  /** The quiz or test attempt (null for a challenge). */
  attemptId: string | null;
  /** The live game a challenge record comes from (null for a quiz or test). */
  challengeGameId?: string | null;
  studentId: number;
  schoolId: number;
  boardId: number;
  grade: number;
  subjectId: number;
  kind: 'quiz' | 'test' | 'challenge';
  startedAt: Date;
  finishedAt: Date;
  answers: readonly AttemptRecordAnswer[];
  /** The attempt's marks at finish (auto-marked answers; open-ended ones reach the attempt later). */
  marks: number;
}

/** A learning record row as stored: a marked device record, or a server-written chapter-less one. */
export type RecordRow = Omit<MarkedRecord, 'chapter_id'> & {
  chapter_id: number | null;
  attempt_id: string | null;
  challenge_game_id?: string | null;
};

/** Whether the student answered the question: an option chosen, or (open-ended) time taken on an answer. */
export function attemptAnswered(a: AttemptRecordAnswer): boolean {
  return a.autoMarked ? (a.chosen?.length ?? 0) > 0 : (a.chosen?.length ?? 0) > 0 || a.seconds > 0;
}

/**
 * The record of a finished attempt:
 * - accuracy counts the auto-marked questions only: question_count, answered_count and
 *   correct_count are over them (an open-ended answer has no correctness until a teacher marks it,
 *   and the record is append-only);
 * - every answered question, open-ended included, adds its seconds clamped to 1..30 s
 *   (clampAnswerSeconds, as every other record) to question_seconds; unanswered ones add nothing;
 * - time spent (duration_seconds) is that same sum, not the attempt's span: an attempt left open
 *   across a break, or finished by the deadline sweep, would otherwise count time nobody spent, and
 *   the spec counts at most T a question for time spent;
 * - marks are the attempt's at finish; no currency, efficiency or percent.
 *
 * @throws RangeError when the attempt finishes before it starts
 */
export function attemptRecord(id: string, input: AttemptRecordInput): RecordRow {
  if (input.finishedAt.getTime() < input.startedAt.getTime())
    throw new RangeError('An attempt cannot finish before it starts');
  const auto = input.answers.filter((a) => a.autoMarked);
  const answeredAuto = auto.filter(attemptAnswered);
  const answers: StoredAnswer[] = input.answers.map((a) => {
    const answered = attemptAnswered(a);
    return {
      q: a.questionRef,
      c: answered && a.chosen?.length ? [...a.chosen] : null,
      s: answered ? clampAnswerSeconds(a.seconds) : 0,
      ok: a.autoMarked ? answered && a.correct === true : null,
    };
  });
  const seconds = answers.reduce((total, a) => total + a.s, 0);
  return {
    id,
    student_id: input.studentId,
    school_id: input.schoolId,
    board_id: input.boardId,
    grade: input.grade,
    subject_id: input.subjectId,
    chapter_id: null,
    topic_id: null,
    kind: input.kind,
    started_at: input.startedAt,
    finished_at: input.finishedAt,
    question_count: auto.length,
    answered_count: answeredAuto.length,
    correct_count: answeredAuto.filter((a) => a.correct === true).length,
    question_seconds: roundHalfUp(seconds),
    duration_seconds: roundHalfUp(seconds),
    answers,
    learning_currency: null,
    learning_efficiency: null,
    percent: null,
    marks: input.marks,
    attempt_id: input.attemptId,
    challenge_game_id: input.challengeGameId ?? null,
  };
}
