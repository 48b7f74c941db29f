/**
 * The live challenge's scoreboard, shared by the server (which holds the game) and the device (which
 * works out its own place from the round's one message to the room): issue #24, docs/DECISIONS.md
 * "Live challenge". A round sends the room the key, the top 10 and how many players hold each score;
 * each device adds its own marks (timed by the server, acknowledged with the answer) to its score and
 * reads its rank off those counts. No message per player is needed, so a round costs one broadcast.
 *
 * Ranks are competition ranks: 1 + the number of players with a higher score, so players on equal
 * scores share a place ("1, 2, 2, 4"). Within a place lists show the faster player first.
 */
import { quizQuestionMarks } from './scoring';

/** How many players hold each score: [score, players], highest score first, no zero counts. */
export type ScoreCounts = [score: number, players: number][];

/** The counts of a list of scores. */
export function scoreCounts(scores: Iterable<number>): ScoreCounts {
  const counts = new Map<number, number>();
  for (const s of scores) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[0] - a[0]);
}

/**
 * The competition rank of `score` among `counts`: 1 + players with a higher score. A score nobody
 * holds (a device that missed a round) still gets the place it would take.
 */
export function competitionRank(score: number, counts: ScoreCounts): number {
  let above = 0;
  for (const [s, n] of counts) if (s > score) above += n;
  return above + 1;
}

/** Whether a choice is the key: a live question has exactly one right option. */
export function isRightChoice(answer: readonly number[], choice: number): boolean {
  return answer.length === 1 && answer[0] === choice;
}

/**
 * A player's round: right or wrong and the marks gained, from the key and the answer as the server
 * took it (the choice and the seconds it timed). No answer (or one refused as late) gains 0.
 */
export function roundOutcome(
  answer: readonly number[],
  given: { choice: number; seconds: number } | null,
): { correct: boolean; gained: number } {
  if (!given) return { correct: false, gained: 0 };
  const correct = isRightChoice(answer, given.choice);
  return { correct, gained: quizQuestionMarks({ answered: true, correct, seconds: given.seconds }) };
}
