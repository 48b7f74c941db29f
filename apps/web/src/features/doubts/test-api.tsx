import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Doubt } from '@ki/contracts';
export { stubApi, type StubAnswer as Answer, type StubCall as Call } from '../../test-support/stub-api';

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
