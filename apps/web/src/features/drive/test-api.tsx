import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AssessmentClass, DriveFile, DriveListing, DriveShare } from '@ki/contracts';
export { stubApi, type StubAnswer as Answer, type StubCall as Call } from '../../test-support/stub-api';

/** The page at `path`, with Mantine, the toasts and a fresh query client. */
export function show(path: string, element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/drive', element }], { initialEntries: [path] });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { client, router };
}

const MB = 1024 * 1024;

/** A share with grade 7 of the demo school (section null: every section). */
export const share = (id: number, section: string | null): DriveShare => ({
  id,
  schoolId: 3,
  schoolName: 'Pune Public School',
  boardId: 1,
  boardName: 'CBSE',
  grade: 7,
  section,
  sharedAt: '2026-11-28T05:30:00.000Z',
});

export const driveFile = (extra: Partial<DriveFile> = {}): DriveFile => ({
  id: '0b7f4e52-4f0e-4a43-9d43-2f8c1a1d2e01',
  name: 'Fractions worksheet.pdf',
  contentType: 'application/pdf',
  byteSize: 1.4 * MB,
  folderId: null,
  createdAt: '2026-11-27T05:30:00.000Z',
  shares: [],
  ...extra,
});

/** The top of a drive holding `extra`'s folders and files, 12.3 MB of 500 MB used. */
export const listing = (extra: Partial<DriveListing> = {}): DriveListing => ({
  folder: null,
  path: [],
  folders: [],
  files: [],
  usedBytes: 12.3 * MB,
  quotaBytes: 500 * MB,
  ...extra,
});

/** The teacher's classes: grade 6 (A) and grade 7 (A, B) of one school. */
export const CLASSES: AssessmentClass[] = [6, 7].map((grade) => ({
  schoolId: 3,
  schoolName: 'Pune Public School',
  timeZone: 'Asia/Kolkata',
  boardId: 1,
  boardName: 'CBSE',
  grade,
  sections: grade === 7 ? ['A', 'B'] : ['A'],
  subjects: [{ id: 1, name: 'Mathematics' }],
}));
