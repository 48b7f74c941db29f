/**
 * Which questions a game draws. The games mark themselves at once, so they draw only questions a
 * machine can mark (not open-ended ones; docs/DECISIONS.md). Every game has N = 10 questions
 * (scoring-and-metrics.md, Constants).
 */
import { SCORING } from '@ki/domain';
import type { BundleChapter, BundleQuestion, BundleTopic } from '@ki/contracts';

export const GAME_SIZE = SCORING.questionsPerGame;

export const isAutoMarked = (q: BundleQuestion) =>
  q.type !== 'open_ended' && q.answer.length > 0 && q.options.length > 1;

/** Fisher-Yates with an injectable random source (tests fix it). */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Ten questions of one topic, or null when it has fewer than ten that can be marked. */
export function pickTopicQuestions(topic: BundleTopic, random: () => number = Math.random): BundleQuestion[] | null {
  const pool = topic.questions.filter(isAutoMarked);
  return pool.length < GAME_SIZE ? null : shuffle(pool, random).slice(0, GAME_SIZE);
}

/**
 * Ten questions across a chapter's topics (revise and treasure): taken in turn from each topic's
 * shuffled questions, so every topic is asked about before any is asked twice. Null when the
 * chapter has fewer than ten markable questions.
 */
export function pickChapterQuestions(
  chapter: BundleChapter,
  random: () => number = Math.random,
): BundleQuestion[] | null {
  const pools = shuffle(chapter.topics, random).map((t) => shuffle(t.questions.filter(isAutoMarked), random));
  if (pools.reduce((n, p) => n + p.length, 0) < GAME_SIZE) return null;
  const picked: BundleQuestion[] = [];
  for (let round = 0; picked.length < GAME_SIZE; round++) {
    for (const pool of pools) {
      const q = pool[round];
      if (q && picked.length < GAME_SIZE) picked.push(q);
    }
  }
  return shuffle(picked, random);
}
