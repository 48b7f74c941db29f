import { CHAT_FILE_TYPES, type ChatFileType } from '@ki/contracts';

/**
 * The documents people send and keep (chat attachments, drive files: the same kinds, CHAT_FILE_TYPES):
 * what the file picker offers, why a file is refused on the device before a useless upload, which
 * icon a file wears, and where a drive file downloads from. The server reads the type from the
 * bytes again and answers 415 for a renamed file.
 */

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
export const DOCUMENT_ACCEPT = [...CHAT_FILE_TYPES, ...Object.values(EXTENSIONS).flat()].join(',');

/**
 * Why a file cannot be sent, checked on the device: the browser's type (or, when it gives none, the
 * name's ending), then the size against `maxBytes`, then emptiness.
 */
export function documentProblem(
  file: Pick<File, 'name' | 'type' | 'size'>,
  maxBytes: number,
): 'type' | 'size' | 'empty' | null {
  const name = file.name.toLowerCase();
  const known = file.type
    ? (CHAT_FILE_TYPES as readonly string[]).includes(file.type)
    : Object.values(EXTENSIONS).some((endings) => endings.some((e) => name.endsWith(e)));
  if (!known) return 'type';
  if (file.size > maxBytes) return 'size';
  if (file.size === 0) return 'empty';
  return null;
}

/** How a file shows: a picture, or a document with its kind's icon. */
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
 * Where a drive file (issue #26) is served, to its owner and to the students of the classes it is
 * shared with: same origin with the session cookie, so a link downloads it directly.
 */
export const driveFileUrl = (fileId: string) => `/api/v1/drive/files/${encodeURIComponent(fileId)}`;
