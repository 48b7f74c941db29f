import { vi } from 'vitest';

/**
 * The API as component tests see it: `fetch` answered from a table of routes, every request kept.
 * One stub for every feature's tests (chat, doubts, drive, live classes, class rooms, notices).
 */

/** A request a page made: method, path with its query, headers, and its JSON body or its form. */
export interface StubCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  form?: FormData;
}
export type StubAnswer = { status: number; body?: unknown };

/** A route's answer given as `{ status, body? }` rather than as the body itself. */
const isAnswer = (value: unknown): value is StubAnswer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StubAnswer).status === 'number' &&
  Object.keys(value).every((k) => k === 'status' || k === 'body');

/**
 * Answers each request from `routes` ("GET /api/v1/drive" -> its body, `{ status, body }`, or a
 * function of the call giving those, at once or later); anything else is a 404. Returns the calls made.
 */
export function stubApi(routes: Record<string, unknown>): StubCall[] {
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: StubCall = {
        method: init.method ?? 'GET',
        url,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        ...(init.body instanceof FormData ? { form: init.body } : {}),
      };
      calls.push(call);
      const route = routes[`${call.method} ${url.split('?')[0]}`];
      if (route === undefined)
        return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'none' }), { status: 404 });
      const answer: StubAnswer =
        typeof route === 'function'
          ? await (route as (c: StubCall) => StubAnswer | Promise<StubAnswer>)(call)
          : isAnswer(route)
            ? route
            : { status: 200, body: route };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}
