/**
 * A teacher's drive (issue #26): folders, uploads (type from the bytes, size and quota checked, bytes
 * in the file store), sharing with classes, and what a student's class was given. The policy
 * (policy/drive.ts) is asked first every time.
 */
import { randomUUID } from 'node:crypto';
import { personName } from '@ki/domain';
import {
  DRIVE_FILE_MAX_BYTES,
  DRIVE_MAX_DEPTH,
  DRIVE_QUOTA_BYTES,
  type CreateDriveFolder,
  type DriveFile,
  type DriveFolder,
  type DriveListing,
  type SharedFiles,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../errors';
import { readOneFile, type UploadPart } from '../../lib/multipart-upload';
import { detectFileType, fileName } from '../../lib/uploaded-file';
import {
  authorizeOwnItem,
  authorizeReadDriveFile,
  authorizeShare,
  authorizeSharedWithMe,
  requireDriveOwner,
} from '../../policy/drive';
import type { Principal } from '../../policy/policy';
import * as repo from './drive.repository';

const MB = 1024 * 1024;
const SHARED_LIMIT = 100;

/** What the policy needs of a folder or file: whose it is. */
const owned = (row: { owner_id: number } | undefined) => row && { ownerId: row.owner_id };

const toFolder = (f: repo.FolderRow): DriveFolder => ({
  id: f.id,
  name: f.name,
  parentId: f.parent_id,
  createdAt: f.created_at.toISOString(),
});

function toFile(f: repo.FileRow, shares: repo.ShareRow[]): DriveFile {
  return {
    id: f.id,
    name: f.name,
    contentType: f.content_type as DriveFile['contentType'],
    byteSize: f.byte_size,
    folderId: f.folder_id,
    createdAt: f.created_at.toISOString(),
    shares: shares
      .filter((s) => s.file_id === f.id)
      .map((s) => ({
        id: s.id,
        schoolId: s.school_id,
        schoolName: s.school_name,
        boardId: s.board_id,
        boardName: s.board_name,
        grade: s.grade,
        section: s.section === '' ? null : s.section,
        sharedAt: s.shared_at.toISOString(),
      })),
  };
}

/** The caller's folder (or the top): its folders, files with their shares, and the space used. */
export async function listDrive(
  deps: AppDeps,
  principal: Principal | null,
  folderId: number | undefined,
): Promise<DriveListing> {
  const { db } = deps.database;
  const p = requireDriveOwner(principal);
  const folder = folderId === undefined ? null : await repo.folderById(db, folderId);
  if (folderId !== undefined) authorizeOwnItem(principal, owned(folder ?? undefined), 'Folder');
  const at = folder?.id ?? null;
  const [folders, files, used, path] = await Promise.all([
    repo.foldersIn(db, p.userId, at),
    repo.filesIn(db, p.userId, at),
    repo.usedBytes(db, p.userId),
    at === null ? Promise.resolve([]) : repo.pathOf(db, at),
  ]);
  const shares = await repo.sharesOf(
    db,
    files.map((f) => f.id),
  );
  return {
    folder: folder ? toFolder(folder) : null,
    path,
    folders: folders.map(toFolder),
    files: files.map((f) => toFile(f, shares)),
    usedBytes: used,
    quotaBytes: DRIVE_QUOTA_BYTES,
  };
}

/** The parent folder a new item goes in: the caller's own, not too deep. */
async function ownParent(deps: AppDeps, principal: Principal | null, parentId: number | null): Promise<number | null> {
  if (parentId === null) return null;
  authorizeOwnItem(principal, owned(await repo.folderById(deps.database.db, parentId)), 'Folder');
  return parentId;
}

export async function createFolder(
  deps: AppDeps,
  principal: Principal | null,
  input: CreateDriveFolder & { parentId: number | null },
): Promise<DriveFolder> {
  const { db } = deps.database;
  const p = requireDriveOwner(principal);
  const parentId = await ownParent(deps, principal, input.parentId);
  if (parentId !== null && (await repo.pathOf(db, parentId)).length >= DRIVE_MAX_DEPTH)
    throw new AppError('DRIVE_TOO_DEEP', `Folders go at most ${DRIVE_MAX_DEPTH} deep`);
  const id = await repo.insertFolder(db, p.userId, parentId, input.name, deps.clock());
  if (id === undefined) throw new AppError('DRIVE_NAME_TAKEN', 'A folder of this name is already here');
  return toFolder((await repo.folderById(db, id))!);
}

export async function deleteFolder(deps: AppDeps, principal: Principal | null, folderId: number): Promise<void> {
  const { db } = deps.database;
  authorizeOwnItem(principal, owned(await repo.folderById(db, folderId)), 'Folder');
  if (!(await repo.folderIsEmpty(db, folderId)))
    throw new AppError('DRIVE_FOLDER_NOT_EMPTY', 'Empty the folder first: it still has files or folders');
  await repo.deleteFolder(db, folderId);
}

/** An upload (multipart "file", optional "folderId"): the type from its bytes, at most 10 MB, within the quota. */
export async function uploadFile(
  deps: AppDeps,
  principal: Principal | null,
  parts: () => AsyncIterable<UploadPart>,
): Promise<DriveFile> {
  const { db } = deps.database;
  const p = requireDriveOwner(principal);
  const upload = await readOneFile(parts, {
    maxBytes: DRIVE_FILE_MAX_BYTES,
    tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', `A file may be at most ${DRIVE_FILE_MAX_BYTES / MB} MB`),
    what: 'file',
  });
  const given = upload.fields.folderId;
  if (given !== undefined && given !== '' && !/^[1-9]\d{0,15}$/.test(given))
    throw new AppError('VALIDATION_FAILED', 'folderId is not a folder');
  const folderId = await ownParent(deps, principal, given ? Number(given) : null);
  const contentType = await detectFileType(upload.bytes);
  const storageKey = await deps.files.put(upload.bytes);
  const row = {
    id: randomUUID(),
    owner_id: p.userId,
    folder_id: folderId,
    name: fileName(upload.filename, contentType),
    content_type: contentType,
    byte_size: upload.bytes.length,
    storage_key: storageKey,
  };
  if (!(await repo.insertFileWithin(db, row, DRIVE_QUOTA_BYTES, deps.clock())))
    throw new AppError('DRIVE_FULL', `Your drive is full (${DRIVE_QUOTA_BYTES / MB} MB): delete some files first`);
  return toFile((await repo.fileById(db, row.id))!, []);
}

export async function deleteFile(deps: AppDeps, principal: Principal | null, fileId: string): Promise<void> {
  const { db } = deps.database;
  authorizeOwnItem(principal, owned(await repo.fileById(db, fileId)), 'File');
  // Its shares go with it (on delete cascade); the bytes stay in the content-addressed store, unreachable.
  await repo.deleteFile(db, fileId);
}

export async function shareFile(
  deps: AppDeps,
  principal: Principal | null,
  fileId: string,
  target: { schoolId: number; boardId: number; grade: number; section: string | null },
): Promise<DriveFile> {
  const { db } = deps.database;
  requireDriveOwner(principal);
  const file = await repo.fileById(db, fileId);
  const place = await repo.classPlace(db, target.schoolId, target.boardId, target.grade);
  const p = authorizeShare(
    principal,
    owned(file),
    place && { schoolId: target.schoolId, chainId: place.chainId, grade: target.grade },
  );
  await repo.insertShare(
    db,
    { fileId, schoolId: target.schoolId, boardId: target.boardId, grade: target.grade, section: target.section ?? '' },
    p.userId,
    deps.clock(),
  );
  return toFile(file!, await repo.sharesOf(db, [fileId]));
}

export async function unshare(deps: AppDeps, principal: Principal | null, shareId: number): Promise<void> {
  const { db } = deps.database;
  const share = await repo.shareById(db, shareId);
  const file = share && (await repo.fileById(db, share.file_id));
  authorizeOwnItem(principal, owned(file), 'File');
  await repo.deleteShare(db, shareId);
}

export async function readFile(
  deps: AppDeps,
  principal: Principal | null,
  fileId: string,
): Promise<{ bytes: Buffer; name: string; contentType: string }> {
  const { db } = deps.database;
  const file = await repo.fileById(db, fileId);
  const shares = file ? await repo.sharesOf(db, [fileId]) : [];
  authorizeReadDriveFile(
    principal,
    file && {
      ownerId: file.owner_id,
      shares: shares.map((s) => ({ schoolId: s.school_id, boardId: s.board_id, grade: s.grade, section: s.section })),
    },
  );
  const bytes = await deps.files.get(file!.storage_key);
  if (!bytes) throw notFound('File');
  return { bytes, name: file!.name, contentType: file!.content_type };
}

export async function sharedWithMe(deps: AppDeps, principal: Principal | null): Promise<SharedFiles> {
  const p = authorizeSharedWithMe(principal);
  const e = p.enrolment;
  const rows = await repo.sharedWithClass(
    deps.database.db,
    { schoolId: e.schoolId, boardId: e.boardId, grade: e.grade, section: e.section },
    SHARED_LIMIT,
  );
  return {
    files: rows.map((r) => ({
      id: r.id,
      name: r.name,
      contentType: r.content_type as SharedFiles['files'][number]['contentType'],
      byteSize: r.byte_size,
      sharedAt: r.shared_at.toISOString(),
      sharedBy: personName(r.first_name, r.last_name),
    })),
  };
}
