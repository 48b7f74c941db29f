import {
  CHAT_FILE_MAX_BYTES,
  CHAT_FILE_TYPES,
  CHAT_PICTURE_MAX_BYTES,
  CHAT_PICTURE_TYPES,
  type ChatFileType,
  type ChatMessage,
} from '@ki/contracts';
import { api } from '../../../lib/api-client';

/**
 * Where an attachment is served: same origin with the session cookie, so an <img src> or an
 * <a download> fetches it directly (for the room's current members only).
 */
export const fileUrl = (fileId: string) => `/api/v1/chat/files/${encodeURIComponent(fileId)}`;

/** The names a file of each allowed type ends with: the picker's filter, and the type when the browser gives none. */
const EXTENSIONS: Record<ChatFileType, readonly string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
};

/** The file picker's `accept`: the allowed types and their names' endings (some systems know only the one or the other). */
export const FILE_ACCEPT = [...CHAT_FILE_TYPES, ...Object.values(EXTENSIONS).flat()].join(',');

/**
 * Why a file cannot be sent, checked on the device to spare a useless upload: the browser's type
 * (or, when it gives none, the name's ending) and the size. The server reads the type from the
 * bytes again and answers 415 for a renamed file.
 */
export function fileProblem(file: Pick<File, 'name' | 'type' | 'size'>): 'type' | 'size' | 'empty' | null {
  const name = file.name.toLowerCase();
  const known = file.type
    ? (CHAT_FILE_TYPES as readonly string[]).includes(file.type)
    : Object.values(EXTENSIONS).some((endings) => endings.some((e) => name.endsWith(e)));
  if (!known) return 'type';
  if (file.size > CHAT_FILE_MAX_BYTES) return 'size';
  if (file.size === 0) return 'empty';
  return null;
}

/** How a file shows in a message: a picture inline, a document as a card with its kind's icon. */
export type FileKind = 'picture' | 'pdf' | 'word' | 'sheet' | 'slides' | 'other';
export function fileKind(contentType: string): FileKind {
  if (contentType.startsWith('image/')) return 'picture';
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType.includes('wordprocessingml')) return 'word';
  if (contentType.includes('spreadsheetml')) return 'sheet';
  if (contentType.includes('presentationml')) return 'slides';
  return 'other';
}

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
