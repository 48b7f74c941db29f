import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Doubt } from '@ki/contracts';

/** A request the page made: method, path with its query, and its JSON body or the form's file. */
export interface Call {
  method: string;
  url: string;
  body: unknown;
  file?: File | null;
}
export type Answer = { status: number; body?: unknown };

/** A route's answer given as `{ status, body? }` rather than as the body itself. */
const isAnswer = (value: unknown): value is Answer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Answer).status === 'number' &&
  Object.keys(value).every((k) => k === 'status' || k === 'body');

/**
 * Answers each request from `routes` ("GET /api/v1/me/doubts" -> its body, `{ status, body }`, or
 * a function of the call giving those); anything else is a 404. Returns the calls made.
 */
export function stubApi(routes: Record<string, unknown>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const form = init.body instanceof FormData ? init.body : null;
      const call: Call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        ...(form ? { file: form.get('file') as File | null } : {}),
      };
      calls.push(call);
      const route = routes[`${call.method} ${url.split('?')[0]}`];
      if (route === undefined)
        return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'none' }), { status: 404 });
      const answer =
        typeof route === 'function'
          ? (route as (c: Call) => Answer)(call)
          : isAnswer(route)
            ? route
            : { status: 200, body: route };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

/** A page at `path` (its route `pattern`), with Mantine, the toasts and a fresh query client. */
export function show(pattern: string, path: string, element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return client;
}

/** The message a form field shows under it (Mantine links it with aria-describedby). */
export const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((el) => el?.id.endsWith('-error'))
    .map((el) => el?.textContent)
    .join(' ');

/** A doubt as the server sends it, about grade 7 maths' adding integers. */
export const doubt = (id: number, extra: Partial<Doubt> = {}): Doubt => ({
  id,
  status: 'open',
  text: `Why is minus times minus plus? (${id})`,
  hasPicture: false,
  askedAt: '2026-11-25T05:30:00.000Z',
  subject: { slug: 'maths', name: 'Mathematics', theme: 'maths' },
  chapter: { slug: 'integers', name: 'Integers' },
  topic: { id: 71, slug: 'multiplying-integers', name: 'Multiplying integers' },
  student: null,
  answers: [],
  answerSeen: false,
  canAnswer: false,
  ...extra,
});
