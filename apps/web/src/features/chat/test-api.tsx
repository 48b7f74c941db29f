import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { MeResponse } from '@ki/contracts';

/** A request a chat screen made: method, path with its query, headers, and its JSON body or its form. */
export interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  form: FormData | undefined;
}
export type Answer = { status: number; body?: unknown };

/**
 * Answers each request of chat's tests from `routes` ("GET /api/v1/chat/rooms" -> its body, or a
 * function of the call giving `{ status, body }`, at once or later); anything else is a 404.
 * Returns the calls made.
 */
export function stubApi(routes: Record<string, unknown>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        url,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        form: init.body instanceof FormData ? init.body : undefined,
      };
      calls.push(call);
      const route = routes[`${call.method} ${url.split('?')[0]}`];
      if (route === undefined)
        return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'none' }), { status: 404 });
      const answer: Answer =
        typeof route === 'function'
          ? await (route as (c: Call) => Answer | Promise<Answer>)(call)
          : { status: 200, body: route };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

/** Chat's screens (`routes`) at `path`, signed in as `me`, with Mantine, the toasts and a fresh query client. */
export function showChat(routes: RouteObject[], path: string, me: MeResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], me);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
