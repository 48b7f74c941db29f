import type { MySchoolsResponse, MySubjectsResponse } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { dashboardSchools, requireRole, type Principal } from '../../policy/policy';

/**
 * The schools a staff member may open dashboards for: a principal's or teacher's own, or for a
 * super-admin every school of their chain (multi-select).
 */
export async function mySchools(deps: AppDeps, principal: Principal | null): Promise<MySchoolsResponse> {
  const visible = dashboardSchools(principal);
  const { db } = deps.database;
  let q = db
    .selectFrom('schools')
    .leftJoin('school_boards', 'school_boards.school_id', 'schools.id')
    .leftJoin('boards', 'boards.id', 'school_boards.board_id')
    .select(['schools.id', 'schools.name', 'schools.city', 'schools.is_pace', 'boards.id as board_id', 'boards.name as board_name'])
    .orderBy('schools.name')
    .orderBy('schools.id');
  q =
    'chainId' in visible
      ? q.where('schools.chain_id', '=', visible.chainId)
      : visible.schoolIds.length
        ? q.where('schools.id', 'in', visible.schoolIds)
        : q.where((eb) => eb.val(false));
  const rows = await q.execute();
  const seen = new Set<number>();
  return {
    multiSelect: 'chainId' in visible,
    schools: rows
      .filter((r) => !seen.has(r.id) && seen.add(r.id))
      .map((r) => ({ id: r.id, name: r.name, city: r.city, boardId: r.board_id, boardName: r.board_name, isPace: r.is_pace })),
  };
}

/** The signed-in student's subjects: published chapters of their board and grade, by subject. */
export async function mySubjects(deps: AppDeps, principal: Principal | null): Promise<MySubjectsResponse> {
  const p = requireRole(principal, 'student');
  const e = p.enrolment;
  if (!e || e.boardId === null || e.grade === null) return { subjects: [] };
  const rows = await deps.database.db
    .selectFrom('chapters')
    .innerJoin('subjects', 'subjects.id', 'chapters.subject_id')
    .select((eb) => ['subjects.id', 'subjects.slug', 'subjects.names', 'subjects.theme', eb.fn.countAll<number>().as('chapters')])
    .where('chapters.board_id', '=', e.boardId)
    .where('chapters.grade', '=', e.grade)
    .where('chapters.status', '=', 'published')
    .groupBy(['subjects.id', 'subjects.slug', 'subjects.names', 'subjects.theme'])
    .orderBy('subjects.id')
    .execute();
  const language = (await deps.database.db.selectFrom('users').select('language').where('id', '=', p.userId).executeTakeFirst())?.language ?? 'en';
  return {
    subjects: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: (r.names as Record<string, string>)[language] ?? r.names.en,
      theme: r.theme,
      chapters: Number(r.chapters),
    })),
  };
}
