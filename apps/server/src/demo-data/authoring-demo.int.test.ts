import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { sessionCookie } from '../test/factories';
import { loadAuthoringDemo } from './authoring-demo';
import { DEMO_ACCOUNTS, generateDemoChain } from './generate';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await generateDemoChain(t.database, { schools: 1, studentsPerSchool: 4, seed: 3, now: t.now() });
  await loadAuthoringDemo(t.database, t.now());
});
afterAll(() => t.close());

describe('demo content team', () => {
  it('leaves a new chapter and a reworded question waiting for the approver, both approvable', async () => {
    const approver = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', DEMO_ACCOUNTS.contentApprover)
      .executeTakeFirstOrThrow();
    const cookie = await sessionCookie(t.database.db, approver.id, t.now());
    const queue = (
      await t.app.inject({ method: 'GET', url: '/api/v1/authoring/submissions', headers: { cookie } })
    ).json();
    expect(
      queue.submissions.map((s: { rootType: string; counts: Record<string, number> }) => [s.rootType, s.counts]),
    ).toEqual([
      ['topic', { subject: 0, chapter: 1, topic: 1, concept: 1, question: 10 }],
      ['question', { subject: 0, chapter: 0, topic: 0, concept: 0, question: 1 }],
    ]);
    for (const s of queue.submissions) {
      const detail = (
        await t.app.inject({ method: 'GET', url: `/api/v1/authoring/submissions/${s.id}`, headers: { cookie } })
      ).json();
      expect(detail.blocker).toBeNull();
      expect(detail.abilities.canApprove).toBe(true);
    }
  });
});
