/** Builders for integration tests: real rows in the test database, nothing mocked. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RecordInput } from '@ki/contracts';
import type { DB, QuestionType, UserRole } from '../db/schema';
import { createSession, SESSION_COOKIE } from '../sessions/session-store';

let counter = 0;
const next = () => ++counter;

export async function createChain(db: Kysely<DB>, name = `Chain ${next()}`) {
  return db
    .insertInto('school_chains')
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);
}

export async function createBoard(db: Kysely<DB>, code = `B${next()}`) {
  return db
    .insertInto('boards')
    .values({ code, name: `${code} board` })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);
}

export async function createSchool(
  db: Kysely<DB>,
  opts: { chainId?: number | null; boardId: number; grades?: number[]; name?: string },
) {
  const id = await db
    .insertInto('schools')
    .values({ chain_id: opts.chainId ?? null, name: opts.name ?? `School ${next()}` })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);
  await db
    .insertInto('school_boards')
    .values({ school_id: id, board_id: opts.boardId, grades: opts.grades ?? [6, 7, 8] })
    .execute();
  return id;
}

export interface TestQuestion {
  id: number;
  answer: number[];
  type: QuestionType;
}
export interface TestTopic {
  id: number;
  questions: TestQuestion[];
}
export interface TestChapter {
  id: number;
  subjectId: number;
  topics: TestTopic[];
  /** Questions a treasure or revise may use: all of the chapter's. */
  questions: TestQuestion[];
}

/** A subject with chapters of `topics` topics, each with `questions` single-answer questions (answer = option 1). */
export async function createCurriculum(
  db: Kysely<DB>,
  opts: {
    boardId: number;
    grade: number;
    subjectSlug?: string;
    chapters?: number;
    topics?: number;
    questions?: number;
  },
): Promise<{ subjectId: number; chapters: TestChapter[] }> {
  const slug = opts.subjectSlug ?? `subject-${next()}`;
  const subject = await db.selectFrom('subjects').select('id').where('slug', '=', slug).executeTakeFirst();
  const subjectId: number =
    subject?.id ??
    (await db
      .insertInto('subjects')
      .values({ slug, names: JSON.stringify({ en: slug }), theme: 'default' })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id));
  const chapters: TestChapter[] = [];
  for (let c = 0; c < (opts.chapters ?? 2); c++) {
    const chapterId = await db
      .insertInto('chapters')
      .values({
        subject_id: subjectId,
        board_id: opts.boardId,
        grade: opts.grade,
        slug: `chapter-${next()}`,
        names: JSON.stringify({ en: `Chapter ${c + 1}` }),
        position: c,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
    const topics: TestTopic[] = [];
    for (let t = 0; t < (opts.topics ?? 3); t++) {
      const topicId = await db
        .insertInto('topics')
        .values({
          chapter_id: chapterId,
          slug: `topic-${next()}`,
          names: JSON.stringify({ en: `Topic ${c + 1}.${t + 1}` }),
          position: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
      const rows = Array.from({ length: opts.questions ?? 10 }, (_, q) => ({
        topic_id: topicId,
        type: 'multiple_choice' as const,
        position: q,
        content: JSON.stringify({ en: { text: `Question ${q + 1}?`, options: ['a', 'b', 'c', 'd'], solution: 'b' } }),
        answer: [1],
      }));
      const inserted = await db.insertInto('questions').values(rows).returning(['id', 'answer', 'type']).execute();
      topics.push({ id: topicId, questions: inserted.map((q) => ({ id: q.id, answer: q.answer, type: q.type })) });
    }
    chapters.push({ id: chapterId, subjectId, topics, questions: topics.flatMap((t) => t.questions) });
  }
  return { subjectId, chapters };
}

export async function createUser(
  db: Kysely<DB>,
  role: UserRole,
  opts: { firstName?: string; lastName?: string; isQa?: boolean; chainId?: number | null; mobile?: string | null } = {},
) {
  return db
    .insertInto('users')
    .values({
      role,
      first_name: opts.firstName ?? `${role} ${next()}`,
      last_name: opts.lastName ?? 'Test',
      is_qa: opts.isQa ?? false,
      chain_id: opts.chainId ?? null,
      mobile: opts.mobile ?? null,
      email: null,
      password_hash: null,
      login_code: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);
}

export async function createStudent(
  db: Kysely<DB>,
  opts: { schoolId: number; boardId: number; grade: number | null; enrolledAt?: Date; firstName?: string },
) {
  const id = await createUser(db, 'student', { firstName: opts.firstName });
  await db
    .insertInto('student_enrolments')
    .values({
      student_id: id,
      school_id: opts.schoolId,
      board_id: opts.boardId,
      grade: opts.grade,
      enrolled_at: opts.enrolledAt ?? new Date('2026-06-01T00:00:00Z'),
    })
    .execute();
  return id;
}

export async function createStaff(
  db: Kysely<DB>,
  role: 'principal' | 'teacher' | 'superadmin',
  opts: {
    schoolIds?: number[];
    chainId?: number | null;
    isQa?: boolean;
    assignments?: { schoolId: number; grade: number; subjectId?: number | null }[];
  } = {},
) {
  const id = await createUser(db, role, { isQa: opts.isQa, chainId: opts.chainId ?? null });
  for (const schoolId of opts.schoolIds ?? [])
    await db.insertInto('staff_schools').values({ user_id: id, school_id: schoolId }).execute();
  for (const a of opts.assignments ?? []) {
    await db
      .insertInto('teacher_assignments')
      .values({ teacher_id: id, school_id: a.schoolId, grade: a.grade, subject_id: a.subjectId ?? null })
      .execute();
  }
  return id;
}

export async function linkParent(db: Kysely<DB>, parentId: number, studentId: number) {
  await db.insertInto('parent_links').values({ parent_id: parentId, student_id: studentId }).execute();
}

/** A session cookie header for a user, as the sign-in flow would set it. */
export async function sessionCookie(db: Kysely<DB>, userId: number, now: Date): Promise<string> {
  const { token } = await createSession(db, userId, now);
  return `${SESSION_COOKIE}=${token}`;
}

/**
 * A topic game record: the first `correct` questions answered right (option 1), the rest wrong
 * (option 0), each taking `seconds`.
 */
export function topicRecord(
  chapter: TestChapter,
  topic: TestTopic,
  opts: { correct: number; seconds: number; finishedAt: string | Date; id?: string; unanswered?: number },
): RecordInput {
  const finished = new Date(opts.finishedAt);
  return {
    id: opts.id ?? randomUUID(),
    kind: 'topic',
    chapterId: chapter.id,
    topicId: topic.id,
    startedAt: new Date(finished.getTime() - 10 * opts.seconds * 1000 - 5000).toISOString(),
    finishedAt: finished.toISOString(),
    answers: topic.questions.slice(0, 10).map((q, i) => ({
      questionId: q.id,
      chosen: i >= 10 - (opts.unanswered ?? 0) ? null : i < opts.correct ? [...q.answer] : [q.answer[0] === 0 ? 1 : 0],
      seconds: opts.seconds,
    })),
  };
}

/** A chapter-level record (treasure or revise) with `correct` of 10 right. */
export function chapterRecord(
  kind: 'treasure' | 'revise',
  chapter: TestChapter,
  opts: { correct: number; finishedAt: string | Date; id?: string; seconds?: number },
): RecordInput {
  const finished = new Date(opts.finishedAt);
  const seconds = opts.seconds ?? 10;
  return {
    id: opts.id ?? randomUUID(),
    kind,
    chapterId: chapter.id,
    startedAt: new Date(finished.getTime() - 10 * seconds * 1000).toISOString(),
    finishedAt: finished.toISOString(),
    answers: chapter.questions.slice(0, 10).map((q, i) => ({
      questionId: q.id,
      chosen: i < opts.correct ? [...q.answer] : [q.answer[0] === 0 ? 1 : 0],
      seconds,
    })),
  };
}
