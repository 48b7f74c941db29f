/**
 * The authorization matrix: every API route of the OpenAPI document, called as every role and against
 * the caller's own tenant and another's. One table says what each cell must answer; the test fails on
 * a cell that answers otherwise, on any 5xx, and on any answer that carries a marker name of a tenant
 * the caller may not see (test/access-world.ts), whatever its status. A route missing from the table
 * fails the test, so a new route cannot be forgotten. The table: test/access-matrix.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { ACTORS, buildAccessWorld, forbiddenMarkers, type AccessWorld, type Actor } from '../test/access-world';
import { MATRIX } from '../test/access-matrix';

let t: TestApp;
let w: AccessWorld;
let documented: string[];

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAccessWorld(t);
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
  );
});
afterAll(() => t.close());

describe('authorization matrix', () => {
  it('has a row for every route of the OpenAPI document, and none for a route that does not exist', () => {
    expect(documented.length).toBeGreaterThan(20);
    expect(
      documented.filter((r) => !MATRIX[r]),
      'routes without a row in MATRIX',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((r) => !documented.includes(r)),
      'rows for unknown routes',
    ).toEqual([]);
  });

  it('is not vacuous: the allowed cells do carry the data the markers stand for', async () => {
    // The leak check above only means something if the same calls by entitled callers return the
    // marker names: the chain's super-admin sees the grade-8 student and school A2's student.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/students?category=registered&page=1',
      headers: { cookie: w.cookies.superadmin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Gopalmarker');
    expect(res.body).toContain('Hemantmarker');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/students?category=registered&page=1',
      headers: { cookie: w.cookies.otherChainSuperadmin },
    });
    expect(other.body).toContain('Bharatmarker');
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/students/${w.studentId}/records`,
      headers: { cookie: w.cookies.parent },
    });
    expect(own.statusCode).toBe(200);
  });
  it('tells each caller their abilities with /me, as the policy decides them', async () => {
    const abilities = async (actor: Exclude<Actor, 'anonymous'>) =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: w.cookies[actor] } })).json() as {
          abilities: Record<string, unknown>;
        }
      ).abilities;
    expect(await abilities('teacher')).toMatchObject({
      dashboard: 'school',
      studentDashboards: true,
      reindexStudents: true,
      linkParents: true,
      decideParentLinks: false,
      eraseStudents: false,
    });
    expect(await abilities('teacherTwoSubjects')).toMatchObject({
      dashboard: 'subject',
      subjectSummary: { subjectId: w.subjectA.id, grade: 7 },
      studentDashboards: false,
      reindexStudents: false,
      reindexOnTopics: true,
    });
    expect(await abilities('multiSchoolPrincipal')).toMatchObject({
      dashboard: 'school',
      chooseSchools: 'one',
      schoolSettings: true,
      eraseStudents: true,
      decideParentLinks: true,
      reindexStudents: false,
      reindexOnTopics: false,
    });
    expect(await abilities('parent')).toMatchObject({
      dashboard: 'children',
      linkParents: false,
      decideParentLinks: false,
      launchExams: false,
      assessments: 'none',
    });
    expect(await abilities('contentApprover')).toMatchObject({
      approve: true,
      author: false,
      launchExams: false,
      assessments: 'none',
    });
    expect(await abilities('student')).toMatchObject({ launchExams: true, assessments: 'none' });
    expect(await abilities('otherChainSuperadmin')).toMatchObject({ launchExams: true });
    expect(await abilities('teacherTwoSchools')).toMatchObject({ assessments: 'author' });
    expect(await abilities('multiSchoolPrincipal')).toMatchObject({ assessments: 'view' });
    for (const actor of ['teacher', 'principal', 'superadmin', 'otherChainSuperadmin'] as const)
      expect(await abilities(actor), actor).toMatchObject({ chat: true });
    for (const actor of ['student', 'parent', 'contentEditor', 'contentApprover'] as const)
      expect(await abilities(actor), actor).toMatchObject({ chat: false });
    for (const actor of ['teacher', 'teacherTwoSubjects', 'principal', 'superadmin', 'otherChainSuperadmin'] as const)
      expect(await abilities(actor), actor).toMatchObject({ calendar: 'edit' });
    for (const actor of ['student', 'parent'] as const)
      expect(await abilities(actor), actor).toMatchObject({ calendar: 'view' });
    for (const actor of ['contentEditor', 'contentApprover'] as const)
      expect(await abilities(actor), actor).toMatchObject({ calendar: 'none' });
  });

  it('answers every role as the table says, never with a 5xx, never with another tenant’s data', async () => {
    const mismatches: string[] = [];
    const leaks: string[] = [];
    // Logout revokes the caller's session: it runs last.
    const routes = Object.keys(MATRIX).sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
    let cells = 0;
    for (const route of routes) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
      for (const call of MATRIX[route]!) {
        for (const actor of ACTORS) {
          const payload = call.payload?.(w, actor);
          const res = await t.app.inject({
            method,
            url: call.url(w, actor),
            headers: { ...(call.headers?.() ?? {}), ...(actor === 'anonymous' ? {} : { cookie: w.cookies[actor] }) },
            ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
          });
          cells += 1;
          const where = `${route} [${call.target}] as ${actor}`;
          if (res.statusCode >= 500) mismatches.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (res.statusCode !== call.expect[actor])
            mismatches.push(
              `${where}: expected ${call.expect[actor]}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
            );
          for (const marker of forbiddenMarkers(actor))
            if (res.body.includes(marker)) leaks.push(`${where}: answer contains ${marker}`);
          if (res.statusCode >= 400)
            expect(res.json(), where).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        }
      }
    }
    expect(leaks, 'answers carrying another tenant’s data').toEqual([]);
    expect(mismatches, 'cells answering otherwise than the table').toEqual([]);
    expect(cells).toBeGreaterThan(400);
    // Some 1,000 cells one after another: more than the default minute on a busy machine.
  }, 240_000);
});
