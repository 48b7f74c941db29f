import { sql } from 'kysely';
import type { SubjectChaptersResponse } from '@ki/contracts';
import type { AppDeps } from '../../app';
import { notFound } from '../../errors';
import { requireEnrolledStudent, type Principal } from '../../policy/policy';

/** The student's chapters of one subject with topics completed; 404 when the subject is not theirs. */
export async function subjectChapters(deps: AppDeps, principal: Principal | null, slug: string): Promise<SubjectChaptersResponse> {
  const p = requireEnrolledStudent(principal);
  const { db } = deps.database;
  const subject = await db.selectFrom('subjects').select(['id', 'slug', 'names', 'theme']).where('slug', '=', slug).executeTakeFirst();
  if (!subject) throw notFound('Subject');
  const rows = await db
    .selectFrom('chapters as c')
    .leftJoin('student_chapter_stats as cs', (j) => j.onRef('cs.chapter_id', '=', 'c.id').on('cs.student_id', '=', p.userId))
    .select((eb) => [
      'c.id',
      'c.slug',
      'c.names',
      eb
        .selectFrom('topics as t')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('t.chapter_id', '=', 'c.id')
        .where('t.status', '=', 'published')
        .as('topics'),
      'cs.topics_completed',
      'cs.is_completed',
    ])
    .where('c.subject_id', '=', subject.id)
    .where('c.board_id', '=', p.enrolment.boardId)
    .where('c.grade', '=', p.enrolment.grade)
    .where('c.status', '=', 'published')
    .orderBy('c.position')
    .execute();
  if (rows.length === 0) throw notFound('Subject');
  const language = (await db.selectFrom('users').select('language').where('id', '=', p.userId).executeTakeFirst())?.language ?? 'en';
  const name = (names: Record<string, string>) => names[language] ?? names.en ?? '';
  return {
    subject: { id: subject.id, slug: subject.slug, name: name(subject.names), theme: subject.theme },
    chapters: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: name(r.names),
      topics: Number(r.topics ?? 0),
      topicsCompleted: r.topics_completed ?? 0,
      isCompleted: r.is_completed ?? false,
    })),
  };
}
