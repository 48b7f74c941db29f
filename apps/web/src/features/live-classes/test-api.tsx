import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AssessmentClass, LiveSession, MeResponse } from '@ki/contracts';
export { stubApi, type StubAnswer as Answer, type StubCall as Call } from '../../test-support/stub-api';

/**
 * A page at `path` (its route `pattern`, beside `others`, each path showing its name), with Mantine,
 * the toasts, a fresh query client and the signed-in user `me`.
 */
export function show(
  pattern: string,
  path: string,
  element: ReactElement,
  { me, others = [] }: { me?: MeResponse; others?: string[] } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (me) client.setQueryData(['me'], me);
  const router = createMemoryRouter(
    [{ path: pattern, element }, ...others.map((p) => ({ path: p, element: <p data-testid="elsewhere">{p}</p> }))],
    { initialEntries: [path] },
  );
  const view = render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { client, router, view };
}

/** The message a form field shows under it (Mantine links it with aria-describedby). */
export const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((el) => el?.id.endsWith('-error'))
    .map((el) => el?.textContent)
    .join(' ');

/** The signed-in user: a student of a school with live classes, or a member of staff. */
export function me(role: 'student' | 'teacher' | 'principal', extra: Partial<MeResponse> = {}): MeResponse {
  const student = role === 'student';
  return {
    user: { id: student ? 40 : 7, role, firstName: student ? 'Aarav' : 'Meera', lastName: student ? 'Patil' : 'Joshi' },
    school: {
      id: 1,
      name: 'Pune Public School',
      chainId: 3,
      isPace: false,
      languages: ['en'],
      products: ['liveclasses'],
    },
    abilities: {
      learn: student,
      dashboard: student ? 'student' : 'school',
      subjectSummaries: role === 'teacher' ? [{ schoolId: 1, grade: 7, subjectId: 5 }] : [],
    },
    ...extra,
  } as unknown as MeResponse;
}

/** A grade VII class of the Pune school, with Science and Maths. */
export const CLASS_VII: AssessmentClass = {
  schoolId: 1,
  schoolName: 'Pune Public School',
  timeZone: 'Asia/Kolkata',
  boardId: 2,
  boardName: 'CBSE',
  grade: 7,
  sections: ['A'],
  subjects: [
    { id: 5, name: 'Science' },
    { id: 6, name: 'Maths' },
  ],
};

/** A live class as the server sends it: grade VII science, 12:00-12:45 in India on 26 November 2026. */
export const session = (id: number, extra: Partial<LiveSession> = {}): LiveSession => ({
  id,
  kind: 'class',
  name: `Light and shadows (${id})`,
  description: '',
  start: '2026-11-26T06:30:00.000Z',
  end: '2026-11-26T07:15:00.000Z',
  schoolId: 1,
  schoolName: 'Pune Public School',
  timeZone: 'Asia/Kolkata',
  boardName: 'CBSE',
  grade: 7,
  subjectName: 'Science',
  status: 'scheduled',
  open: false,
  by: 'Meera Joshi',
  provider: 'jitsi',
  joinPath: `/liveclass/3/1/room${String(id).padStart(8, '0')}/jitsi`,
  watchUrl: null,
  attendance: null,
  canEdit: false,
  ...extra,
});

/** An educational TV programme. */
export const programme = (id: number, extra: Partial<LiveSession> = {}): LiveSession =>
  session(id, {
    kind: 'programme',
    name: `Science on air (${id})`,
    subjectName: null,
    by: 'DD Gyan Darshan',
    provider: null,
    joinPath: null,
    ...extra,
  });
