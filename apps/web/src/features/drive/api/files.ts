import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DriveFile } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { DRIVE_KEY } from './drive-listing';

/**
 * POST /drive/files: the file as multipart ("file"), into the open folder ("folderId", sent first
 * so the server has it before the bytes). The listing and the space used are asked for again.
 */
export function useUploadFile() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ file, folderId }: { file: File; folderId: number | null }) => {
      const form = new FormData();
      if (folderId !== null) form.append('folderId', String(folderId));
      form.append('file', file, file.name);
      return api.post<DriveFile>('/drive/files', form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: DRIVE_KEY }),
  });
}

/** DELETE /drive/files/:id: the file, and with it its shares. */
export function useDeleteFile() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (fileId: string) => api.delete<undefined>(`/drive/files/${encodeURIComponent(fileId)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: DRIVE_KEY }),
  });
}
