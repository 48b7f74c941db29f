/**
 * Rules over a student's records taken together, after each record is marked on its own
 * (marking.ts): games cannot finish denser than anyone plays, and a chapter's treasure opens only
 * after its topics. Pure: the service loads what is stored and calls this.
 * docs/DECISIONS.md ("Fabricated learning records") explains the numbers.
 */
import { QUESTIONS_PER_GAME, type RecordRejectionCode } from '@ki/contracts';
import { accuracyPercent, clampAnswerSeconds, SCORING } from '@ki/domain';
import { FIXED_GAMES, type MarkedRecord } from './marking';

/** The shortest game anyone sustains: every one of its N questions at least read (R seconds). */
export const MIN_PLAUSIBLE_GAME_SECONDS = QUESTIONS_PER_GAME * SCORING.readAllowanceSeconds;
export const HOUR_MS = 60 * 60 * 1000;
/** More games than this finishing within one hour would overlap: 3600 / 50 = 72. */
export const MAX_GAMES_PER_HOUR = Math.floor(HOUR_MS / 1000 / MIN_PLAUSIBLE_GAME_SECONDS);

/** What the rules need of the student's stored records. */
export interface StoredProgress {
  /** finished_at (epoch ms) of the student's stored games within an hour of the batch's games. */
  gameFinishes: readonly number[];
  /** Published topic ids of each chapter that has a treasure in the batch. */
  chapterTopics: ReadonlyMap<number, readonly number[]>;
  /** Topics with a stored topic game of the student (in those chapters). */
  completedTopics: ReadonlySet<number>;
}

export interface Refusal {
  record: MarkedRecord;
  code: RecordRejectionCode;
  message: string;
}

/**
 * Splits a student's marked records into those to store and those refused. Records of the same
 * batch count as played whatever their order in it, so a device that was offline uploads its
 * topics and treasure together; a refused record unlocks nothing.
 */
export function applyBatchRules(
  records: readonly MarkedRecord[],
  stored: StoredProgress,
): { accepted: MarkedRecord[]; refused: Refusal[] } {
  const refused: Refusal[] = [];
  const dense = refuseDenseGames(records, stored.gameFinishes);
  for (const record of dense) {
    refused.push({
      record,
      code: 'TOO_MANY_GAMES',
      message: `More than ${MAX_GAMES_PER_HOUR} games would finish within one hour`,
    });
  }
  const locked = refuseLockedActivities(
    records.filter((r) => !dense.has(r)),
    stored,
  );
  for (const [record, message] of locked) refused.push({ record, code: 'ACTIVITY_LOCKED', message });
  return { accepted: records.filter((r) => !dense.has(r) && !locked.has(r)), refused };
}

/**
 * The games that would make more than MAX_GAMES_PER_HOUR finish within less than an hour, taken in
 * the order they finished: the earlier ones fill the hour, the later ones are refused. A backlog of
 * days is accepted, one plausible hour after another.
 */
export function refuseDenseGames(
  records: readonly MarkedRecord[],
  storedFinishes: readonly number[],
): Set<MarkedRecord> {
  const N = MAX_GAMES_PER_HOUR;
  const finishes = [...storedFinishes].sort((a, b) => a - b);
  const refused = new Set<MarkedRecord>();
  const games = records
    .filter((r) => FIXED_GAMES.has(r.kind))
    .sort((a, b) => a.finished_at.getTime() - b.finished_at.getTime());
  for (const game of games) {
    const f = game.finished_at.getTime();
    const p = insertionIndex(finishes, f);
    // The finishes with this game at index p, without copying the list.
    const at = (k: number) => (k < p ? finishes[k]! : k === p ? f : finishes[k - 1]!);
    // Any N + 1 consecutive finishes that include this one and span less than an hour.
    let tooDense = false;
    for (let j = Math.max(0, p - N); j <= p && j + N <= finishes.length; j++) {
      if (at(j + N) - at(j) < HOUR_MS) tooDense = true;
    }
    if (tooDense) refused.add(game);
    else finishes.splice(p, 0, f);
  }
  return refused;
}

/** Where `value` goes in the ascending `sorted`, after any equal values (binary search). */
function insertionIndex(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Treasures before every topic of the chapter has a game (spec: the treasure opens once all topics
 * are completed and revise is done), with the reason. Played means stored, or accepted in the same
 * batch. The revise step is not checked here yet (docs/SECURITY.md, known gap): it adds no figure
 * a fabricator could not add, and the app's lock keeps honest devices in order.
 */
export function refuseLockedActivities(
  records: readonly MarkedRecord[],
  stored: StoredProgress,
): Map<MarkedRecord, string> {
  const completed = new Set(stored.completedTopics);
  for (const r of records) if (r.kind === 'topic' && r.topic_id !== null) completed.add(r.topic_id);
  const refused = new Map<MarkedRecord, string>();
  for (const r of records.filter((x) => x.kind === 'treasure')) {
    const missing = (stored.chapterTopics.get(r.chapter_id) ?? []).filter((id) => !completed.has(id));
    if (missing.length)
      refused.set(
        r,
        `The treasure of chapter ${r.chapter_id} opens once every topic of the chapter is completed (missing: ${missing.join(', ')})`,
      );
  }
  return refused;
}

/** Points of accuracy above the student's usual by which a fast game stands out. */
export const OUTLIER_MARGIN_POINTS = 40;
/** Answered questions of history before a game can stand out from it. */
export const OUTLIER_MIN_HISTORY = 50;

/** A student's answered and correct questions before the batch (student_stats). */
export interface History {
  answered: number;
  correct: number;
}

/**
 * Why a game is flagged to staff, or null: at least OUTLIER_MARGIN_POINTS more accuracy than the
 * student's history of at least OUTLIER_MIN_HISTORY answers, at under R seconds an answered
 * question (faster than the spec allows just to read one). A note for staff; the record counts.
 */
export interface OutlierFacts {
  /** The game's share of answered questions right, percent. */
  accuracy: number;
  secondsPerQuestion: number;
  /** The student's share right before the batch, percent, over historyAnswers answers. */
  usualAccuracy: number;
  historyAnswers: number;
}

export function outlierReason(record: MarkedRecord, history: History): OutlierFacts | null {
  if (!FIXED_GAMES.has(record.kind) || record.answered_count === 0 || history.answered < OUTLIER_MIN_HISTORY)
    return null;
  const accuracy = accuracyPercent(record.correct_count, record.answered_count);
  const usual = accuracyPercent(history.correct, history.answered);
  const answered = record.answers.filter((a) => a.c !== null && a.c.length > 0);
  const seconds = answered.reduce((total, a) => total + clampAnswerSeconds(a.s), 0) / answered.length;
  if (accuracy < usual + OUTLIER_MARGIN_POINTS || seconds >= SCORING.readAllowanceSeconds) return null;
  return { accuracy, secondsPerQuestion: seconds, usualAccuracy: usual, historyAnswers: history.answered };
}
