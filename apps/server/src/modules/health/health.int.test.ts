import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/health', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database.ok).toBe(true);
    expect(body.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.time).toBe('2026-11-20T10:00:00.000Z');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  describe('when the database is gone', () => {
    // A second app of its own (its database gets closed), built in a hook: building and migrating
    // takes the hook's time budget, not the test's, on a busy machine.
    let other: TestApp;
    beforeAll(async () => {
      other = await buildTestApp();
      await other.database.close();
    });
    afterAll(() => other.close());

    it('answers 503 with a degraded status', async () => {
      const res = await other.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    });
  });
});

describe('common behaviour', () => {
  it('answers unknown API paths with the common error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'No route GET /api/v1/nothing-here' });
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves the OpenAPI document and its browsable UI', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/api/v1/health']).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('OpenAPI document', () => {
  it('lists every API route the server answers', async () => {
    const routes: string[] = [];
    const probe = await buildTestApp(
      {},
      {
        onRoute: ({ method, url }) => {
          if (!url.startsWith('/api/v1/')) return;
          for (const m of [method].flat()) if (m !== 'HEAD') routes.push(`${m} ${url}`);
        },
      },
    );
    await probe.close();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(routes.length).toBeGreaterThan(10);
    expect([...new Set(routes)].sort()).toEqual([...new Set(documented)].sort());
  });
});
