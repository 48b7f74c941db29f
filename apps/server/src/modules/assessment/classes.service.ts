/**
 * The classes of GET /assessments/classes: where a teacher may write quizzes (and for which
 * subjects), which sections a quiz can be set for, and the reports' class filter. The scope is the
 * policy's (assessmentListScope: a teacher's covers, a principal's schools, a super-admin's chain).
 */
import type { Language } from '@ki/domain';
import type { AssessmentClassesResponse } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { assessmentListScope, type Cover } from '../../policy/assessment-authoring';
import type { Principal } from '../../policy/policy';
import * as repo from './classes.repository';

const key = (boardId: number, grade: number) => `${boardId}:${grade}`;

/** One row per school, board and grade; subjects only for a teacher (the others write no quizzes). */
export async function listClasses(
  deps: AppDeps,
  principal: Principal | null,
  language: Language,
): Promise<AssessmentClassesResponse> {
  const { db } = deps.database;
  const scope = await assessmentListScope(db, principal);
  if (scope.kind === 'schools') {
    const rows = await repo.classesOf(db, scope.schoolIds, null);
    return { classes: rows.map((r) => toClass(r, [])) };
  }
  const grades = new Map<number, number[]>();
  for (const c of scope.covers) grades.set(c.schoolId, [...(grades.get(c.schoolId) ?? []), c.grade]);
  const rows = await repo.classesOf(db, [...grades.keys()], grades);
  const pairs = [
    ...new Map(rows.map((r) => [key(r.board_id, r.grade), { boardId: r.board_id, grade: r.grade }])).values(),
  ];
  const subjects = await repo.subjectsOf(db, pairs, language);
  return {
    classes: rows.map((r) => {
      const covered = coveredSubjects(scope.covers, r.school_id, r.grade);
      const offered = subjects.filter(
        (s) =>
          s.board_id === r.board_id && s.grade === r.grade && (covered === 'all' || covered.includes(s.subject_id)),
      );
      return toClass(
        r,
        offered.map((s) => ({ id: s.subject_id, name: s.name })),
      );
    }),
  };
}

/** The subjects a teacher's assignments cover in a school's grade: every one, or those named. */
function coveredSubjects(covers: readonly Cover[], schoolId: number, grade: number): 'all' | number[] {
  const here = covers.filter((c) => c.schoolId === schoolId && c.grade === grade);
  if (here.some((c) => c.subjectId === null)) return 'all';
  return here.map((c) => c.subjectId!);
}

function toClass(
  r: repo.ClassRow,
  subjects: { id: number; name: string }[],
): AssessmentClassesResponse['classes'][number] {
  return {
    schoolId: r.school_id,
    schoolName: r.school_name,
    timeZone: r.time_zone,
    boardId: r.board_id,
    boardName: r.board_name,
    grade: r.grade,
    sections: r.sections,
    subjects,
  };
}
