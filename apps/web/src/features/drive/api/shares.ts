import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DriveFile, DriveListing, ShareDriveFile } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { DRIVE_KEY } from './drive-listing';

/** The listings holding the file, with the server's copy of it in place (its shares as they are now). */
const withFile = (listing: DriveListing | undefined, file: DriveFile) =>
  listing && { ...listing, files: listing.files.map((f) => (f.id === file.id ? file : f)) };

/**
 * POST /drive/files/:id/shares: shares the file with a class (a section, or every section: null).
 * The answer is the file with its shares, put in place at once.
 */
export function useShareFile() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ fileId, body }: { fileId: string; body: ShareDriveFile }) =>
      api.post<DriveFile>(`/drive/files/${encodeURIComponent(fileId)}/shares`, body),
    onSuccess: (file) => {
      client.setQueriesData<DriveListing>({ queryKey: DRIVE_KEY }, (listing) => withFile(listing, file));
    },
  });
}

/** DELETE /drive/shares/:id: the class no longer sees the file. */
export function useUnshare() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (shareId: number) => api.delete<undefined>(`/drive/shares/${shareId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: DRIVE_KEY }),
  });
}
