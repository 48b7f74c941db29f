import { useMutation } from '@tanstack/react-query';
import { IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES, type ErrorBody, type ImageUploadResponse } from '@ki/contracts';
import { ApiError } from '../../../lib/api-client';

/** Where an uploaded image is served (to callers who may see the quiz using it). */
export const imageUrl = (id: string) => `/api/v1/images/${encodeURIComponent(id)}`;

/**
 * Why a file cannot be a quiz's picture before sending it: the server checks the bytes again (a
 * renamed file is refused there with UNSUPPORTED_MEDIA_TYPE), this only spares the upload.
 */
export function imageProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}

/** POST /images as multipart (field `file`); the JSON client does not send forms. */
export async function uploadImage(file: File): Promise<ImageUploadResponse> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/v1/images', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not connect to server.');
  }
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const body = data as Partial<ErrorBody> | undefined;
    throw new ApiError(response.status, body?.code ?? 'INTERNAL', body?.message ?? response.statusText, body?.details);
  }
  return data as ImageUploadResponse;
}

export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
