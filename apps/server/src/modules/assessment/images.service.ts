/**
 * Pictures of quizzes and questions (issue #23: "an image per question (uploaded to the server,
 * type and size checked)"; ARCHITECTURE "Files"): uploaded by teachers as multipart, checked by
 * their bytes (PNG, JPEG or WebP, at most MAX_IMAGE_BYTES), stored in the file store under their
 * content address, and served only to callers who may see a quiz that shows them.
 */
import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES, type ImageUploadResponse } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import type { ImageContentType } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { authorizeReadImage, authorizeUploadImage, loadImageFacts } from '../../policy/assessment-authoring';
import type { Principal } from '../../policy/policy';
import * as repo from './authoring.repository';

/** One part of a multipart upload, as @fastify/multipart hands it over. */
export interface UploadPart {
  type: 'file' | 'field';
  fieldname: string;
  toBuffer?: () => Promise<Buffer>;
}

/** The limits handed to the multipart reader: one file of at most MAX_IMAGE_BYTES, a few small fields. */
export const UPLOAD_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 } as const;

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `An image may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB`);
const notAnImage = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a PNG, JPEG or WebP image');

/**
 * The multipart reader's own errors as ours: too large, too many files or parts (413); not
 * multipart at all (415); a broken or cut-off body (400). Anything else is not an upload problem.
 */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return tooLarge();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data in the field "file"');
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('BAD_REQUEST', 'The upload is not a valid multipart body');
    default:
      // busboy's own complaints (a malformed multipart body) carry no code of the plugin.
      if (error instanceof Error && /multipart|boundary|Unexpected end of form|Malformed part header/i.test(error.message)) {
        return new AppError('BAD_REQUEST', 'The upload is not a valid multipart body');
      }
      return error;
  }
}

/** The bytes of the one file sent in the field `file`. */
async function readUpload(parts: () => AsyncIterable<UploadPart>): Promise<Buffer> {
  let bytes: Buffer | undefined;
  try {
    for await (const part of parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || bytes !== undefined) throw new AppError('BAD_REQUEST', 'Send one image in the field "file"');
      bytes = await part.toBuffer!();
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (bytes === undefined) throw new AppError('BAD_REQUEST', 'Send one image in the field "file"');
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge();
  return bytes;
}

/** The picture's type from its first bytes (file-type's signatures), never from its name or the client's header. */
async function detectImageType(bytes: Buffer): Promise<ImageContentType> {
  if (bytes.length === 0) throw notAnImage();
  const type = await fileTypeFromBuffer(bytes);
  const mime = type?.mime as ImageContentType | undefined;
  if (!mime || !(IMAGE_CONTENT_TYPES as readonly string[]).includes(mime)) throw notAnImage();
  return mime;
}

/** POST /images: a teacher's picture for a quiz or question (201 with its id). */
export async function uploadImage(
  deps: AppDeps,
  principal: Principal | null,
  query: { schoolId?: number | undefined },
  parts: () => AsyncIterable<UploadPart>,
): Promise<ImageUploadResponse> {
  const { principal: p, schoolId } = authorizeUploadImage(principal, query.schoolId);
  const bytes = await readUpload(parts);
  const contentType = await detectImageType(bytes);
  const storageKey = await deps.files.put(bytes);
  const id = randomUUID();
  await repo.insertImage(deps.database.db, { id, schoolId, uploadedBy: p.userId, contentType, byteSize: bytes.length, storageKey, at: deps.clock() });
  return { id, contentType, byteSize: bytes.length };
}

/** GET /images/:id: the bytes and their type, for a caller who may see them (404 otherwise, alike for none). */
export async function readImage(deps: AppDeps, principal: Principal | null, id: string): Promise<{ bytes: Buffer; contentType: ImageContentType }> {
  const { db } = deps.database;
  authorizeReadImage(principal, await loadImageFacts(db, principal, id));
  const file = await repo.imageFile(db, id);
  const bytes = file && (await deps.files.get(file.storage_key));
  if (!file || !bytes) throw notFound('Image');
  return { bytes, contentType: file.content_type };
}
