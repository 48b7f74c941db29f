import { roundHalfUp, personName } from '@ki/domain';
import {
  LEADERBOARD_PAGE_SIZE,
  LEADERBOARD_SIZE,
  type LeaderboardMode,
  type LeaderboardResponse,
  type LeaderboardSettingsResponse,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../errors';
import { authorizeSchoolSettings, requireEnrolledStudent, type Principal } from '../../policy/policy';
import * as repo from './leaderboard.repository';

/** "Ananya Rao" -> "A. R.": leaderboards rank minors, and a school may show only initials. */
export function initials(first: string, last: string): string {
  return [first, last]
    .filter((part) => part.trim().length > 0)
    .map((part) => `${[...part.trim()][0]!.toUpperCase()}.`)
    .join(' ');
}

/**
 * The student's class leaderboard (dashboards.md 2.1, scoring-and-metrics.md): the top 100 of the
 * same school, board and grade, 10 a page, and the student's own rank (0 = NA). The school's setting
 * is enforced here: off, or other students shown by initials only.
 */
export async function leaderboard(
  deps: AppDeps,
  principal: Principal | null,
  page: number,
): Promise<LeaderboardResponse> {
  const p = requireEnrolledStudent(principal);
  const { db } = deps.database;
  const info = await repo.classInfo(db, p.userId);
  if (!info || info.grade === null || info.board_id === null) throw notFound('Class');
  const c = { schoolId: info.school_id, boardId: info.board_id, grade: info.grade };
  const mine = await repo.rankOf(db, c, p.userId);
  const me = {
    firstName: info.first_name,
    grade: info.grade,
    boardName: info.board_name ?? '',
    rank: mine.rank,
    score: roundHalfUp(mine.score),
    avatar: info.avatar,
  };
  const mode = stricterMode(info.leaderboard_mode, info.grade_mode);
  if (mode === 'off') return { enabled: false, me, page: 1, pageCount: 0, total: 0, entries: [] };

  const total = Math.min(LEADERBOARD_SIZE, await repo.rankedCount(db, c));
  const pageCount = Math.ceil(total / LEADERBOARD_PAGE_SIZE);
  const offset = (page - 1) * LEADERBOARD_PAGE_SIZE;
  const rows =
    offset < total ? await repo.topOfClass(db, c, Math.min(LEADERBOARD_PAGE_SIZE, total - offset), offset) : [];
  return {
    enabled: true,
    me,
    page,
    pageCount,
    total,
    entries: rows.map((r, i) => {
      const isMe = r.student_id === p.userId;
      return {
        rank: offset + i + 1,
        name: isMe || mode === 'full' ? personName(r.first_name, r.last_name) : initials(r.first_name, r.last_name),
        avatar: r.avatar,
        score: roundHalfUp(r.total_score),
        isMe,
      };
    }),
  };
}

export async function setLeaderboardMode(
  deps: AppDeps,
  principal: Principal | null,
  schoolId: number,
  mode: LeaderboardMode,
) {
  authorizeSchoolSettings(principal, schoolId);
  await repo.setMode(deps.database.db, schoolId, mode);
  return { schoolId, mode };
}

const STRICTNESS: Record<LeaderboardMode, number> = { full: 0, initials: 1, off: 2 };

/** The school's and the grade's settings together: the stricter one wins (off, then initials). */
export function stricterMode(school: LeaderboardMode, grade: LeaderboardMode | null): LeaderboardMode {
  return grade !== null && STRICTNESS[grade] > STRICTNESS[school] ? grade : school;
}

/** GET /schools/:id/leaderboard: the school's setting and each grade's own (its principal). */
export async function leaderboardSettings(
  deps: AppDeps,
  principal: Principal | null,
  schoolId: number,
): Promise<LeaderboardSettingsResponse> {
  authorizeSchoolSettings(principal, schoolId);
  const found = await repo.settings(deps.database.db, schoolId);
  if (!found) throw notFound('School');
  return { schoolId, mode: found.mode, grades: found.grades };
}

/** PUT /schools/:id/leaderboard/grades/:grade: one grade's own setting, or null to follow the school. */
export async function setGradeLeaderboardMode(
  deps: AppDeps,
  principal: Principal | null,
  schoolId: number,
  grade: number,
  mode: LeaderboardMode | null,
) {
  authorizeSchoolSettings(principal, schoolId);
  await repo.setGradeMode(deps.database.db, schoolId, grade, mode);
  return leaderboardSettings(deps, principal, schoolId);
}
