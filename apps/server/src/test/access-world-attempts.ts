/**
 * The students' attempts in the access world (test/access-world.ts): a published test of school A1's
 * grade 7 science assigned to the class, which Asha has started (her open attempt); the same for
 * school A2's grade 7, which is not hers; and an open practice quiz of Gopal (A1 grade 8), which is
 * not hers either. The matrix rows that use them: test/access-matrix-attempts.ts.
 */
import type { TestApp } from './build-test-app';
import { assignAssessment, createAssessment, MCQ } from './attempt-factories';
import { sessionCookie } from './factories';

export interface AttemptsWorld {
  /** A1 grade 7's test and its assignment (Asha's class). */
  ownAssessmentId: number;
  ownAssignmentId: number;
  /** A2 grade 7's test and its assignment (another school's class). */
  otherAssessmentId: number;
  otherAssignmentId: number;
  /** Asha's open attempt of her class's test. */
  attemptId: string;
  /** Gopal's open practice quiz. */
  otherStudentAttemptId: string;
}

export async function buildAttemptsWorld(
  t: TestApp,
  w: {
    schoolA1: number;
    schoolA2: number;
    boardA: number;
    subjectAId: number;
    studentCookie: string;
    otherGradeStudentId: number;
  },
): Promise<AttemptsWorld> {
  const db = t.database.db;
  const now = t.now();
  const day = 86_400_000;
  const test = async (schoolId: number) => {
    const { id } = await createAssessment(db, {
      schoolId,
      boardId: w.boardA,
      grade: 7,
      subjectId: w.subjectAId,
      kind: 'test',
      name: 'Matrix test',
      questions: [
        MCQ,
        MCQ,
        { type: 'multiple_choice', options: ['p', 'q', 'r', 's'], answer: [3] },
        { type: 'open_ended' },
      ],
      now,
    });
    const assignment = await assignAssessment(db, {
      assessmentId: id,
      schoolId,
      grade: 7,
      opensAt: new Date(now.getTime() - day),
      closesAt: new Date(now.getTime() + 7 * day),
      now,
    });
    return { id, assignment };
  };
  const own = await test(w.schoolA1);
  const other = await test(w.schoolA2);
  const start = async (cookie: string, url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    if (res.statusCode !== 201) throw new Error(`world: ${url} answered ${res.statusCode} ${res.body}`);
    return (res.json() as { id: string }).id;
  };
  const attemptId = await start(w.studentCookie, `/assessment/assignments/${own.assignment}/attempt`);
  const gopal = await sessionCookie(db, w.otherGradeStudentId, now);
  const otherStudentAttemptId = await start(gopal, '/assessment/practice', { kind: 'quiz', subjectId: w.subjectAId });
  return {
    ownAssessmentId: own.id,
    ownAssignmentId: own.assignment,
    otherAssessmentId: other.id,
    otherAssignmentId: other.assignment,
    attemptId,
    otherStudentAttemptId,
  };
}
