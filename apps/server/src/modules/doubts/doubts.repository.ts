/** SQL of doubts: asking, answering, a student's list, a scope's list, one doubt's facts. No rules. */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { DoubtScope } from '../../policy/doubts';

/** What asking needs of a topic: its chapter, subject and whether the student may open it. */
export async function topicFacts(db: Kysely<DB>, topicId: number) {
  return db
    .selectFrom('topics as t')
    .innerJoin('chapters as c', 'c.id', 't.chapter_id')
    .select([
      't.id as topic_id',
      'c.id as chapter_id',
      'c.subject_id',
      'c.board_id',
      'c.grade',
      sql<boolean>`(t.status = 'published' and c.status = 'published')`.as('published'),
    ])
    .where('t.id', '=', topicId)
    .executeTakeFirst();
}

export async function askedSince(db: Kysely<DB>, studentId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('doubts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('student_id', '=', studentId)
    .where('asked_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertDoubt(
  db: Kysely<DB>,
  d: {
    studentId: number;
    schoolId: number;
    grade: number;
    section: string;
    subjectId: number;
    chapterId: number;
    topicId: number;
    body: string;
    at: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('doubts')
    .values({
      student_id: d.studentId,
      school_id: d.schoolId,
      grade: d.grade,
      section: d.section,
      subject_id: d.subjectId,
      chapter_id: d.chapterId,
      topic_id: d.topicId,
      body: d.body,
      asked_at: d.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One doubt's facts for the policy, with its picture. */
export async function doubtFacts(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('doubts as d')
    .innerJoin('schools as s', 's.id', 'd.school_id')
    .select([
      'd.id',
      'd.student_id',
      'd.school_id',
      's.chain_id',
      'd.grade',
      'd.subject_id',
      'd.status',
      'd.picture_key',
      'd.picture_type',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export async function setPicture(
  db: Kysely<DB>,
  id: number,
  key: string,
  type: 'image/png' | 'image/jpeg' | 'image/webp',
): Promise<void> {
  await db.updateTable('doubts').set({ picture_key: key, picture_type: type }).where('id', '=', id).execute();
}

/** Adds an answer; the doubt becomes answered and unseen by its student. */
export async function insertAnswer(
  db: Kysely<DB>,
  a: { doubtId: number; authorId: number; body: string; at: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('doubt_answers')
      .values({ doubt_id: a.doubtId, author_id: a.authorId, body: a.body, created_at: a.at })
      .execute();
    await trx
      .updateTable('doubts')
      .set({ status: 'answered', answered_at: a.at, answer_seen: false })
      .where('id', '=', a.doubtId)
      .execute();
  });
}

export async function markSeen(db: Kysely<DB>, studentId: number): Promise<void> {
  await db
    .updateTable('doubts')
    .set({ answer_seen: true })
    .where('student_id', '=', studentId)
    .where('answer_seen', '=', false)
    .execute();
}

export interface DoubtRow {
  id: number;
  student_id: number;
  school_id: number;
  chain_id: number | null;
  grade: number;
  section: string;
  subject_id: number;
  status: 'open' | 'answered';
  body: string;
  has_picture: boolean;
  asked_at: Date;
  answer_seen: boolean;
  subject_slug: string;
  subject_names: Record<string, string>;
  subject_theme: string;
  chapter_slug: string;
  chapter_names: Record<string, string>;
  topic_id: number;
  topic_slug: string;
  topic_names: Record<string, string>;
  first_name: string;
  last_name: string;
}

const rowsWhere = (where: RawBuilder<unknown>, limit: number) => sql<DoubtRow>`
  select d.id, d.student_id, d.school_id, s.chain_id, d.grade, d.section, d.subject_id, d.status, d.body,
    d.picture_key is not null as has_picture, d.asked_at, d.answer_seen,
    su.slug as subject_slug, su.names as subject_names, su.theme as subject_theme,
    c.slug as chapter_slug, c.names as chapter_names, t.id as topic_id, t.slug as topic_slug, t.names as topic_names,
    u.first_name, u.last_name
  from doubts d
  join schools s on s.id = d.school_id
  join subjects su on su.id = d.subject_id
  join chapters c on c.id = d.chapter_id
  join topics t on t.id = d.topic_id
  join users u on u.id = d.student_id
  where ${where}
  order by d.id desc
  limit ${limit}`;

/** One doubt as a list shows it. */
export async function doubtById(db: Kysely<DB>, id: number): Promise<DoubtRow[]> {
  return (await rowsWhere(sql`d.id = ${id}`, 1).execute(db)).rows;
}

/** A student's latest doubts. */
export async function studentDoubts(db: Kysely<DB>, studentId: number, limit: number): Promise<DoubtRow[]> {
  return (await rowsWhere(sql`d.student_id = ${studentId}`, limit).execute(db)).rows;
}

/** One status of the doubts in a scope, newest first, before an id (keyset). */
export async function scopeDoubts(
  db: Kysely<DB>,
  scope: DoubtScope,
  status: 'open' | 'answered',
  before: number | undefined,
  limit: number,
): Promise<DoubtRow[]> {
  let inScope: RawBuilder<unknown>;
  if (scope.kind === 'chain') inScope = sql`s.chain_id = ${scope.chainId}`;
  else if (scope.kind === 'schools') {
    if (scope.schoolIds.length === 0) return [];
    inScope = sql`d.school_id in (${sql.join(scope.schoolIds)})`;
  } else {
    if (scope.classes.length === 0) return [];
    inScope = sql`(${sql.join(
      scope.classes.map((c) =>
        c.subjectId === null
          ? sql`(d.school_id = ${c.schoolId} and d.grade = ${c.grade})`
          : sql`(d.school_id = ${c.schoolId} and d.grade = ${c.grade} and d.subject_id = ${c.subjectId})`,
      ),
      sql` or `,
    )})`;
  }
  const where = sql`${inScope} and d.status = ${status}${before === undefined ? sql`` : sql` and d.id < ${before}`}`;
  return (await rowsWhere(where, limit).execute(db)).rows;
}

/** The answers of some doubts, oldest first, with their authors' names. */
export async function answersOf(db: Kysely<DB>, doubtIds: number[]) {
  if (doubtIds.length === 0) return [];
  return db
    .selectFrom('doubt_answers as a')
    .leftJoin('users as u', 'u.id', 'a.author_id')
    .select(['a.id', 'a.doubt_id', 'a.body', 'a.created_at', 'u.first_name', 'u.last_name'])
    .where('a.doubt_id', 'in', doubtIds)
    .orderBy('a.id')
    .execute();
}

export async function userLanguage(db: Kysely<DB>, userId: number) {
  return (
    (await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst())?.language ?? null
  );
}
