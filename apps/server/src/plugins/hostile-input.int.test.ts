/**
 * Hostile input against every route of the OpenAPI document (property-based, fast-check): requests
 * shaped by each route's zod contract, mixed with wrong types, out-of-range and oversized values,
 * unicode, control characters, SQL- and script-laden strings, sent by every kind of caller.
 * Whatever comes in:
 *   - never a 5xx;
 *   - every 4xx is the one error body {code, message} with the status its code stands for;
 *   - a refused request writes nothing (every table's content is unchanged, bar sign-in throttling).
 * Example-based cases below cover control characters on the routes where they once answered 500,
 * and the request-level limits: body size, JSON syntax, content type, page bounds and LIKE patterns
 * in searches.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '@ki/contracts';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { ACTORS, buildAccessWorld, type AccessWorld, type Actor } from '../test/access-world';
import { allowedActors } from '../test/access-matrix';
import { quizInput } from '../test/assessment-authoring-fixtures';
import {
  controlInsertions,
  requests,
  withControlCharacter,
  type GeneratedRequest,
  type OpenApiDocument,
} from '../test/openapi-arbitraries';

/** Tables a refused request may legitimately write: sign-in throttling and session bookkeeping. */
const VOLATILE_TABLES = new Set(['rate_limit_events', 'sign_in_backoffs', 'otp_challenges', 'sessions']);
/** Logging out revokes the caller's session; it has no input to be hostile with (tested in the matrix). */
const SKIPPED = new Set(['POST /api/v1/auth/logout']);
const SEED = Number(process.env.FC_SEED ?? 20261124);
const RUNS = Number(process.env.FC_RUNS ?? 40);

// Built while the file is collected, so every route of the document becomes its own test.
const t: TestApp = await buildTestApp();
const w: AccessWorld = await buildAccessWorld(t);
const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
const tables = (
  await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
    t.database.db,
  )
).rows
  .map((r) => r.table_name)
  .filter((n) => !VOLATILE_TABLES.has(n))
  .sort();
afterAll(() => t.close());

/** One hash per table of its whole content: small tables in a test world, so this is cheap. */
async function fingerprint(): Promise<Record<string, string>> {
  const parts = tables.map(
    (name) =>
      sql`select ${name} as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as hash from ${sql.table(name)} x`,
  );
  const { rows } = await sql<{ name: string; hash: string }>`${sql.join(parts, sql` union all `)}`.execute(
    t.database.db,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
}

/**
 * Ids that exist: the world's own school, student, subject, chapter, topics and questions and content
 * work (listed twice, so generated requests often reach past "not found" into the code behind it),
 * then the first ids of every other table.
 */
async function knownIds(): Promise<number[]> {
  const chapter = w.subjectA.chapter;
  const salient = [
    w.schoolA1,
    w.studentId,
    w.subjectA.id,
    chapter.id,
    ...chapter.topics.map((topic) => topic.id),
    ...chapter.questions.slice(0, 5).map((q) => q.id),
    ...Object.values(w.authoring),
  ];
  const { rows } = await sql<{ id: number }>`
    select id::int from users union select id from schools union select id from chapters union select id from topics
    union select id from subjects union select id from questions union select id from concepts
    order by 1 limit 200`.execute(t.database.db);
  return [...salient, ...salient, ...rows.map((r) => Number(r.id))];
}

/** The world's subject slugs, for routes addressed by slug. */
async function knownSlugs(): Promise<string[]> {
  const { rows } = await sql<{ slug: string }>`select slug from subjects order by id limit 20`.execute(t.database.db);
  return [w.subjectA.slug, w.subjectA.slug, ...rows.map((r) => r.slug)];
}

const routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
  Object.entries(operations).map(([method, operation]) => ({
    route: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    operation,
  })),
);

const ids = await knownIds();
const slugs = await knownSlugs();
/** Ids of the world, an unknown one and a boundary (hostile strings still come from the generator). */
const worldIds = (...known: number[]) => ({ enum: [...known, 999_999, 2_147_483_647] });

describe('hostile input on every route', () => {
  const ctx = {
    document: doc,
    knownIds: ids,
    knownStrings: slugs,
    // The records batch is "anything" to the route (each record is checked on its own); shape it as RecordInput.
    overrides: {
      '/api/v1/records#body.records.items': { $ref: '#/components/schemas/RecordInput' },
      // Subject and chapter ids of the world: the subject routes check that a chapter belongs to its
      // subject, which ids drawn at random almost never do.
      ...Object.fromEntries(
        [
          '/api/v1/analytics/subject',
          '/api/v1/analytics/subject/students',
          '/api/v1/analytics/subject/students.csv',
        ].flatMap((path) => [
          [`${path}#subjectId`, worldIds(w.subjectA.id, w.subjectB.id)],
          [`${path}#chapterId`, worldIds(w.subjectA.chapter.id, w.subjectB.chapter.id)],
        ]),
      ),
      '/api/v1/analytics/subject/chapter-report.csv#chapterId': worldIds(w.subjectA.chapter.id, w.subjectB.chapter.id),
      // Students' attempts: the world's own and another student's (uuids drawn at random never exist).
      ...Object.fromEntries(
        [
          '',
          '/questions/{position}/view',
          '/questions/{position}/answer',
          '/questions/{position}',
          '/power-ups',
          '/finish',
        ].flatMap((rest) => [
          [
            `/api/v1/assessment/attempts/{id}${rest}#id`,
            {
              enum: [
                w.attempts.attemptId,
                w.attempts.attemptId,
                w.attempts.otherStudentAttemptId,
                '00000000-0000-4000-8000-000000000000',
              ],
            },
          ],
          [`/api/v1/assessment/attempts/{id}${rest}#position`, { enum: [1, 2, 3, 4, 5, 0, 101] }],
        ]),
      ),
      '/api/v1/assessment/assignments/{id}/attempt#id': worldIds(
        w.attempts.ownAssignmentId,
        w.attempts.otherAssignmentId,
      ),
      '/api/v1/assessment/join/{assessmentId}#assessmentId': worldIds(
        w.attempts.ownAssessmentId,
        w.attempts.otherAssessmentId,
      ),
      // Teachers' quizzes: the world's board, subject and grade, one of its drafts, its assignment,
      // attempt and picture, so generated requests get past "not yours" into the rules.
      '/api/v1/assessments#body.boardId': worldIds(w.boardA),
      '/api/v1/assessments#body.subjectId': worldIds(w.subjectA.id),
      '/api/v1/assessments#body.grade': { enum: [7, 8, 13] },
      ...Object.fromEntries(
        [
          '/api/v1/assessments/{id}',
          '/api/v1/assessments/{id}/publish',
          '/api/v1/assessments/{id}/assignments',
          '/api/v1/assessments/{id}/assignments/{assignmentId}',
        ].map((path) => [`${path}#id`, worldIds(w.assessment.draft(), w.assessment.quizId)]),
      ),
      '/api/v1/assessments/{id}/assignments#body.schoolId': worldIds(w.schoolA1),
      '/api/v1/assessments/{id}/assignments#body.grade': { enum: [7, 8] },
      ...Object.fromEntries(
        ['', '/students.csv', '/questions.csv'].map((path) => [
          `/api/v1/assessment/reports/{assignmentId}${path}#assignmentId`,
          worldIds(w.assessment.assignmentId),
        ]),
      ),
      '/api/v1/assessment/marking/{attemptId}/{position}#attemptId': {
        enum: [w.assessment.attemptId, '00000000-0000-4000-8000-000000000000'],
      },
      '/api/v1/assessment/marking/{attemptId}/{position}#position': { enum: [w.assessment.openEndedPosition, 1, 99] },
      '/api/v1/images/{id}#id': { enum: [w.assessment.imageId, '00000000-0000-4000-8000-000000000000'] },
      // Plans and privacy (issue #27): the world's plan and orders, its student, a pending erasure request.
      '/api/v1/plans/orders#body.planId': worldIds(w.plans.planId),
      ...Object.fromEntries(
        ['verify', 'outcome', 'refund'].map((rest) => [
          `/api/v1/plans/orders/{orderId}/${rest}#orderId`,
          { enum: [w.plans.openOrderId, w.plans.paidOrderId, '00000000-0000-4000-8000-000000000000'] },
        ]),
      ),
      '/api/v1/payments/local/pay#body.providerOrderId': {
        enum: [w.plans.openProviderOrderId, 'order_Unknown0000001'],
      },
      '/api/v1/students/{id}/privacy#id': worldIds(w.studentId, w.otherChainStudentId),
      '/api/v1/students/{id}/erasure-requests#id': worldIds(w.studentId),
      ...(() => {
        const pending = w.privacy.pendingErasure('A1');
        return {
          '/api/v1/students/{id}/erasure-requests/{requestId}/decline#id': worldIds(pending.studentId),
          '/api/v1/students/{id}/erasure-requests/{requestId}/decline#requestId': worldIds(pending.requestId),
        };
      })(),
    },
  };
  /** The database as the last accepted request left it. */
  let state: Record<string, string> | null = null;
  /** Routes that accepted at least one generated request: the generator reaches past validation. */
  const accepted = new Set<string>();

  it('covers the whole API', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it.each(routes.filter((r) => !SKIPPED.has(r.route)))(
    '$route: no 5xx, errors in the one format, nothing written when refused',
    async ({ route, method, path, operation }) => {
      // Mostly callers the route accepts (to get past the policy into the code), sometimes anyone.
      const allowed = allowedActors(route);
      const actor = allowed.length
        ? fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...allowed) },
            { weight: 1, arbitrary: fc.constantFrom<Actor>(...ACTORS) },
          )
        : fc.constantFrom<Actor>(...ACTORS);
      /** Sends one request and checks the answer; true when the route accepted it. */
      async function send(who: Actor, req: GeneratedRequest): Promise<boolean> {
        state ??= await fingerprint();
        const cookie = who === 'anonymous' ? {} : { cookie: w.cookies[who] };
        const res = await t.app.inject({
          method: method as 'GET',
          url: req.url,
          headers: req.body === undefined ? cookie : { ...cookie, 'content-type': 'application/json' },
          ...(req.body === undefined ? {} : { payload: JSON.stringify(req.body) }),
        });
        const where = `${route} as ${who}: ${req.url} ${JSON.stringify(req.body ?? null).slice(0, 300)}`;
        if (res.statusCode >= 500) throw new Error(`${where} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
        const after = await fingerprint();
        if (res.statusCode >= 400) {
          const body = res.json() as { code: ErrorCode; message: string };
          if (typeof body.message !== 'string' || ERROR_STATUS[body.code] !== res.statusCode) {
            throw new Error(
              `${where} -> ${res.statusCode} with a body that is not the error format: ${res.body.slice(0, 300)}`,
            );
          }
          const changed = Object.keys(after).filter((k) => after[k] !== state![k]);
          if (changed.length) throw new Error(`${where} -> ${res.statusCode} yet wrote to ${changed.join(', ')}`);
        }
        if (res.statusCode < 300) accepted.add(route);
        state = after;
        return res.statusCode < 300;
      }
      // An accepted request is sent again with a control character in one of its texts: then the
      // character is the only thing wrong with it, which random requests alone seldom achieve.
      const property = fc.asyncProperty(
        actor,
        requests(path, operation, ctx),
        controlInsertions,
        async (who, req, insertion) => {
          const mutated = (await send(who, req)) ? withControlCharacter(req, insertion) : null;
          if (mutated) await send(who, mutated);
          if (process.env.DEBUG_MUT)
            console.log(
              'MUT',
              route,
              mutated ? JSON.stringify([mutated.url, mutated.body]).slice(0, 200) : 'none-accepted-or-no-text',
            );
        },
      );
      const result = await fc.check(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
      expect(
        result.failed ? `${String(result.errorInstance)} (seed ${SEED}, path ${result.counterexamplePath})` : 'passed',
      ).toBe('passed');
    },
    180_000,
  );

  it('is not vacuous: most routes accepted some generated requests', () => {
    expect(accepted.size, [...accepted].join(', ')).toBeGreaterThan(routes.length / 2);
    expect(accepted).toContain('POST /api/v1/records');
    expect(accepted).toContain('GET /api/v1/analytics/students');
  });
});

describe('control characters in names, free text and searches', () => {
  // Each answered 500 before the contracts refused them (PostgreSQL cannot store or compare NUL).
  const json = { 'content-type': 'application/json' };
  const cases: {
    who: Exclude<Actor, 'anonymous'>;
    method: 'GET' | 'PUT' | 'POST';
    url: () => string;
    body?: (bad: string) => unknown;
    search?: true;
    /** Free text, where only C0 controls are refused (line separators are text there). */
    free?: true;
  }[] = [
    {
      who: 'principal',
      method: 'GET',
      url: () => '/api/v1/analytics/students?category=registered&page=1',
      search: true,
    },
    {
      who: 'principal',
      method: 'GET',
      url: () =>
        `/api/v1/analytics/subject/students?subjectId=${w.subjectA.id}&chapterId=${w.subjectA.chapter.id}&grade=7&page=1`,
      search: true,
    },
    {
      who: 'student',
      method: 'PUT',
      url: () => '/api/v1/me/profile',
      body: (bad) => {
        // Her own name (the access matrix's markers), with the character inside it.
        const { firstName, lastName } = w.names.student;
        return {
          firstName: `${firstName.slice(0, 2)}${bad}${firstName.slice(2)}`,
          lastName,
          email: '',
          language: 'en',
        };
      },
    },
    {
      who: 'principal',
      method: 'POST',
      url: () => `/api/v1/students/${w.studentId}/parents`,
      body: (bad) => ({ mobile: '9876500001', firstName: `Ra${bad}vi` }),
    },
    {
      who: 'contentEditor',
      method: 'POST',
      url: () => '/api/v1/authoring/subjects',
      body: (bad) => ({ names: { en: `Astro${bad}nomy` } }),
    },
    {
      // The exam type goes into a signed token: one short word, nothing else.
      who: 'student',
      method: 'POST',
      url: () => '/api/v1/exams/launch',
      body: (bad) => ({ type: `JE${bad}E` }),
    },
    {
      who: 'contentEditor',
      method: 'PUT',
      url: () => `/api/v1/authoring/topics/${w.authoring.draftTopicId}/concepts/en`,
      body: (bad) => ({ body: `A concept long enough to be saved ${bad} by the editor.` }),
      free: true,
    },
    {
      who: 'teacher',
      method: 'POST',
      url: () => '/api/v1/assessments',
      body: (bad) => quizInput({ boardId: w.boardA, subjectId: w.subjectA.id, grade: 7, name: `Plan${bad}ets` }),
    },
    {
      who: 'teacher',
      method: 'PUT',
      url: () => `/api/v1/assessment/marking/${w.assessment.attemptId}/${w.assessment.openEndedPosition}`,
      body: (bad) => ({ marks: 120, comment: `Well ${bad} explained.` }),
      free: true,
    },
  ];

  it.each(
    cases.flatMap((c) =>
      (c.free ? ['\u0000', '\u001b'] : ['\u0000', '\u001b', '\u2028']).map((bad) => ({
        ...c,
        bad,
        name: `${c.method} ${c.url().split('?')[0]} ${JSON.stringify(bad)}`,
      })),
    ),
  )('$name: 400 in the error format, nothing written', async ({ who, method, url, body, search, bad }) => {
    const before = await fingerprint();
    const res = await t.app.inject({
      method,
      url: search ? `${url()}&search=${encodeURIComponent(`as${bad}ha`)}` : url(),
      headers: body ? { cookie: w.cookies[who], ...json } : { cookie: w.cookies[who] },
      ...(body ? { payload: JSON.stringify(body(bad)) } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    expect(await fingerprint()).toEqual(before);
  });

  it('still accepts the same requests without the control character', async () => {
    for (const { who, method, url, body, search } of cases) {
      const res = await t.app.inject({
        method,
        url: search ? `${url()}&search=asha` : url(),
        headers: body ? { cookie: w.cookies[who], ...json } : { cookie: w.cookies[who] },
        ...(body ? { payload: JSON.stringify(body('')) } : {}),
      });
      expect(res.statusCode, `${method} ${url()} ${res.body.slice(0, 200)}`).toBeLessThan(300);
    }
  });
});

describe('request-level limits', () => {
  const student = () => ({ cookie: w.cookies.student });

  it('refuses a body over the limit with 413 and stores nothing', async () => {
    const before = await fingerprint();
    const huge = { records: [{ ...w.recordFor(), padding: 'x'.repeat(5 * 1024 * 1024) }] };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/records',
      headers: { ...student(), 'content-type': 'application/json' },
      payload: JSON.stringify(huge),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await fingerprint()).toEqual(before);
  });

  it('answers broken JSON and a wrong content type with 4xx codes', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/records',
      headers: { ...student(), 'content-type': 'application/json' },
      payload: '{"records": [',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('BAD_REQUEST');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/v1/records',
      headers: { ...student(), 'content-type': 'application/xml' },
      payload: '<records/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers over-long and malformed addresses with 400 in the error format', async () => {
    for (const url of [
      `/api/v1/learn/subjects/${'x'.repeat(5000)}`,
      '/api/v1/students/%E0%A4%A/records',
      `/api/v1/students/${'9'.repeat(300)}/records`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: student() });
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json()).sort(), url).toEqual(['code', 'message']);
    }
  });

  it('caps paging: a page beyond the bound is a 400, not a slow scan', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/students?category=registered&page=10001',
      headers: { cookie: w.cookies.principal },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    const pageSize = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/students?category=registered&page=1&pageSize=100000',
      headers: { cookie: w.cookies.principal },
    });
    // The page size is the server's (10); a client cannot ask for more.
    expect(pageSize.json().rows.length).toBeLessThanOrEqual(10);
  });

  it('answers a NUL character PostgreSQL cannot store with a 400, not a 500, and stores nothing', async () => {
    const before = await fingerprint();
    const subject = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authoring/subjects',
      headers: { cookie: w.cookies.contentEditor, 'content-type': 'application/json' },
      payload: JSON.stringify({ names: { en: 'Null\u0000subject' } }),
    });
    expect(subject.statusCode).toBe(400);
    expect(subject.json().code).toBe('VALIDATION_FAILED');
    const parent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/students/${w.studentId}/parents`,
      headers: { cookie: w.cookies.principal, 'content-type': 'application/json' },
      payload: JSON.stringify({ mobile: '+919811100091', firstName: 'Null\u0000parent' }),
    });
    expect(parent.statusCode).toBe(400);
    expect(parent.json().code).toBe('VALIDATION_FAILED');
    expect(await fingerprint()).toEqual(before);
  });

  it('matches search text literally: % and _ are not wildcards', async () => {
    const all = await t.app.inject({
      method: 'GET',
      url: `/api/v1/analytics/students?category=registered&page=1`,
      headers: { cookie: w.cookies.principal },
    });
    expect(all.json().total).toBeGreaterThan(1);
    for (const search of ['%', '_', '%%', 'a%', '\\']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/analytics/students?category=registered&page=1&search=${encodeURIComponent(search)}`,
        headers: { cookie: w.cookies.principal },
      });
      expect(res.statusCode, search).toBe(200);
      expect(res.json().total, search).toBe(0);
    }
  });
});
