import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { lineText } from '../common/text';
import { CHAT_FILE_TYPES } from '../chat/file-types';

/**
 * A teacher's drive (issue #26; access-and-app-shell.md 2.1 /drive): their files in folders, uploaded
 * (type read from the bytes, size checked) and stored behind the same file store as chat files, and
 * shared with their classes, whose students then read them.
 */
/** The same kinds as chat attachments: pictures, PDF, Word, Excel, PowerPoint. */
export const DRIVE_FILE_TYPES = CHAT_FILE_TYPES;
export const DRIVE_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** What one person's drive holds at most. */
export const DRIVE_QUOTA_BYTES = 500 * 1024 * 1024;
export const DRIVE_FOLDER_NAME_MAX = 80;
/** Folders inside folders, at most this deep. */
export const DRIVE_MAX_DEPTH = 5;

export const DRIVE_FOLDER_NAME_REQUIRED = 'Please enter a folder name';

export const DriveFolderSchema = z.object({
  id: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
  createdAt: z.string(),
});
export type DriveFolder = z.infer<typeof DriveFolderSchema>;

export const DriveShareSchema = z.object({
  id: z.number(),
  schoolId: z.number(),
  schoolName: z.string(),
  boardId: z.number(),
  boardName: z.string(),
  grade: z.number(),
  /** Null: every section of the grade. */
  section: z.string().nullable(),
  sharedAt: z.string(),
});
export type DriveShare = z.infer<typeof DriveShareSchema>;

export const DriveFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.enum(DRIVE_FILE_TYPES),
  byteSize: z.number(),
  folderId: z.number().nullable(),
  createdAt: z.string(),
  shares: z.array(DriveShareSchema),
});
export type DriveFile = z.infer<typeof DriveFileSchema>;

/** GET /api/v1/drive?folderId=: one folder of the caller's drive (none: the top). */
export const DriveQuerySchema = z.object({
  folderId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53)
    .optional(),
});
export const DriveListingSchema = z.object({
  folder: DriveFolderSchema.nullable(),
  /** From the top to this folder. */
  path: z.array(z.object({ id: z.number(), name: z.string() })),
  folders: z.array(DriveFolderSchema),
  files: z.array(DriveFileSchema),
  usedBytes: z.number(),
  quotaBytes: z.number(),
});
export type DriveListing = z.infer<typeof DriveListingSchema>;

export const CreateDriveFolderSchema = z.strictObject({
  name: lineText().min(1, DRIVE_FOLDER_NAME_REQUIRED).max(DRIVE_FOLDER_NAME_MAX),
  parentId: IdSchema.nullable().default(null),
});
export type CreateDriveFolder = z.input<typeof CreateDriveFolderSchema>;

export const DriveFolderParamsSchema = z.object({
  folderId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
export const DriveFileParamsSchema = z.object({ fileId: z.uuid() });
export const DriveShareParamsSchema = z.object({
  shareId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});

/** POST /api/v1/drive/files/:fileId/shares: share with a class (a section, or every section). */
export const ShareDriveFileSchema = z.strictObject({
  schoolId: IdSchema,
  boardId: IdSchema,
  grade: z.number().int().min(1).max(12),
  section: z
    .string()
    .regex(/^[A-Za-z0-9]{1,8}$/, 'Not a section')
    .nullable()
    .default(null),
});
export type ShareDriveFile = z.input<typeof ShareDriveFileSchema>;

/** GET /api/v1/me/shared-files: what teachers shared with the student's class, newest first. */
export const SharedFilesSchema = z.object({
  files: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      contentType: z.enum(DRIVE_FILE_TYPES),
      byteSize: z.number(),
      sharedAt: z.string(),
      sharedBy: z.string(),
    }),
  ),
});
export type SharedFiles = z.infer<typeof SharedFilesSchema>;
