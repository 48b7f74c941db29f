/**
 * Ingest continues a chapter's rollup from its stored rows instead of replaying every record: these
 * properties show the continuation gives exactly the rows a replay of all records gives, and that
 * the day-row changes added to the stored day rows give the day rows of all records.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareRecords,
  computeAllRollups,
  computeChapterRollup,
  computeChapterRollups,
  computeDailyRows,
  computeSubjectRollups,
  continueChapterRollups,
  dailyRowChanges,
  extendChapterRollup,
  rollupChanges,
  type DailyRow,
  type RecordFacts,
  type RollupChanges,
} from './rollup-rules';

const ctx = { studentId: 42, schoolId: 7, boardId: 1, grade: 7, timeZone: 'Asia/Kolkata' };
const shape = { chapterId: 300, subjectId: 20, islandCount: 4 };
const T0 = Date.parse('2026-10-01T00:00:00Z');

/** A record of chapter 300: topic games of topics 1-5 (5 is beyond the 4 islands), treasures, revises. */
const recordArb = fc
  .record({
    kind: fc.constantFrom('topic', 'topic', 'topic', 'treasure', 'revise', 'quiz'),
    topic: fc.integer({ min: 1, max: 5 }),
    minutes: fc.integer({ min: 0, max: 60 * 24 * 20 }),
    answered: fc.integer({ min: 0, max: 10 }),
    correct: fc.integer({ min: 0, max: 10 }),
    seconds: fc.integer({ min: 1, max: 300 }),
    efficiency: fc.double({ min: 0, max: 100, noNaN: true }),
    currency: fc.integer({ min: 0, max: 110 }),
    percent: fc.integer({ min: 0, max: 100 }),
  })
  .map((a): Omit<RecordFacts, 'id'> => ({
    kind: a.kind as RecordFacts['kind'],
    subjectId: shape.subjectId,
    chapterId: shape.chapterId,
    topicId: a.kind === 'topic' ? a.topic : null,
    startedAt: new Date(T0 + a.minutes * 60_000 - a.seconds * 1000),
    finishedAt: new Date(T0 + a.minutes * 60_000),
    answered: a.answered,
    correct: Math.min(a.correct, a.answered),
    questionSeconds: a.seconds,
    durationSeconds: a.seconds,
    learningCurrency: a.kind === 'topic' ? a.currency : null,
    learningEfficiency: a.kind === 'topic' ? a.efficiency : null,
    percent: a.kind === 'topic' || a.kind === 'treasure' ? a.percent : null,
  }));

const recordsArb = fc
  .array(recordArb, { minLength: 1, maxLength: 30 })
  .map((list) =>
    list.map((r, i) => ({ ...r, id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` })).sort(compareRecords),
  );

/** Stored day rows plus changes, as the upsert adds them. */
function addDays(stored: readonly DailyRow[], changes: readonly DailyRow[]): DailyRow[] {
  const byDay = new Map(stored.map((r) => [r.day, { ...r }]));
  for (const c of changes) {
    const r = byDay.get(c.day);
    if (!r) byDay.set(c.day, { ...c });
    else
      for (const k of [
        'records',
        'answered',
        'correct',
        'time_spent',
        'learning_currency',
        'knowledge_currency',
      ] as const)
        r[k] += c[k];
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

describe('continuing a chapter rollup from its stored rows', () => {
  it('gives the rows of a replay of every record when the new records are later', () => {
    fc.assert(
      fc.property(recordsArb, fc.nat(), (records, cut) => {
        // Split where the time moves on, so every new record is later than every stored one.
        let split = cut % (records.length + 1);
        while (
          split > 0 &&
          split < records.length &&
          records[split]!.finishedAt.getTime() === records[split - 1]!.finishedAt.getTime()
        )
          split -= 1;
        const older = records.slice(0, split);
        const newer = records.slice(split);
        const stored = computeChapterRollup(ctx, shape, older);
        const continued = extendChapterRollup(ctx, shape, stored, newer);
        const replayed = computeChapterRollup(ctx, shape, records);
        expect(continued).toEqual(replayed);

        const before = { topics: stored?.topics ?? [], chapters: stored ? [stored.chapter] : [] };
        const after = { topics: replayed!.topics, chapters: [replayed!.chapter] };
        const storedDays = computeDailyRows(ctx, older, before.topics, before.chapters);
        expect(addDays(storedDays, dailyRowChanges(ctx, newer, before, after))).toEqual(
          computeDailyRows(ctx, records, after.topics, after.chapters),
        );
      }),
      { numRuns: 300, seed: 20261124 },
    );
  });

  it('declines a record at or before the chapter’s newest one, and a changed island count', () => {
    fc.assert(
      fc.property(recordsArb, (records) => {
        const stored = computeChapterRollup(ctx, shape, records)!;
        const late = { ...records[0]!, id: 'ffffffff-0000-4000-8000-000000000000' };
        expect(extendChapterRollup(ctx, shape, stored, [late])).toBeNull();
        const next = {
          ...records.at(-1)!,
          id: 'ffffffff-0000-4000-8000-000000000001',
          finishedAt: new Date(records.at(-1)!.finishedAt.getTime() + 60_000),
        };
        expect(extendChapterRollup(ctx, { ...shape, islandCount: shape.islandCount + 1 }, stored, [next])).toBeNull();
        expect(extendChapterRollup(ctx, shape, stored, [next])).toEqual(
          computeChapterRollup(ctx, shape, [...records, next]),
        );
      }),
      { numRuns: 100, seed: 20261124 },
    );
  });

  it('moves currency between days when a late record is replayed: the changes still add up', () => {
    fc.assert(
      fc.property(recordsArb, fc.nat(), (records, pick) => {
        // One record arrives after the others were stored (a phone that was offline): replayed.
        const lateIndex = pick % records.length;
        const late = records[lateIndex]!;
        const older = records.filter((_, i) => i !== lateIndex);
        const stored = computeChapterRollup(ctx, shape, older);
        const replayed = computeChapterRollup(ctx, shape, records)!;
        const before = { topics: stored?.topics ?? [], chapters: stored ? [stored.chapter] : [] };
        const after = { topics: replayed.topics, chapters: [replayed.chapter] };
        const storedDays = computeDailyRows(ctx, older, before.topics, before.chapters);
        expect(addDays(storedDays, dailyRowChanges(ctx, [late], before, after))).toEqual(
          computeDailyRows(ctx, records, after.topics, after.chapters),
        );
      }),
      { numRuns: 300, seed: 20261124 },
    );
  });
});

describe('a chapter replay follows the scoring rules (scoring-and-metrics.md)', () => {
  const at = (minutes: number) => new Date(T0 + minutes * 60_000);
  const base = {
    subjectId: shape.subjectId,
    chapterId: shape.chapterId,
    answered: 10,
    correct: 5,
    questionSeconds: 100,
    durationSeconds: 120,
  };
  const topic = (id: string, minutes: number, learningEfficiency: number, learningCurrency: number): RecordFacts => ({
    ...base,
    id,
    kind: 'topic',
    topicId: 1,
    startedAt: at(minutes - 2),
    finishedAt: at(minutes),
    learningEfficiency,
    learningCurrency,
    percent: null,
  });

  it('keeps the best discounted attempt: LE 50, then 79.27 x 0.9 = 71.343 (attempt 2), then 60 x 0.8 = 48', () => {
    const rows = computeChapterRollup(ctx, shape, [
      topic('a', 10, 50, 55),
      topic('b', 20, 79.27, 87),
      topic('c', 30, 60, 66),
    ])!;
    expect(rows.topics).toHaveLength(1);
    expect(rows.topics[0]).toMatchObject({ attempts: 3, best_attempt: 2, learning_currency: 87 });
    expect(rows.topics[0]!.learning_efficiency).toBeCloseTo(71.343, 10);
    // The topic's currency rose by 55 on the first day, then by 32 when attempt 2 became the best.
    expect(Object.values(rows.topics[0]!.learning_currency_by_day).reduce((s, n) => s + n, 0)).toBe(87);
  });

  it('earns KC_ch with the treasure: round(sum of topic LC x best treasure % / (islands x 100))', () => {
    const treasure: RecordFacts = {
      ...base,
      id: 't',
      kind: 'treasure',
      topicId: null,
      startedAt: at(38),
      finishedAt: at(40),
      learningEfficiency: null,
      learningCurrency: null,
      percent: 80,
    };
    const rows = computeChapterRollup(ctx, shape, [topic('a', 10, 50, 55), treasure])!;
    // 55 x 80 / (4 x 100) = 11
    expect(rows.chapter).toMatchObject({
      knowledge_efficiency: 80,
      knowledge_currency: 11,
      is_completed: true,
      treasure_attempts: 1,
      records: 2,
    });
  });
});

describe('a student’s rollups over several chapters and subjects', () => {
  /**
   * Chapters 300 and 301 of subject 20, chapter 400 of subject 21; 401 has no published topic.
   * Chapter-less quizzes and tests (server-written attempts) of subject 20, and of subject 22
   * where the student plays nothing else.
   */
  const chapters = [
    { chapterId: 300, subjectId: 20 },
    { chapterId: 301, subjectId: 20 },
    { chapterId: 400, subjectId: 21 },
    { chapterId: 401, subjectId: 21 },
    { chapterId: null, subjectId: 20 },
    { chapterId: null, subjectId: 22 },
  ];
  const islands = new Map([
    [300, 4],
    [301, 2],
    [400, 3],
  ]);
  const studentRecordsArb = fc
    .array(fc.tuple(fc.constantFrom(...chapters), recordArb), { minLength: 1, maxLength: 40 })
    .map((list) =>
      list
        .map(([c, r], i): RecordFacts => ({
          ...r,
          ...c,
          ...(c.chapterId === null
            ? {
                kind: r.kind === 'treasure' ? 'test' : 'quiz',
                learningCurrency: null,
                learningEfficiency: null,
                percent: null,
              }
            : {}),
          topicId: r.topicId === null || c.chapterId === null ? null : c.chapterId * 10 + r.topicId,
          id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        }))
        .sort(compareRecords),
    );

  /** Stored rows plus the upserted rows and the added day changes, as writeRollups leaves them. */
  function written(stored: ReturnType<typeof computeAllRollups>, changes: RollupChanges) {
    const replace = <R>(rows: readonly R[], news: readonly R[], key: (row: R) => number) => {
      const byKey = new Map(rows.map((r) => [key(r), r]));
      for (const n of news) byKey.set(key(n), n);
      return [...byKey.entries()].sort(([a], [b]) => a - b).map(([, r]) => r);
    };
    return {
      topics: replace(stored.topics, changes.topics, (t) => t.topic_id),
      chapters: replace(stored.chapters, changes.chapters, (c) => c.chapter_id),
      practice: replace(stored.practice, changes.practice, (p) => p.subject_id),
      subjects: replace(stored.subjects, changes.subjects, (s) => s.subject_id),
      student: changes.student ?? stored.student,
      days: addDays(stored.days, changes.dayChanges),
    };
  }

  it('ingest (continue, replay what cannot be continued, then rollupChanges) writes the rows a rebuild computes', () => {
    fc.assert(
      fc.property(studentRecordsArb, fc.nat(), fc.boolean(), (records, pick, late) => {
        // The batch: the newest records, or (a phone that was offline) one record from the middle.
        const cut = pick % records.length;
        const batch = late ? [records[cut]!] : records.slice(cut);
        const older = records.filter((r) => !batch.includes(r));
        const stored = computeAllRollups(ctx, older, islands);

        const state = { topics: stored.topics, chapters: stored.chapters, practice: stored.practice, islands };
        const touched = continueChapterRollups(ctx, state, batch);
        const replayed = computeChapterRollups(
          ctx,
          records.filter((r) => r.chapterId !== null && touched.replay.includes(r.chapterId)),
          islands,
        );
        touched.topics.push(...replayed.topics);
        touched.chapters.push(...replayed.chapters);
        const rebuilt = computeAllRollups(ctx, records, islands);
        expect(written(stored, rollupChanges(ctx, state, batch, touched))).toEqual({
          topics: rebuilt.topics,
          chapters: rebuilt.chapters,
          practice: rebuilt.practice,
          subjects: rebuilt.subjects,
          student: rebuilt.student,
          days: rebuilt.days,
        });
      }),
      { numRuns: 300, seed: 20261127 },
    );
  });

  it('continues in-order records and lists for replay a chapter that got an older record', () => {
    const at = (minutes: number) => new Date(T0 + minutes * 60_000);
    const record = (id: string, chapterId: number, minutes: number): RecordFacts => ({
      id,
      kind: 'revise',
      subjectId: chapterId < 400 ? 20 : 21,
      chapterId,
      topicId: null,
      startedAt: at(minutes - 1),
      finishedAt: at(minutes),
      answered: 10,
      correct: 7,
      questionSeconds: 60,
      durationSeconds: 60,
      learningCurrency: null,
      learningEfficiency: null,
      percent: 70,
    });
    const stored = computeAllRollups(ctx, [record('a', 300, 10), record('b', 400, 20)], islands);
    const touched = continueChapterRollups(ctx, { ...stored, islands }, [
      record('c', 300, 30),
      record('d', 400, 15),
      record('e', 301, 5),
    ]);
    expect(touched.replay).toEqual([400]);
    expect(touched.chapters.map((c) => [c.chapter_id, c.records])).toEqual([
      [300, 2],
      [301, 1],
    ]);
  });

  it('rebuilds chapters in id order, subjects per subject, and the student over all of them', () => {
    const at = (minutes: number) => new Date(T0 + minutes * 60_000);
    const game = (
      id: string,
      chapterId: number,
      topicId: number,
      minutes: number,
      learningEfficiency: number,
      learningCurrency: number,
    ): RecordFacts => ({
      id,
      kind: 'topic',
      subjectId: chapterId < 400 ? 20 : 21,
      chapterId,
      topicId,
      startedAt: at(minutes - 5),
      finishedAt: at(minutes),
      answered: 10,
      correct: 8,
      questionSeconds: 120,
      durationSeconds: 300,
      learningCurrency,
      learningEfficiency,
      percent: 80,
    });
    const rows = computeAllRollups(
      ctx,
      [game('b', 400, 4001, 20, 60, 66), game('a', 300, 3001, 10, 79.27, 87), game('c', 301, 3011, 30, 50, 55)],
      islands,
    );
    expect(rows.chapters.map((c) => c.chapter_id)).toEqual([300, 301, 400]);
    expect(rows.chapters.map((c) => c.island_count)).toEqual([4, 2, 3]);
    expect(
      rows.subjects.map((s) => [s.subject_id, s.topics_completed, s.learning_currency, s.chapters_attempted]),
    ).toEqual([
      [20, 2, 142, 2],
      [21, 1, 66, 1],
    ]);
    // LE = mean of LE_topic over completed topics; no chapter completed, so KE = 0 (spec L49-L51).
    expect(rows.student).toMatchObject({
      topics_completed: 3,
      learning_currency: 208,
      knowledge_efficiency: 0,
      last_subject_id: 20,
      last_chapter_id: 301,
    });
    expect(rows.student!.learning_efficiency).toBeCloseTo((79.27 + 50 + 60) / 3, 10);
    expect(rows.student!.total_score).toBeCloseTo((0.2 * (79.27 + 50 + 60)) / 3, 10);
    expect(rows.days).toEqual([
      {
        student_id: 42,
        day: '2026-10-01',
        school_id: 7,
        records: 3,
        answered: 30,
        correct: 24,
        time_spent: 900,
        learning_currency: 208,
        knowledge_currency: 0,
      },
    ]);
    expect(computeSubjectRollups(ctx, [20, 21, 22], rows.topics, rows.chapters).map((s) => s.subject_id)).toEqual([
      20, 21,
    ]);
  });

  it('gives a chapter with no published topic an island count of 0 and no rows without records', () => {
    const rows = computeChapterRollups(ctx, [], islands);
    expect(rows).toEqual({ topics: [], chapters: [] });
    expect(computeAllRollups(ctx, [], islands)).toMatchObject({
      topics: [],
      chapters: [],
      subjects: [],
      student: null,
      days: [],
    });
  });
});
