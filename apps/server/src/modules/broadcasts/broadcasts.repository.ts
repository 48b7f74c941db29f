/** SQL of school notices: the school's grades, notices with their read counts, a reader's feed. No rules. */
import { sql, type Kysely } from 'kysely';
import type { BROADCAST_PICTURE_TYPES } from '@ki/contracts';
import type { DB } from '../../db/schema';

/** The school's chain and the grades it teaches (every board's), or undefined when there is no such school. */
export async function schoolFacts(db: Kysely<DB>, schoolId: number) {
  const school = await db
    .selectFrom('schools')
    .select(['id', 'chain_id'])
    .where('id', '=', schoolId)
    .executeTakeFirst();
  if (!school) return undefined;
  const boards = await db.selectFrom('school_boards').select('grades').where('school_id', '=', schoolId).execute();
  const grades = [...new Set(boards.flatMap((b) => b.grades))].sort((a, b) => a - b);
  return { schoolId: school.id, chainId: school.chain_id, grades };
}

export async function insertBroadcast(
  db: Kysely<DB>,
  b: {
    schoolId: number;
    authorId: number;
    grades: number[];
    title: string;
    body: string;
    linkUrl: string | null;
    at: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('broadcasts')
    .values({
      school_id: b.schoolId,
      author_id: b.authorId,
      grades: b.grades,
      title: b.title,
      body: b.body,
      link_url: b.linkUrl,
      created_at: b.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function postedSince(db: Kysely<DB>, authorId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('broadcasts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('author_id', '=', authorId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A school's latest notices with their authors and read counts (students of those grades now, and who read). */
export async function schoolBroadcasts(db: Kysely<DB>, schoolId: number, limit: number) {
  const { rows } = await sql<{
    id: number;
    school_id: number;
    chain_id: number | null;
    author_id: number | null;
    grades: number[];
    title: string;
    body: string;
    link_url: string | null;
    created_at: Date;
    has_picture: boolean;
    first_name: string | null;
    last_name: string | null;
    students: number;
    students_read: number;
    parents_read: number;
  }>`
    select b.id, b.school_id, s.chain_id, b.author_id, b.grades, b.title, b.body, b.link_url, b.created_at, b.picture_key is not null as has_picture, u.first_name, u.last_name,
      (select count(*)::int from student_enrolments e where e.school_id = b.school_id and e.grade = any(b.grades)) as students,
      (select count(*)::int from broadcast_reads r join users ru on ru.id = r.user_id where r.broadcast_id = b.id and ru.role = 'student') as students_read,
      (select count(*)::int from broadcast_reads r join users ru on ru.id = r.user_id where r.broadcast_id = b.id and ru.role = 'parent') as parents_read
    from broadcasts b
    join schools s on s.id = b.school_id
    left join users u on u.id = b.author_id
    where b.school_id = ${schoolId}
    order by b.created_at desc, b.id desc
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}

/** One notice's school, chain, author and grades. */
export async function broadcastFacts(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('broadcasts as b')
    .innerJoin('schools as s', 's.id', 'b.school_id')
    .select(['b.id', 'b.school_id', 's.chain_id', 'b.author_id', 'b.grades', 'b.picture_key', 'b.picture_type'])
    .where('b.id', '=', id)
    .executeTakeFirst();
}

export async function deleteBroadcast(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('broadcasts').where('id', '=', id).execute();
}

/** A parent's linked children placed in a grade, with their schools. */
export async function childrenClasses(db: Kysely<DB>, parentId: number) {
  return db
    .selectFrom('parent_links as l')
    .innerJoin('student_enrolments as e', 'e.student_id', 'l.student_id')
    .innerJoin('users as u', 'u.id', 'l.student_id')
    .select(['e.school_id as schoolId', 'e.grade', 'u.first_name as firstName'])
    .where('l.parent_id', '=', parentId)
    .where('e.grade', 'is not', null)
    .orderBy('u.first_name')
    .execute() as Promise<{ schoolId: number; grade: number; firstName: string }[]>;
}

/** The latest notices for any of `classes`, with whether `userId` has read each. */
export async function feed(
  db: Kysely<DB>,
  userId: number,
  classes: readonly { schoolId: number; grade: number }[],
  limit: number,
) {
  if (classes.length === 0) return [];
  const { rows } = await sql<{
    id: number;
    school_id: number;
    grades: number[];
    title: string;
    body: string;
    link_url: string | null;
    created_at: Date;
    has_picture: boolean;
    first_name: string | null;
    last_name: string | null;
    read: boolean;
  }>`
    select b.id, b.school_id, b.grades, b.title, b.body, b.link_url, b.created_at, b.picture_key is not null as has_picture, u.first_name, u.last_name,
      exists (select 1 from broadcast_reads r where r.broadcast_id = b.id and r.user_id = ${userId}) as read
    from broadcasts b
    left join users u on u.id = b.author_id
    where exists (
      select 1 from json_to_recordset(${JSON.stringify(classes.map((c) => ({ school_id: c.schoolId, grade: c.grade })))}::json) as c(school_id int, grade int)
      where c.school_id = b.school_id and c.grade = any(b.grades))
    order by b.created_at desc, b.id desc
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}

export async function markRead(db: Kysely<DB>, broadcastId: number, userId: number, at: Date): Promise<void> {
  await db
    .insertInto('broadcast_reads')
    .values({ broadcast_id: broadcastId, user_id: userId, read_at: at })
    .onConflict((oc) => oc.columns(['broadcast_id', 'user_id']).doNothing())
    .execute();
}

export async function setPicture(
  db: Kysely<DB>,
  id: number,
  key: string,
  type: (typeof BROADCAST_PICTURE_TYPES)[number],
): Promise<void> {
  await db.updateTable('broadcasts').set({ picture_key: key, picture_type: type }).where('id', '=', id).execute();
}
