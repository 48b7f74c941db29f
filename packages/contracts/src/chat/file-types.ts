/**
 * The kinds of file people attach and keep (chat attachments, drive files), as plain constants with no
 * validation code: the learner's home names them (a shared file's icon) and its first load carries no
 * zod (docs/PERFORMANCE.md, Lighthouse).
 */

/**
 * What may be attached to a message (issue #25 "files and images attached, type and size checked"):
 * pictures, PDFs and Office documents, told apart by their bytes, never by the name or the browser's
 * word; at most CHAT_FILE_MAX_BYTES.
 */
export const CHAT_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
export type ChatFileType = (typeof CHAT_FILE_TYPES)[number];
export const CHAT_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** A group's picture: PNG, JPEG or WebP (read from its bytes) of at most 2 MB. */
export const CHAT_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const CHAT_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** A file name as shown (the browser's, cleaned): at most this long. */
export const CHAT_FILE_NAME_MAX = 120;
