/**
 * GET /assessments/classes (issue #23): the classes behind the editor's board, grade and subject,
 * the assignment form's school, grade and section, and the reports' class filter, per caller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentClassesResponse } from '@ki/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildAuthoringWorld, type AuthoringWorld } from '../../test/assessment-authoring-fixtures';

let t: TestApp;
let w: AuthoringWorld;
let boardName: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAuthoringWorld(t);
  boardName = (
    await t.database.db.selectFrom('boards').select('name').where('id', '=', w.board).executeTakeFirstOrThrow()
  ).name;
  await t.database.db.updateTable('schools').set({ time_zone: 'Asia/Dubai' }).where('id', '=', w.school2).execute();
});
afterAll(() => t.close());

async function classes(cookie: string | null) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/assessments/classes',
    headers: cookie ? { cookie } : {},
  });
  return { status: res.statusCode, body: res.json() as AssessmentClassesResponse };
}
const row = (
  schoolId: number,
  schoolName: string,
  grade: number,
  sections: string[],
  subjects: { id: number; name: string }[],
  timeZone = 'Asia/Kolkata',
) => ({
  schoolId,
  schoolName,
  timeZone,
  boardId: w.board,
  boardName,
  grade,
  sections,
  subjects,
});

describe('the classes a caller writes for, assigns to and reports on', () => {
  it('gives a teacher the classes of their assignments, with the subjects each covers and the sections that have students', async () => {
    const science = { id: w.science, name: 'aa-science' };
    const maths = { id: w.maths, name: 'aa-maths' };
    expect((await classes(w.teacher.cookie)).body.classes).toEqual([
      row(w.school, 'Sunrise School', 7, ['A', 'B'], [science]),
    ]);
    // An assignment to every subject of grade 7 offers every subject with published chapters there.
    expect((await classes(w.colleague.cookie)).body.classes).toEqual([
      row(w.school, 'Sunrise School', 7, ['A', 'B'], [maths, science]),
    ]);
    expect((await classes(w.grade8Teacher.cookie)).body.classes).toEqual([
      row(w.school, 'Sunrise School', 8, ['A'], [science]),
    ]);
    // Two schools: one row each (the web then asks which school a new quiz is for), in each school's time zone.
    expect((await classes(w.twoSchools.cookie)).body.classes).toEqual([
      row(w.school2, 'Second School', 7, [], [science], 'Asia/Dubai'),
      row(w.school, 'Sunrise School', 7, ['A', 'B'], [science]),
    ]);
  });

  it('gives principals every grade of their schools and super-admins their chain’s, without subjects (they write no quizzes)', async () => {
    expect((await classes(w.principal.cookie)).body.classes).toEqual([
      row(w.school, 'Sunrise School', 6, [], []),
      row(w.school, 'Sunrise School', 7, ['A', 'B'], []),
      row(w.school, 'Sunrise School', 8, ['A'], []),
    ]);
    const chain = (await classes(w.superadmin.cookie)).body.classes;
    expect(chain.map((c) => [c.schoolName, c.grade])).toEqual([
      ['Second School', 6],
      ['Second School', 7],
      ['Second School', 8],
      ['Sunrise School', 6],
      ['Sunrise School', 7],
      ['Sunrise School', 8],
    ]);
    expect((await classes(w.otherPrincipal.cookie)).body.classes.map((c) => c.schoolName)).toEqual(['Xenon School']);
  });

  it('refuses students, parents and content roles, and asks the signed-out to sign in', async () => {
    for (const cookie of [w.students.asha.cookie, w.parent.cookie, w.editor.cookie])
      expect((await classes(cookie)).status).toBe(403);
    expect((await classes(null)).status).toBe(401);
  });
});
