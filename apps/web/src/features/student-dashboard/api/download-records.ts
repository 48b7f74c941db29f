import { useMutation } from '@tanstack/react-query';
import type { ErrorBody } from '@ki/contracts';
import { ApiError } from '../../../lib/api-client';

/** The name the server gives the file too (its content-disposition). */
export const recordsFileName = (studentId: number) => `student-${studentId}-records.json`;

/**
 * GET /students/:id/records (issue #27, the right to a copy): the student's learning records as
 * xAPI JSON, saved as a file. Fetched here rather than opened as a link, so a refusal or a lost
 * network shows as a message on the page instead of an error page in a new tab; the body is kept
 * as the server wrote it (a blob), not parsed and written again.
 */
export async function downloadStudentRecords(studentId: number): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/v1/students/${studentId}/records`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not connect to server.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as Partial<ErrorBody> | undefined;
    throw new ApiError(response.status, body?.code ?? 'INTERNAL', body?.message ?? response.statusText);
  }
  saveFile(await response.blob(), recordsFileName(studentId));
}

/** Hands a blob to the browser's downloads under `name`. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: a browser may still be reading the blob when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const useDownloadRecords = (studentId: number) =>
  useMutation({ mutationFn: () => downloadStudentRecords(studentId) });
