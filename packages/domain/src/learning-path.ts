/**
 * Rules of a chapter's learning path (access-and-app-shell.md 4.9 and 9; scoring-and-metrics.md
 * "Chapter"): when revise and treasure open, and which feedback a finished game earns.
 */
import { SCORING } from './scoring';

/** Why a chapter stage is closed. The app maps each reason to the spec's lock text. */
export type LockReason =
  /** 'Please complete all the topics first' (revise) / 'Please Complete All Concepts' (treasure). */
  | 'TOPICS_INCOMPLETE'
  /** 'Please Complete Revise'. */
  | 'REVISE_INCOMPLETE';

export interface ChapterPathInput {
  /** Published topics of the chapter: its islands. */
  islandCount: number;
  /** Topics with at least one finished attempt (scoring-and-metrics.md: "completed"). */
  topicsCompleted: number;
  /** At least one finished revise session. */
  reviseDone: boolean;
  /** At least one finished treasure. */
  treasureDone: boolean;
}

export interface StageState {
  locked: boolean;
  /** Null when open. */
  reason: LockReason | null;
  /** Finished at least once ('You have already revised all Topics' for revise). */
  done: boolean;
}

export interface ChapterPathState {
  revise: StageState;
  treasure: StageState;
}

/**
 * Lock state of a chapter's revise and treasure stops. Spec: "revise unlocks when all its topics are
 * completed, treasure when revise is done too" (scoring-and-metrics.md, Chapter); "Treasure is
 * locked until all islands and concepts are complete and revise is done" (access-and-app-shell.md
 * 4.9). A chapter without islands keeps both closed: there is nothing to revise.
 *
 * @example 3 islands, 2 completed -> revise and treasure locked (TOPICS_INCOMPLETE)
 */
export function chapterPathState(input: ChapterPathInput): ChapterPathState {
  const topicsDone = input.islandCount > 0 && input.topicsCompleted >= input.islandCount;
  const reviseReason: LockReason | null = topicsDone ? null : 'TOPICS_INCOMPLETE';
  const treasureReason: LockReason | null = !topicsDone
    ? 'TOPICS_INCOMPLETE'
    : input.reviseDone
      ? null
      : 'REVISE_INCOMPLETE';
  return {
    revise: { locked: reviseReason !== null, reason: reviseReason, done: input.reviseDone },
    treasure: { locked: treasureReason !== null, reason: treasureReason, done: input.treasureDone },
  };
}

/** Feedback by mistakes in a game (access-and-app-shell.md 9: "by wrong-answer count (0, 1, 2, more)"). */
export type MistakeFeedback = 'none' | 'one' | 'two' | 'more';

/** @param mistakes m = N - c, unanswered questions included */
export function mistakeFeedback(mistakes: number): MistakeFeedback {
  if (mistakes <= 0) return 'none';
  if (mistakes === 1) return 'one';
  if (mistakes === 2) return 'two';
  return 'more';
}

/**
 * Feedback by average seconds per question (access-and-app-shell.md 9: bands 0-10, 10-20, 20-30).
 * The fast band praises speed only with care: below RUSHED_BELOW_PERCENT correct it is 'rushed'
 * (issue #28: a guessing run at 2 s a question is not "Lightning fast"; it is told to slow down).
 */
export type TimeFeedback = 'fast' | 'rushed' | 'steady' | 'slow';

/** A fast game with fewer right than this (percent) was rushed, not fast. */
export const RUSHED_BELOW_PERCENT = 70;

/**
 * Band of the average time per question: [0, 10) fast (or rushed), [10, 20) steady, [20, 30] slow
 * (a band's upper bound belongs to the next band, as in the score bands).
 *
 * @param averageSeconds t of the scoring rules (unanswered questions count T)
 * @param percentCorrect the game's accuracy, 0-100
 * @example timeFeedback(2, 30) === 'rushed'; timeFeedback(6, 90) === 'fast'; timeFeedback(12, 30) === 'steady'
 */
export function timeFeedback(averageSeconds: number, percentCorrect: number): TimeFeedback {
  const third = SCORING.secondsPerQuestion / 3;
  if (averageSeconds < third) return percentCorrect < RUSHED_BELOW_PERCENT ? 'rushed' : 'fast';
  if (averageSeconds < 2 * third) return 'steady';
  return 'slow';
}

/**
 * Stars of a finished game (issue #28: a child's result leads with stars and a simple score): three
 * for 9 or 10 right of 10, two for 7 or 8, one for 4 to 6, none below, as fractions of any length.
 *
 * @example resultStars(10, 10) === 3; resultStars(8, 10) === 2; resultStars(4, 10) === 1; resultStars(3, 10) === 0
 */
export function resultStars(correct: number, questionCount: number): 0 | 1 | 2 | 3 {
  if (questionCount <= 0) return 0;
  const share = correct / questionCount;
  if (share >= 0.9) return 3;
  if (share >= 0.7) return 2;
  if (share >= 0.4) return 1;
  return 0;
}

/**
 * Whether the chosen options answer a question: exactly the answer key's options, each once. Open-
 * ended questions are never right automatically (a teacher marks them, scoring-and-metrics.md
 * "Test"). The server marks uploads with this and the app gives instant feedback with it, so the
 * two cannot disagree.
 *
 * @param type the question type
 * @param answerKey indexes of the correct options
 * @param chosen indexes the student chose
 */
export function isAnswerCorrect(type: string, answerKey: readonly number[], chosen: readonly number[]): boolean {
  if (type === 'open_ended' || chosen.length === 0 || chosen.length !== answerKey.length) return false;
  const wanted = new Set(answerKey);
  return new Set(chosen).size === chosen.length && chosen.every((c) => wanted.has(c));
}

/** A chapter of a subject's path, in order, as "continue where you left off" reads it. */
export interface PathChapter {
  id: number;
  /** Published topics in their order, each with whether the student finished it at least once. */
  topics: { id: number; completed: boolean }[];
  reviseDone: boolean;
  treasureDone: boolean;
}

/** The next step of a chapter's path: a topic to play, its revise or its treasure. */
export type PathStep =
  { chapterId: number; stage: 'topic'; topicId: number } | { chapterId: number; stage: 'revise' | 'treasure' };

/**
 * Where "continue where you left off" (issue #28) leads, from the student's last activity of the
 * learning path: in that chapter, the first unfinished topic after the one last played (then from
 * the chapter's start), once all are finished its revise and then its treasure (the order
 * chapterPathState opens them), and when that chapter is done, the first step of the next chapter
 * not done. Null when nothing is left after it, or the chapter is no longer on the student's path.
 *
 * @example topics 1, 2, 3 of which 1 and 3 finished, last played 3 -> topic 2
 * @example all topics and revise done, treasure not -> the treasure
 */
export function nextPathStep(
  chapters: readonly PathChapter[],
  last: { chapterId: number; topicId: number | null },
): PathStep | null {
  const at = chapters.findIndex((c) => c.id === last.chapterId);
  if (at < 0) return null;
  for (let i = at; i < chapters.length; i++) {
    const step = stepIn(chapters[i]!, i === at ? last.topicId : null);
    if (step) return step;
  }
  return null;
}

function stepIn(chapter: PathChapter, after: number | null): PathStep | null {
  const { topics } = chapter;
  if (topics.length === 0) return null;
  const from = after === null ? 0 : topics.findIndex((t) => t.id === after) + 1;
  for (let k = 0; k < topics.length; k++) {
    const topic = topics[(from + k) % topics.length]!;
    if (!topic.completed) return { chapterId: chapter.id, stage: 'topic', topicId: topic.id };
  }
  if (!chapter.reviseDone) return { chapterId: chapter.id, stage: 'revise' };
  if (!chapter.treasureDone) return { chapterId: chapter.id, stage: 'treasure' };
  return null;
}
