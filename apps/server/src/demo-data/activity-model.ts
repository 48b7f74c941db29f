/**
 * Simulates one student's year of play as learning records, so the demo chain looks like a real
 * school: abilities differ, some students never start, some stop after a few weeks, most play after
 * school hours, weekends a little more, and replays improve scores.
 */
import type { RecordInput } from '@ki/contracts';
import type { IndexedChapter, IndexedQuestion, IndexedSubject } from './load-curriculum';
import type { Random } from './rng';

export type Engagement = 'never' | 'churned' | 'occasional' | 'regular' | 'keen';

export interface StudentProfile {
  /** Chance-adjusted share of questions answered right, 0..1. */
  ability: number;
  engagement: Engagement;
  /** Multiplies the chance of playing on a day (1 = the demo; benchmarks use more). */
  activity?: number;
  /** Plays more in the window's last `days` days (the demo student's recent streak). */
  recent?: { days: number; activity: number };
  /** Per-subject liking: added to ability for that subject. */
  affinity: ReadonlyMap<number, number>;
}

export const ENGAGEMENT_MIX: readonly (readonly [Engagement, number])[] = [
  ['never', 0.1],
  ['churned', 0.17],
  ['occasional', 0.33],
  ['regular', 0.3],
  ['keen', 0.1],
];

/** Chance of playing on a given day: by November a regular player is about halfway through the year's chapters. */
const SESSION_CHANCE: Record<Engagement, number> = {
  never: 0,
  churned: 0.25,
  occasional: 0.06,
  regular: 0.16,
  keen: 0.32,
};
const ACTIVITIES_PER_SESSION: Record<Engagement, readonly [number, number]> = {
  never: [0, 0],
  churned: [1, 3],
  occasional: [1, 3],
  regular: [1, 3],
  keen: [2, 5],
};
const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 5.5 * 3_600_000;

export function createProfile(
  rng: Random,
  subjects: readonly IndexedSubject[],
  engagement?: Engagement,
): StudentProfile {
  const ability = Math.min(0.95, Math.max(0.2, rng.normal(0.62, 0.16)));
  return {
    ability,
    engagement: engagement ?? rng.weighted(ENGAGEMENT_MIX),
    affinity: new Map(subjects.map((s) => [s.id, rng.normal(0, 0.07)])),
  };
}

interface SubjectProgress {
  chapter: number;
  topic: number;
  phase: 'topics' | 'revise' | 'treasure' | 'done';
  attempts: Map<string, number>;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The student's records between `from` and `to`, oldest first. Uses only `rng` for chance, so a
 * seed reproduces them; record ids come from the same stream.
 */
export function simulateStudent(
  rng: Random,
  profile: StudentProfile,
  subjects: readonly IndexedSubject[],
  window: { from: Date; to: Date },
  /** Record ids: deterministic and unique, e.g. a hash of seed, student and record number. */
  nextId: () => string,
): RecordInput[] {
  if (profile.engagement === 'never' || subjects.length === 0) return [];
  const records: RecordInput[] = [];
  const progress = new Map<number, SubjectProgress>(
    subjects.map((s) => [s.id, { chapter: 0, topic: 0, phase: 'topics', attempts: new Map() }]),
  );
  const totalDays = Math.floor((window.to.getTime() - window.from.getTime()) / DAY_MS);
  const churnDay =
    profile.engagement === 'churned' ? rng.int(12, Math.max(13, Math.min(90, totalDays - 31))) : Infinity;
  // Play starts the day after enrolment; some students join the app weeks into the term.
  const firstDay = rng.chance(0.3) ? rng.int(1, Math.max(1, Math.min(40, totalDays))) : 1;

  for (let day = firstDay; day <= totalDays && day < churnDay; day++) {
    const dayStart = window.from.getTime() + day * DAY_MS;
    const weekday = new Date(dayStart + IST_OFFSET_MS).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const recent = profile.recent && day > totalDays - profile.recent.days ? profile.recent.activity : 1;
    if (
      !rng.chance(
        Math.min(0.95, SESSION_CHANCE[profile.engagement] * (profile.activity ?? 1) * recent * (weekend ? 1.3 : 1)),
      )
    )
      continue;

    // Indian time of day: mostly after school, some before school, weekend middays.
    const hour = rng.weighted<number>([
      [6.5, 0.08],
      [7.25, 0.06],
      [weekend ? 11 : 16, 0.2],
      [17, 0.18],
      [18.5, 0.2],
      [20, 0.18],
      [21.25, 0.1],
    ]);
    let cursor = startOfIstDay(dayStart) + (hour + rng.next()) * 3_600_000;
    const [min, max] = ACTIVITIES_PER_SESSION[profile.engagement];
    const open = subjects.filter((s) => progress.get(s.id)!.phase !== 'done');
    // With every chapter finished, students go back and replay topics to raise their scores.
    const subject = rng.pick(open.length ? open : subjects);
    for (let n = rng.int(min, max); n > 0; n--) {
      const p = progress.get(subject.id)!;
      const record =
        p.phase === 'done'
          ? replayTopic(rng, profile, subject, p, cursor, nextId)
          : playNext(rng, profile, subject, p, cursor, nextId);
      if (!record) break;
      if (new Date(record.finishedAt).getTime() > window.to.getTime()) break;
      records.push(record);
      cursor = new Date(record.finishedAt).getTime() + rng.int(20, 240) * 1000;
    }
  }
  return records;
}

function startOfIstDay(ms: number): number {
  return Math.floor((ms + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
}

function playNext(
  rng: Random,
  profile: StudentProfile,
  subject: IndexedSubject,
  p: SubjectProgress,
  startMs: number,
  nextId: () => string,
): RecordInput | null {
  const chapter = subject.chapters[p.chapter];
  if (!chapter || p.phase === 'done') return null;
  const base = profile.ability + (profile.affinity.get(subject.id) ?? 0) - p.chapter * 0.01;
  if (p.phase === 'topics') {
    const topic = chapter.topics[p.topic]!;
    const key = `t${topic.id}`;
    const attempt = (p.attempts.get(key) ?? 0) + 1;
    p.attempts.set(key, attempt);
    const questions = rng.shuffle(topic.questions).slice(0, 10);
    const record = game(
      rng,
      'topic',
      chapter,
      topic.id,
      questions,
      clamp(base + 0.08 * (attempt - 1), 0.05, 0.98),
      profile.ability,
      startMs,
      nextId(),
    );
    const correct = record.answers.filter((a, i) => a.chosen && sameSet(a.chosen, questions[i]!.answer)).length;
    // Low scores are often replayed straight away (at most three tries).
    const replay = correct < 6 && attempt < 3 && rng.chance(0.6);
    if (!replay) {
      p.topic += 1;
      if (p.topic >= chapter.topics.length) p.phase = 'revise';
    }
    return record;
  }
  if (p.phase === 'revise') {
    p.phase = 'treasure';
    return game(
      rng,
      'revise',
      chapter,
      null,
      rng.shuffle(chapter.questions).slice(0, 10),
      clamp(base + 0.05, 0.05, 0.98),
      profile.ability,
      startMs,
      nextId(),
    );
  }
  const key = `c${chapter.id}`;
  const attempt = (p.attempts.get(key) ?? 0) + 1;
  p.attempts.set(key, attempt);
  const questions = rng.shuffle(chapter.questions).slice(0, 10);
  const record = game(
    rng,
    'treasure',
    chapter,
    null,
    questions,
    clamp(base - 0.04 + 0.06 * (attempt - 1), 0.05, 0.98),
    profile.ability,
    startMs,
    nextId(),
  );
  const correct = record.answers.filter((a, i) => a.chosen && sameSet(a.chosen, questions[i]!.answer)).length;
  if (!(correct < 5 && attempt < 2 && rng.chance(0.5))) {
    p.chapter += 1;
    p.topic = 0;
    p.phase = p.chapter >= subject.chapters.length ? 'done' : 'topics';
  }
  return record;
}

/** A replay of a random topic already played: each try is discounted, but practice pays. */
function replayTopic(
  rng: Random,
  profile: StudentProfile,
  subject: IndexedSubject,
  p: SubjectProgress,
  startMs: number,
  nextId: () => string,
): RecordInput | null {
  const chapter = rng.pick(subject.chapters);
  const topic = chapter.topics.length ? rng.pick(chapter.topics) : undefined;
  if (!topic) return null;
  const key = `t${topic.id}`;
  const attempt = (p.attempts.get(key) ?? 0) + 1;
  p.attempts.set(key, attempt);
  const base = profile.ability + (profile.affinity.get(subject.id) ?? 0);
  const questions = rng.shuffle(topic.questions).slice(0, 10);
  return game(
    rng,
    'topic',
    chapter,
    topic.id,
    questions,
    clamp(base + 0.05 * Math.min(attempt - 1, 4), 0.05, 0.98),
    profile.ability,
    startMs,
    nextId(),
  );
}

function game(
  rng: Random,
  kind: 'topic' | 'revise' | 'treasure',
  chapter: IndexedChapter,
  topicId: number | null,
  questions: readonly IndexedQuestion[],
  pCorrect: number,
  ability: number,
  startMs: number,
  id: string,
): RecordInput {
  let elapsed = 8;
  const answers = questions.map((q) => {
    const timedOut = rng.chance(0.02 + (1 - ability) * 0.05);
    if (timedOut) {
      elapsed += 30;
      return { questionId: q.id, chosen: null, seconds: 30 };
    }
    const seconds = Math.round(clamp(rng.normal(21 - 13 * ability, 4), 2, 30));
    elapsed += seconds + 2;
    return { questionId: q.id, chosen: rng.chance(pCorrect) ? [...q.answer] : wrongChoice(rng, q), seconds };
  });
  return {
    id,
    kind,
    chapterId: chapter.id,
    ...(topicId === null ? {} : { topicId }),
    startedAt: new Date(startMs).toISOString(),
    finishedAt: new Date(startMs + elapsed * 1000).toISOString(),
    answers,
  };
}

function wrongChoice(rng: Random, q: IndexedQuestion): number[] {
  const wrong = Array.from({ length: q.optionCount }, (_, i) => i).filter((i) => !q.answer.includes(i));
  if (q.type === 'multiple_select') {
    // A typical slip: one right option missing, or one wrong option added.
    if (wrong.length && rng.chance(0.5)) return [...q.answer, rng.pick(wrong)];
    return q.answer.length > 1 ? q.answer.slice(0, -1) : [rng.pick(wrong)];
  }
  return [wrong.length ? rng.pick(wrong) : (q.answer[0]! + 1) % q.optionCount];
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}
