import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AssessmentClass, ClassRoom, MeResponse } from '@ki/contracts';
export { stubApi, type StubAnswer as Answer, type StubCall as Call } from '../../test-support/stub-api';

/**
 * A page at `path` (its route `pattern`, beside `others`, each path showing its name and search),
 * with Mantine, a fresh query client and the signed-in member of staff `me`.
 */
export function show(
  pattern: string,
  path: string,
  element: ReactElement,
  { me = staff(), others = [] as string[] } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], me);
  const router = createMemoryRouter(
    [{ path: pattern, element }, ...others.map((p) => ({ path: p, element: <p data-testid="elsewhere">{p}</p> }))],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { client, router };
}

/** The signed-in teacher (only what these pages read of /me). */
export const staff = (studentDashboards = true): MeResponse =>
  ({
    user: { id: 7, role: 'teacher', firstName: 'Meera', lastName: 'Joshi' },
    school: { id: 1, name: 'Pune Public School', chainId: 3, isPace: false, languages: ['en'], products: [] },
    abilities: { learn: false, dashboard: 'school', studentDashboards },
  }) as unknown as MeResponse;

/** A class of the Pune school's CBSE board. */
export const klass = (grade: number, sections: string[], extra: Partial<AssessmentClass> = {}): AssessmentClass => ({
  schoolId: 1,
  schoolName: 'Pune Public School',
  timeZone: 'Asia/Kolkata',
  boardId: 2,
  boardName: 'CBSE',
  grade,
  sections,
  subjects: [{ id: 6, name: 'Mathematics' }],
  ...extra,
});

/** Grade VII A of the Pune school, on 26 November 2026 at 12:00 in India (06:30 UTC). */
export const room = (extra: Partial<ClassRoom> = {}): ClassRoom => ({
  schoolId: 1,
  schoolName: 'Pune Public School',
  timeZone: 'Asia/Kolkata',
  boardId: 2,
  boardName: 'CBSE',
  grade: 7,
  section: 'A',
  students: [
    {
      id: 10,
      name: 'Aarav Patil',
      topicsCompleted: 42,
      knowledgeCurrency: 1250,
      lastActiveAt: '2026-11-26T04:00:00.000Z',
    },
    { id: 11, name: 'Isha Patil', topicsCompleted: 0, knowledgeCurrency: 0, lastActiveAt: null },
    {
      id: 12,
      name: 'Omkar Deshmukh',
      topicsCompleted: 17,
      knowledgeCurrency: 380,
      lastActiveAt: '2026-11-24T15:00:00.000Z',
    },
  ],
  assignments: [
    {
      id: 31,
      assessmentId: 5,
      name: 'Integers check',
      kind: 'quiz',
      subjectName: 'Mathematics',
      opensAt: '2026-11-22T03:30:00.000Z',
      closesAt: '2026-11-29T12:30:00.000Z',
      status: 'open',
      finished: 2,
      reportOpen: true,
    },
    {
      id: 32,
      assessmentId: 6,
      name: 'Fractions test',
      kind: 'test',
      subjectName: 'Mathematics',
      opensAt: '2026-11-28T03:30:00.000Z',
      closesAt: '2026-12-02T12:30:00.000Z',
      status: 'upcoming',
      finished: 0,
      reportOpen: true,
    },
  ],
  upcoming: [
    {
      id: 51,
      name: 'Live maths class: fractions',
      type: 'class',
      start: '2026-11-27T10:30:00.000Z',
      end: '2026-11-27T11:15:00.000Z',
      subjectName: 'Mathematics',
      liveClassPath: '/liveclass/3/1/abcdef123456/jitsi',
    },
    {
      id: 52,
      name: 'Diwali break',
      type: 'holiday',
      start: '2026-11-30T00:00:00.000Z',
      end: '2026-12-01T00:00:00.000Z',
      subjectName: null,
      liveClassPath: null,
    },
  ],
  ...extra,
});
