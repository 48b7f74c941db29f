/** SQL of the records exports: stored records with the names of what was played. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { RecordRow } from './attempt-record';

type Db = Kysely<DB>;

/** A stored record with the names of what was played (no chapter: a quiz or test attempt's record). */
export type ExportRow = RecordRow & {
  received_at: Date;
  subject_slug: string;
  subject_name: string;
  chapter_slug: string | null;
  chapter_name: string | null;
  topic_slug: string | null;
  topic_name: string | null;
};

/** An export row with its student's name (school exports). */
export type SchoolExportRow = ExportRow & { first_name: string; last_name: string };

function exportQuery(db: Db) {
  return db
    .selectFrom('learning_records as r')
    .innerJoin('subjects as s', 's.id', 'r.subject_id')
    .leftJoin('chapters as c', 'c.id', 'r.chapter_id')
    .leftJoin('topics as t', 't.id', 'r.topic_id')
    .selectAll('r')
    .select((eb) => [
      's.slug as subject_slug',
      eb.ref('s.names', '->>').key('en').as('subject_name'),
      'c.slug as chapter_slug',
      eb.ref('c.names', '->>').key('en').as('chapter_name'),
      't.slug as topic_slug',
      eb.ref('t.names', '->>').key('en').as('topic_name'),
    ]);
}

/** A student's first and last name; throws when there is no such user. */
export async function findStudentName(db: Db, studentId: number) {
  return db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();
}

/** Every record of a student, oldest finish first. */
export async function findStudentExportRows(db: Db, studentId: number): Promise<ExportRow[]> {
  return (await exportQuery(db)
    .where('r.student_id', '=', studentId)
    .orderBy('r.finished_at')
    .orderBy('r.id')
    .execute()) as unknown as ExportRow[];
}

/**
 * Every record of a school with its student's name, oldest finish first, read from a database
 * cursor 1000 rows at a time. Nothing runs until the iterator is first read.
 */
export function streamSchoolExportRows(db: Db, schoolId: number): AsyncIterableIterator<SchoolExportRow> {
  return exportQuery(db)
    .innerJoin('users as u', 'u.id', 'r.student_id')
    .select(['u.first_name', 'u.last_name'])
    .where('r.school_id', '=', schoolId)
    .orderBy('r.finished_at')
    .orderBy('r.id')
    .stream(1000) as unknown as AsyncIterableIterator<SchoolExportRow>;
}
