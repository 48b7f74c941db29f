/**
 * What an uploaded document is and what it is called (chat attachments, drive files): its type read
 * from its first bytes, never from its name or the browser's word, and a name safe to show and to
 * put in a header. A picture (a group's, a notice's, a doubt's) is read whole by `readPicture`.
 */
import { fileTypeFromBuffer } from 'file-type';
import { CHAT_FILE_NAME_MAX, CHAT_FILE_TYPES, CHAT_PICTURE_TYPES, type ChatFileType } from '@ki/contracts';
import { AppError } from '../errors';
import { readOneFile, type UploadPart } from './multipart-upload';

/** The file's type from its first bytes (file-type's signatures), never from its name or the browser's word. */
export async function detectFileType(bytes: Buffer): Promise<ChatFileType> {
  const mime = bytes.length === 0 ? undefined : (await fileTypeFromBuffer(bytes))?.mime;
  if (!mime || !(CHAT_FILE_TYPES as readonly string[]).includes(mime))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send a picture (PNG, JPEG, WebP), a PDF, or a Word, Excel or PowerPoint file',
    );
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
  const clean = base
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f\u2028\u2029"<>|:*?]/g, '')
    .trim()
    .replace(/^\.+/, '');
  const name = [...clean].slice(0, CHAT_FILE_NAME_MAX).join('');
  return name || `file.${EXTENSIONS[type]}`;
}

/** A picture's type: PNG, JPEG or WebP. */
export type PictureType = (typeof CHAT_PICTURE_TYPES)[number];

/**
 * The one file of a picture upload (multipart "file"): at most `maxBytes` (else 413, "`what` may be at
 * most N MB"), a PNG, JPEG or WebP by its bytes (else 415, "`what` must be a PNG, JPEG or WebP image").
 */
export async function readPicture(
  parts: () => AsyncIterable<UploadPart>,
  o: { maxBytes: number; what: string },
): Promise<{ bytes: Buffer; filename: string; type: PictureType }> {
  const upload = await readOneFile(parts, {
    maxBytes: o.maxBytes,
    tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', `${o.what} may be at most ${o.maxBytes / 1024 / 1024} MB`),
    what: 'picture',
  });
  const type = upload.bytes.length === 0 ? undefined : (await fileTypeFromBuffer(upload.bytes))?.mime;
  if (!type || !(CHAT_PICTURE_TYPES as readonly string[]).includes(type))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${o.what} must be a PNG, JPEG or WebP image`);
  return { bytes: upload.bytes, filename: upload.filename, type: type as PictureType };
}
