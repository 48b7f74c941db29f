import type { MySchoolsResponse, MySubjectsResponse } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { dashboardSchools, requireRole, type Principal } from '../../policy/policy';
import * as repo from './me.repository';

/**
 * The schools a staff member may open dashboards for: a principal's or teacher's own, or for a
 * super-admin every school of their chain (multi-select).
 */
export async function mySchools(deps: AppDeps, principal: Principal | null): Promise<MySchoolsResponse> {
  const visible = dashboardSchools(principal);
  const rows = await repo.findSchoolsWithBoards(deps.database.db, visible);
  const seen = new Set<number>();
  return {
    multiSelect: 'chainId' in visible,
    schools: rows
      .filter((r) => !seen.has(r.id) && seen.add(r.id))
      .map((r) => ({
        id: r.id,
        name: r.name,
        city: r.city,
        boardId: r.board_id,
        boardName: r.board_name,
        isPace: r.is_pace,
      })),
  };
}

/** The signed-in student's subjects: published chapters of their board and grade, by subject. */
export async function mySubjects(deps: AppDeps, principal: Principal | null): Promise<MySubjectsResponse> {
  const p = requireRole(principal, 'student');
  const e = p.enrolment;
  if (!e || e.boardId === null || e.grade === null) return { subjects: [] };
  const rows = await repo.findPublishedSubjects(deps.database.db, e.boardId, e.grade);
  const language = (await repo.findUserLanguage(deps.database.db, p.userId)) ?? 'en';
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
