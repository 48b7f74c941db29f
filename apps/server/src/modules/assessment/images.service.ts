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
import { readOneFile, uploadLimits, type UploadPart } from '../../lib/multipart-upload';
import { authorizeReadImage, authorizeUploadImage, loadImageFacts } from '../../policy/assessment-authoring';
import type { Principal } from '../../policy/policy';
import * as repo from './authoring.repository';

/** The limits handed to the multipart reader: one file of at most MAX_IMAGE_BYTES, a few small fields. */
export const UPLOAD_LIMITS = uploadLimits(MAX_IMAGE_BYTES);

const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `An image may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB`);
const notAnImage = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a PNG, JPEG or WebP image');

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
  const { bytes } = await readOneFile(parts, { maxBytes: MAX_IMAGE_BYTES, tooLarge, what: 'image' });
  const contentType = await detectImageType(bytes);
  const storageKey = await deps.files.put(bytes);
  const id = randomUUID();
  await repo.insertImage(deps.database.db, {
    id,
    schoolId,
    uploadedBy: p.userId,
    contentType,
    byteSize: bytes.length,
    storageKey,
    at: deps.clock(),
  });
  return { id, contentType, byteSize: bytes.length };
}

/** GET /images/:id: the bytes and their type, for a caller who may see them (404 otherwise, alike for none). */
export async function readImage(
  deps: AppDeps,
  principal: Principal | null,
  id: string,
): Promise<{ bytes: Buffer; contentType: ImageContentType }> {
  const { db } = deps.database;
  authorizeReadImage(principal, await loadImageFacts(db, principal, id));
  const file = await repo.imageFile(db, id);
  const bytes = file && (await deps.files.get(file.storage_key));
  if (!file || !bytes) throw notFound('Image');
  return { bytes, contentType: file.content_type };
}
