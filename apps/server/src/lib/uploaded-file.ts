/**
 * What an uploaded document is and what it is called (chat attachments, drive files): its type read
 * from its first bytes, never from its name or the browser's word, and a name safe to show and to
 * put in a header.
 */
import { fileTypeFromBuffer } from 'file-type';
import { CHAT_FILE_NAME_MAX, CHAT_FILE_TYPES, type ChatFileType } from '@ki/contracts';
import { AppError } from '../errors';

/** The file's type from its first bytes (file-type's signatures), never from its name or the browser's word. */
export async function detectFileType(bytes: Buffer): Promise<ChatFileType> {
  const mime = bytes.length === 0 ? undefined : (await fileTypeFromBuffer(bytes))?.mime;
  if (!mime || !(CHAT_FILE_TYPES as readonly string[]).includes(mime))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a picture (PNG, JPEG, WebP), a PDF, or a Word, Excel or PowerPoint file');
  return mime as ChatFileType;
}

const EXTENSIONS: Record<ChatFileType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};

/**
 * The name a file is shown and saved under: the browser's, without folders, control characters or
 * characters that break a header or a file system, at most CHAT_FILE_NAME_MAX characters; "file.<ext>"
 * when nothing is left.
 */
export function fileName(given: string, type: ChatFileType): string {
  const base = given.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f\u2028\u2029"<>|:*?]/g, '').trim().replace(/^\.+/, '');
  const name = [...clean].slice(0, CHAT_FILE_NAME_MAX).join('');
  return name || `file.${EXTENSIONS[type]}`;
}
