import { CHAT_FILE_MAX_BYTES, CHAT_PICTURE_MAX_BYTES, CHAT_PICTURE_TYPES, type ChatMessage } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { DOCUMENT_ACCEPT, documentProblem } from '../../../lib/document-files';

/**
 * Where an attachment is served: same origin with the session cookie, so an <img src> or an
 * <a download> fetches it directly (for the room's current members only).
 */
export const fileUrl = (fileId: string) => `/api/v1/chat/files/${encodeURIComponent(fileId)}`;

/** The file picker's `accept`: the allowed types and their names' endings. */
export const FILE_ACCEPT = DOCUMENT_ACCEPT;

/**
 * Why a file cannot be sent, checked on the device to spare a useless upload (lib/document-files.ts):
 * its type, and at most CHAT_FILE_MAX_BYTES.
 */
export const fileProblem = (file: Pick<File, 'name' | 'type' | 'size'>) => documentProblem(file, CHAT_FILE_MAX_BYTES);

/**
 * Posts a file with an optional caption as one message (multipart: the server refuses JSON here).
 * The same clientId again (a retry) answers the stored message, never a second one.
 */
export function postFile(roomId: number, input: { clientId: string; text: string; file: File }): Promise<ChatMessage> {
  const form = new FormData();
  // The small fields first, so the server has them before the file's bytes.
  form.append('clientId', input.clientId);
  if (input.text) form.append('text', input.text);
  form.append('file', input.file, input.file.name);
  return api.post<ChatMessage>(`/chat/rooms/${roomId}/files`, form);
}

/** The group picture picker's `accept`. */
export const PICTURE_ACCEPT = [...CHAT_PICTURE_TYPES, '.png', '.jpg', '.jpeg', '.webp'].join(',');

/** Why a file cannot be a group picture, checked on the device (the server reads the bytes again). */
export function pictureProblem(file: Pick<File, 'name' | 'type' | 'size'>): 'type' | 'size' | null {
  const name = file.name.toLowerCase();
  const known = file.type
    ? (CHAT_PICTURE_TYPES as readonly string[]).includes(file.type)
    : ['.png', '.jpg', '.jpeg', '.webp'].some((e) => name.endsWith(e));
  if (!known || file.size === 0) return 'type';
  if (file.size > CHAT_PICTURE_MAX_BYTES) return 'size';
  return null;
}
