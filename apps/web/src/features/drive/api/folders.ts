import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDriveFolder, DriveFolder } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { DRIVE_KEY } from './drive-listing';

/** POST /drive/folders: a new folder in the open one. Sent at once even offline, so the form says so. */
export function useCreateFolder() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: CreateDriveFolder) => api.post<DriveFolder>('/drive/folders', body),
    onSuccess: () => client.invalidateQueries({ queryKey: DRIVE_KEY }),
  });
}

/** DELETE /drive/folders/:id: an empty folder (the server answers DRIVE_FOLDER_NOT_EMPTY otherwise). */
export function useDeleteFolder() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (folderId: number) => api.delete<undefined>(`/drive/folders/${folderId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: DRIVE_KEY }),
  });
}
