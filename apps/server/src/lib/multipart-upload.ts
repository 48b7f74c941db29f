/**
 * Reading one uploaded file from a multipart body (@fastify/multipart's parts), for every upload
 * route (question pictures, chat attachments): the file in the field "file", a few small text
 * fields, and the reader's own failures as stable errors (too large 413, not multipart 415, a
 * broken body 400) instead of 500s.
 */
import { AppError } from '../errors';

/** One part of a multipart upload, as @fastify/multipart hands it over. */
export interface UploadPart {
  type: 'file' | 'field';
  fieldname: string;
  filename?: string;
  value?: unknown;
  /** Set by the reader when a text field was longer than the limit and was cut. */
  valueTruncated?: boolean;
  toBuffer?: () => Promise<Buffer>;
}

/**
 * The multipart reader's limits for one file of at most `maxBytes` and a few text fields of at most
 * FIELD_MAX_BYTES each (a chat caption of 2,000 characters in an Indian script is up to 8 KB of UTF-8).
 */
export const FIELD_MAX_BYTES = 16_384;
export const uploadLimits = (maxBytes: number) =>
  ({ fileSize: maxBytes, files: 1, fields: 5, fieldSize: FIELD_MAX_BYTES, parts: 6, headerPairs: 50 }) as const;

/** The multipart reader's own errors as ours; anything else is not an upload problem and passes. */
function uploadError(error: unknown, tooLarge: () => AppError, what: string): unknown {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return tooLarge();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the ${what} as multipart/form-data in the field "file"`);
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new AppError('BAD_REQUEST', 'The upload is not a valid multipart body');
    default:
      // busboy's own complaints (a malformed multipart body) carry no code of the plugin.
      if (
        error instanceof Error &&
        /multipart|boundary|Unexpected end of form|Malformed part header/i.test(error.message)
      ) {
        return new AppError('BAD_REQUEST', 'The upload is not a valid multipart body');
      }
      return error;
  }
}

/**
 * The one file sent in the field `file` (its bytes and the name the browser gave it) and the text
 * fields sent beside it. `what` names the file in messages ("image", "file").
 */
export async function readOneFile(
  parts: () => AsyncIterable<UploadPart>,
  o: { maxBytes: number; tooLarge: () => AppError; what: string },
): Promise<{ bytes: Buffer; filename: string; fields: Record<string, string> }> {
  let file: { bytes: Buffer; filename: string } | undefined;
  const fields: Record<string, string> = {};
  const one = () => new AppError('BAD_REQUEST', `Send one ${o.what} in the field "file"`);
  try {
    for await (const part of parts()) {
      if (part.type !== 'file') {
        // A field the reader cut short is refused, never stored cut (perhaps mid-character).
        if (part.valueTruncated) throw new AppError('VALIDATION_FAILED', `The field "${part.fieldname}" is too long`);
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file !== undefined) throw one();
      file = { bytes: await part.toBuffer!(), filename: part.filename ?? '' };
    }
  } catch (error) {
    throw uploadError(error, o.tooLarge, o.what);
  }
  if (file === undefined) throw one();
  if (file.bytes.length > o.maxBytes) throw o.tooLarge();
  return { ...file, fields };
}
