/**
 * A class room (issue #26): one class's students, its assigned quizzes and tests, and its calendar
 * ahead, for its teachers, principals and super-admin (policy/class-rooms.ts first).
 */
import { personName, type Language } from '@ki/domain';
import { CLASS_ROOM_CLOSED_DAYS, CLASS_ROOM_LIST_LIMIT, CLASS_ROOM_UPCOMING_DAYS, type ClassRoom } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../errors';
import { opensClassQuizReport } from '../../policy/assessment-authoring';
import { authorizeClassRoom } from '../../policy/class-rooms';
import type { Principal } from '../../policy/policy';
import { liveClassPath } from '../calendar/calendar.service';
import * as repo from './class-rooms.repository';

const DAY = 86_400_000;

export async function classRoom(
  deps: AppDeps,
  principal: Principal | null,
  c: { schoolId: number; boardId: number; grade: number; section: string },
  language: Language,
): Promise<ClassRoom> {
  const { db } = deps.database;
  const place = await repo.placeOf(db, c.schoolId, c.boardId, c.grade);
  const p = authorizeClassRoom(principal, place && { schoolId: c.schoolId, chainId: place.chain_id, grade: c.grade });
  if (!place?.taught) throw notFound('Class room');
  const now = deps.clock();
  const [students, assignments, upcoming] = await Promise.all([
    repo.studentsOf(db, c),
    repo.assignmentsOf(db, c, new Date(now.getTime() - CLASS_ROOM_CLOSED_DAYS * DAY), CLASS_ROOM_LIST_LIMIT, language),
    repo.upcomingOf(
      db,
      c,
      now,
      new Date(now.getTime() + CLASS_ROOM_UPCOMING_DAYS * DAY),
      CLASS_ROOM_LIST_LIMIT,
      language,
    ),
  ]);
  const statusOf = (a: repo.AssignmentRow) =>
    now < a.opens_at ? ('upcoming' as const) : now < a.closes_at ? ('open' as const) : ('closed' as const);
  const rank = { open: 0, upcoming: 1, closed: 2 };
  return {
    schoolId: c.schoolId,
    schoolName: place.school_name,
    timeZone: place.time_zone,
    boardId: c.boardId,
    boardName: place.board_name,
    grade: c.grade,
    section: c.section,
    students: students.map((s) => ({
      id: s.id,
      name: personName(s.first_name, s.last_name),
      topicsCompleted: s.topics_completed ?? 0,
      knowledgeCurrency: s.knowledge_currency ?? 0,
      lastActiveAt: s.last_activity_at ? s.last_activity_at.toISOString() : null,
    })),
    assignments: assignments
      .map((a) => ({
        id: a.id,
        assessmentId: a.assessment_id,
        name: a.name,
        kind: a.kind,
        subjectName: a.subject_name,
        opensAt: a.opens_at.toISOString(),
        closesAt: a.closes_at.toISOString(),
        status: statusOf(a),
        finished: a.finished,
        reportOpen: opensClassQuizReport(p, { schoolId: c.schoolId, grade: c.grade, subjectId: a.subject_id }),
      }))
      .sort((x, y) => rank[x.status] - rank[y.status]),
    upcoming: upcoming.map((e) => ({
      id: e.id,
      name: e.name,
      type: e.type,
      start: e.starts_at.toISOString(),
      end: e.ends_at.toISOString(),
      subjectName: e.subject_name,
      liveClassPath: e.live_room ? liveClassPath(e) : null,
    })),
  };
}
