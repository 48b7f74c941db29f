import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';

/** A route that fails as the database would, and the one error format it must come back in. */
async function answerTo(dbCode: string) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/fail', async () => {
    throw Object.assign(new Error(`database error ${dbCode}`), { code: dbCode });
  });
  const res = await app.inject({ method: 'GET', url: '/fail' });
  await app.close();
  return { status: res.statusCode, body: res.json() };
}

describe('database errors in the one error format', () => {
  it.each(['23505', '40001', '40P01'])(
    'answers a race the database settled (%s) with 409, never a 500',
    async (code) => {
      expect(await answerTo(code)).toEqual({
        status: 409,
        body: { code: 'CONFLICT', message: 'Someone changed this at the same moment. Please try again.' },
      });
    },
  );

  it('answers text PostgreSQL cannot store with 400', async () => {
    expect((await answerTo('22021')).status).toBe(400);
  });

  it('keeps any other failure a 500 without its message', async () => {
    expect(await answerTo('XX000')).toEqual({
      status: 500,
      body: { code: 'INTERNAL', message: 'Something went wrong on our side' },
    });
  });
});
