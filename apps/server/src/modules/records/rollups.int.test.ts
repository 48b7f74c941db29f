/**
 * The central promise of the rollups: whatever order and batches records arrive in (offline
 * uploads, retries, duplicates, late records from a phone that was offline for days), the rollup
 * tables equal a full rebuild from the records.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordInput } from '@ki/contracts';
import type { DB } from '../../db/schema';
import { storeTestAttempt } from '../../test/attempt-records';
import { schoolGradeRollupDrift } from '../../test/school-grade-rollups';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  chapterRecord,
  createBoard,
  createCurriculum,
  createSchool,
  createStudent,
  sessionCookie,
  topicRecord,
  type TestChapter,
} from '../../test/factories';
import { unsafeRebuildStudent } from './records.service';

let t: TestApp;
let chapters: TestChapter[];
let schoolId: number;
let boardId: number;
/** A subject the students only take quizzes and tests of (no chapter played). */
let quizOnlySubjectId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  boardId = await createBoard(db);
  schoolId = await createSchool(db, { boardId });
  const science = await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'science', chapters: 2, topics: 3 });
  const maths = await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'maths', chapters: 1, topics: 2 });
  chapters = [...science.chapters, ...maths.chapters];
  quizOnlySubjectId = (await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'history', chapters: 0 }))
    .subjectId;
});
afterAll(() => t.close());

const TABLES = [
  'student_topic_stats',
  'student_chapter_stats',
  'student_subject_practice_stats',
  'student_subject_stats',
  'student_stats',
  'student_daily_stats',
] as const;
const ORDER: Record<(typeof TABLES)[number], string[]> = {
  student_topic_stats: ['topic_id'],
  student_chapter_stats: ['chapter_id'],
  student_subject_practice_stats: ['subject_id'],
  student_subject_stats: ['subject_id'],
  student_stats: ['student_id'],
  student_daily_stats: ['day'],
};

async function snapshot(studentId: number) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    let q = t.database.db.selectFrom(table).selectAll().where('student_id', '=', studentId);
    for (const col of ORDER[table]) q = q.orderBy(col as never);
    out[table] = await q.execute();
  }
  return out;
}

/**
 * One generated activity: which chapter/topic, kind, score, speed and when (days back from now). A
 * quiz or test is a finished attempt stored by the server, of the chapter's subject, or (chapter 2's
 * turn taken by the quiz-only subject when topic is 2) of a subject the student plays nothing else of.
 */
const activity = fc.record({
  chapter: fc.nat({ max: 2 }),
  topic: fc.nat({ max: 2 }),
  kind: fc.constantFrom('topic', 'topic', 'topic', 'treasure', 'revise', 'quiz', 'test'),
  correct: fc.nat({ max: 10 }),
  seconds: fc.integer({ min: 1, max: 40 }),
  minutesAgo: fc.integer({ min: 1, max: 60 * 24 * 40 }),
});

type Activity = typeof activity extends fc.Arbitrary<infer A> ? A : never;

/** A finished attempt to store through storeTestAttempt (its id makes a retry a duplicate). */
interface AttemptActivity {
  attemptId: string;
  kind: 'quiz' | 'test';
  subjectId: number;
  finishedAt: Date;
  correct: number;
  seconds: number;
}
type Upload = RecordInput | AttemptActivity;
const isAttempt = (u: Upload): u is AttemptActivity => 'attemptId' in u;
const finishOf = (u: Upload) => (isAttempt(u) ? u.finishedAt.getTime() : Date.parse(u.finishedAt));

function toUpload(a: Activity, now: Date): Upload {
  if (a.kind === 'quiz' || a.kind === 'test') {
    const subjectId = a.chapter === 2 && a.topic === 2 ? quizOnlySubjectId : chapters[a.chapter]!.subjectId;
    return {
      attemptId: randomUUID(),
      kind: a.kind,
      subjectId,
      finishedAt: new Date(now.getTime() - a.minutesAgo * 60_000),
      correct: a.correct,
      seconds: a.seconds,
    };
  }
  return toRecord(a, now);
}

function toRecord(a: Activity, now: Date): RecordInput {
  const chapter = chapters[a.chapter]!;
  const finishedAt = new Date(now.getTime() - a.minutesAgo * 60_000);
  if (a.kind === 'topic') {
    const topic = chapter.topics[a.topic % chapter.topics.length]!;
    return topicRecord(chapter, topic, { correct: a.correct, seconds: a.seconds, finishedAt, id: randomUUID() });
  }
  return chapterRecord(a.kind as 'treasure' | 'revise', chapter, {
    correct: a.correct,
    finishedAt,
    id: randomUUID(),
    seconds: a.seconds,
  });
}

/**
 * Every topic of every chapter played once, 41 days back (before any generated activity), so that
 * every treasure is open (a treasure needs its chapter's topics). Returns how many records it stored.
 */
async function playEveryTopic(cookie: string): Promise<number> {
  const records = chapters.flatMap((c, ci) =>
    c.topics.map((topic, ti) =>
      topicRecord(c, topic, {
        correct: 5,
        seconds: 10,
        finishedAt: new Date(t.now().getTime() - (41 * 24 * 60 + ci * 10 + ti) * 60_000),
        id: randomUUID(),
      }),
    ),
  );
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/records', headers: { cookie }, payload: { records } });
  expect(res.json().rejected).toEqual([]);
  return records.length;
}

describe('incremental rollups equal a rebuild from records', () => {
  // In time order, ingest continues each chapter from its stored rows; out of order it replays them.
  it.each([
    ['in random order (phones offline for days)', false],
    ['in time order (continued from the stored rows)', true],
  ] as const)('for random records in random batches and retries, %s', async (_order, chronological) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(activity, { minLength: 1, maxLength: 25 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat({ max: 24 }), { maxLength: 4 }),
        async (activities, batchSizes, retried) => {
          const student = await createStudent(t.database.db, {
            schoolId,
            boardId,
            grade: 7,
            enrolledAt: new Date('2026-01-01T00:00:00Z'),
          });
          const cookie = await sessionCookie(t.database.db, student, t.now());
          const opened = await playEveryTopic(cookie);
          const records = activities.map((a) => toUpload(a, t.now()));
          if (chronological) records.sort((a, b) => finishOf(a) - finishOf(b));
          // Batches arrive in the generated (not chronological) order; some records are re-sent.
          // Finished attempts are stored by the server, one at a time, between the uploads.
          const batches: Upload[][] = [];
          let i = 0;
          for (let b = 0; i < records.length; b++) {
            const size = batchSizes[b % batchSizes.length]!;
            batches.push(records.slice(i, i + size));
            i += size;
          }
          for (const r of retried) if (records[r]) batches.push([records[r]!]);
          const recordIds = new Map<string, string>();
          for (const batch of batches) {
            const uploads = batch.filter((u): u is RecordInput => !isAttempt(u));
            if (uploads.length) {
              const res = await t.app.inject({
                method: 'POST',
                url: '/api/v1/records',
                headers: { cookie },
                payload: { records: uploads },
              });
              expect(res.statusCode).toBe(200);
              expect(res.json().rejected).toEqual([]);
            }
            for (const a of batch.filter(isAttempt)) {
              const { recordId } = await storeTestAttempt(t.database.db, {
                ...a,
                studentId: student,
                schoolId,
                boardId,
                grade: 7,
                wrong: 10 - a.correct,
              });
              // A retried finish gets the record stored the first time.
              expect(recordId).toBe(recordIds.get(a.attemptId) ?? recordId);
              recordIds.set(a.attemptId, recordId);
            }
          }
          const incremental = await snapshot(student);
          // The per school and grade rollups of the cards follow every upload exactly.
          expect(await schoolGradeRollupDrift(t.database.db)).toEqual([]);
          expect(await unsafeRebuildStudent({ database: t.database }, student)).toBe(opened + records.length);
          const rebuilt = await snapshot(student);
          expect(incremental).toEqual(rebuilt);
          expect(await schoolGradeRollupDrift(t.database.db)).toEqual([]);
          // Per-day currency adds up to the totals (the progress chart sums to what the cards show).
          const overall = rebuilt.student_stats![0] as { learning_currency: number; knowledge_currency: number };
          const days = rebuilt.student_daily_stats! as {
            learning_currency: number;
            knowledge_currency: number;
            records: number;
          }[];
          expect(days.reduce((s, d) => s + d.learning_currency, 0)).toBe(overall.learning_currency);
          expect(days.reduce((s, d) => s + d.knowledge_currency, 0)).toBe(overall.knowledge_currency);
          expect(days.reduce((s, d) => s + d.records, 0)).toBe(opened + records.length);
        },
      ),
      { numRuns: 25, seed: 20261122 },
    );
  });
});

describe('uploads of one student at the same moment (two phones, or a retry racing the first try)', () => {
  // On PostgreSQL the uploads run on separate connections: the lock the insert takes makes their
  // rollup upkeep take turns, so neither overwrites rows computed without the other's records.
  it('leave the rollups equal to a rebuild', async () => {
    const student = await createStudent(t.database.db, {
      schoolId,
      boardId,
      grade: 7,
      enrolledAt: new Date('2026-01-01T00:00:00Z'),
    });
    const cookie = await sessionCookie(t.database.db, student, t.now());
    const opened = await playEveryTopic(cookie);
    const batches = Array.from({ length: 6 }, (_, b) =>
      Array.from({ length: 8 }, (_, i) =>
        toRecord(
          {
            chapter: (b + i) % 3,
            topic: i % 3,
            kind: i % 4 === 3 ? 'treasure' : 'topic',
            correct: (b * 3 + i) % 11,
            seconds: 5 + i,
            minutesAgo: 10 + b * 97 + i * 13,
          },
          t.now(),
        ),
      ),
    );
    // The first record is also in the last batch: one of the two uploads stores it, the other sees a duplicate.
    batches[5]!.push(batches[0]![0]!);
    const answers = await Promise.all(
      batches.map((records) =>
        t.app.inject({ method: 'POST', url: '/api/v1/records', headers: { cookie }, payload: { records } }),
      ),
    );
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect(answers.reduce((n, res) => n + (res.json() as { stored: string[] }).stored.length, 0)).toBe(48);
    const incremental = await snapshot(student);
    expect(await unsafeRebuildStudent({ database: t.database }, student)).toBe(opened + 48);
    expect(incremental).toEqual(await snapshot(student));
    expect(await schoolGradeRollupDrift(t.database.db)).toEqual([]);
  });
});

describe('per school and grade rollups (migration 0008) equal a rebuild', () => {
  it('through uploads, a move to another grade and school, Reindex and removal', async () => {
    const db = t.database.db;
    const otherSchool = await createSchool(db, { boardId });
    const students = [];
    for (const grade of [7, 7, 7])
      students.push(
        await createStudent(db, { schoolId, boardId, grade, enrolledAt: new Date('2026-01-01T00:00:00Z') }),
      );
    for (const [n, student] of students.entries()) {
      const cookie = await sessionCookie(db, student, t.now());
      const records = [0, 1, 2].map((k) =>
        toRecord(
          {
            chapter: k % 3,
            topic: n,
            kind: 'topic',
            correct: 4 + n + k,
            seconds: 10,
            minutesAgo: 60 * 24 * (n * 20 + k) + 5,
          },
          t.now(),
        ),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/records',
        headers: { cookie },
        payload: { records },
      });
      expect(res.json().rejected).toEqual([]);
    }
    expect(await schoolGradeRollupDrift(db)).toEqual([]);
    // A transfer: the enrolment moves at once; the played rows move with the Reindex that follows.
    await db
      .updateTable('student_enrolments')
      .set({ school_id: otherSchool, grade: 8 })
      .where('student_id', '=', students[0]!)
      .execute();
    expect(await schoolGradeRollupDrift(db)).toEqual([]);
    await unsafeRebuildStudent({ database: t.database }, students[0]!);
    expect(await schoolGradeRollupDrift(db)).toEqual([]);
    const moved = await db
      .selectFrom('school_grade_activity_days')
      .select(['grade', 'students'])
      .where('school_id', '=', otherSchool)
      .execute();
    expect(moved).toEqual([{ grade: 8, students: 1 }]);
    // An enrolment without a grade yet counts as registered (grade 0), and leaving removes it.
    await db.updateTable('student_enrolments').set({ grade: null }).where('student_id', '=', students[1]!).execute();
    expect(await schoolGradeRollupDrift(db)).toEqual([]);
    await db.deleteFrom('student_stats').where('student_id', '=', students[2]!).execute();
    expect(await schoolGradeRollupDrift(db)).toEqual([]);
  });
});

describe('a class uploading at the same moment (migration 0012)', () => {
  // Every student of a grade who plays today updates the same school_grade_activity_days row. The
  // trigger runs at commit, so one upload's open transaction never holds that row's lock while
  // another student of the class writes their rollups. On PGlite there is one connection only.
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'does not queue on the shared grade and day row before committing',
    async () => {
      const db = t.database.db;
      const classmates = [];
      for (let n = 0; n < 2; n++) {
        const student = await createStudent(db, {
          schoolId,
          boardId,
          grade: 7,
          enrolledAt: new Date('2026-01-01T00:00:00Z'),
        });
        const cookie = await sessionCookie(db, student, t.now());
        const records = [
          toRecord({ chapter: 0, topic: n, kind: 'topic', correct: 6, seconds: 10, minutesAgo: 5 }, t.now()),
        ];
        expect(
          (
            await t.app.inject({ method: 'POST', url: '/api/v1/records', headers: { cookie }, payload: { records } })
          ).json().rejected,
        ).toEqual([]);
        classmates.push(student);
      }
      const [first, second] = classmates as [number, number];
      const played = (trx: Transaction<DB>, student: number) =>
        trx
          .updateTable('student_stats')
          .set((eb) => ({ total_score: eb('total_score', '+', 1), last_activity_at: t.now() }))
          .where('student_id', '=', student)
          .execute();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let firstWrote!: () => void;
      const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
      const open = db.transaction().execute(async (trx) => {
        await played(trx, first);
        firstWrote();
        await held;
      });
      await wrote;
      // With the trigger of 0008 this waited for the first transaction and failed on the timeout.
      const secondUpload = db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = '2s'`.execute(trx);
        await played(trx, second);
      });
      try {
        await expect(secondUpload).resolves.toBeUndefined();
      } finally {
        release();
        await open;
      }
      expect(await schoolGradeRollupDrift(db)).toEqual([]);
    },
  );
});
