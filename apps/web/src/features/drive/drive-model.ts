import {
  CreateDriveFolderSchema,
  DRIVE_FILE_MAX_BYTES,
  DRIVE_FOLDER_NAME_REQUIRED,
  LINE_TEXT_MESSAGE,
  type AssessmentClass,
  type CreateDriveFolder,
  type DriveFile,
  type DriveListing,
  type DriveShare,
  type ShareDriveFile,
} from '@ki/contracts';
import { toRoman } from '@ki/domain';
import { documentProblem } from '../../lib/document-files';

/**
 * The drive's rules, apart from its screens: a new folder's name checked with the contract's own
 * schema (the server's), its messages turned into keys of the `drive` strings; a chosen file
 * checked on the device before it is sent; the classes a file may be shared with, and how a share
 * is named ("VII A", "VII (all)").
 */

/** A problem to show: a key of the `drive` strings and its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

/** Where a folder of the drive opens: /drive?folder=<id> (the top: /drive). */
export const folderHref = (folderId: number | null) => (folderId === null ? '/drive' : `/drive?folder=${folderId}`);

/** The contract's messages, as keys of the `drive` strings. */
const CONTRACT_MESSAGES: Readonly<Record<string, string>> = {
  [DRIVE_FOLDER_NAME_REQUIRED]: 'folders.nameRequired',
  [LINE_TEXT_MESSAGE]: 'folders.nameInvalid',
};

/** A new folder's name, checked as the server will check it: the body to send, or the problem. */
export function validateFolder(
  name: string,
  parentId: number | null,
): { ok: true; body: CreateDriveFolder } | { ok: false; problem: Problem } {
  const result = CreateDriveFolderSchema.safeParse({ name, parentId });
  if (result.success) return { ok: true, body: { name: result.data.name, parentId } };
  const issue = result.error.issues[0];
  const known = issue ? CONTRACT_MESSAGES[issue.message] : undefined;
  if (known) return { ok: false, problem: { key: known } };
  if (issue?.code === 'too_big')
    return { ok: false, problem: { key: 'folders.nameTooLong', values: { max: Number(issue.maximum) } } };
  return { ok: false, problem: { key: 'folders.nameInvalid' } };
}

/**
 * Why a chosen file cannot be uploaded, checked on the device to spare a useless upload: its type
 * (a picture, PDF, Word, Excel or PowerPoint file), at most DRIVE_FILE_MAX_BYTES, not empty, and
 * room for it in the drive. The key's values are filled by the screen (name, sizes in words).
 */
export function uploadProblem(
  file: Pick<File, 'name' | 'type' | 'size'>,
  space: Pick<DriveListing, 'usedBytes' | 'quotaBytes'>,
): 'wrongType' | 'tooLarge' | 'empty' | 'noRoom' | null {
  const found = documentProblem(file, DRIVE_FILE_MAX_BYTES);
  if (found) return ({ type: 'wrongType', size: 'tooLarge', empty: 'empty' } as const)[found];
  return space.usedBytes + file.size > space.quotaBytes ? 'noRoom' : null;
}

/**
 * A share as people name a class: the grade in roman numerals and the section ("VII A", as the app
 * writes classes), or the grade with every section ("VII (all)", in the reader's words: `t`).
 */
export function shareName(
  share: Pick<DriveShare, 'grade' | 'section'>,
  t: (key: 'share.all', values: { grade: string }) => string,
): string {
  const grade = toRoman(share.grade);
  return share.section ? `${grade} ${share.section}` : t('share.all', { grade });
}

/** One grade of a school (at one board) the caller may share with, and its sections. */
export interface ShareClass {
  /** "schoolId:boardId:grade", the picker's value. */
  key: string;
  schoolId: number;
  schoolName: string;
  boardId: number;
  boardName: string;
  grade: number;
  sections: string[];
}

/** The schools the caller may share with, each with its grades, in the server's order. */
export interface ShareSchool {
  schoolId: number;
  schoolName: string;
  classes: ShareClass[];
}

/** The caller's classes (GET /assessments/classes) as the share dialog's choices: schools, then their grades. */
export function shareSchools(classes: readonly AssessmentClass[]): ShareSchool[] {
  const schools = new Map<number, ShareSchool>();
  for (const c of classes) {
    const school = schools.get(c.schoolId) ?? { schoolId: c.schoolId, schoolName: c.schoolName, classes: [] };
    schools.set(c.schoolId, school);
    school.classes.push({
      key: `${c.schoolId}:${c.boardId}:${c.grade}`,
      schoolId: c.schoolId,
      schoolName: c.schoolName,
      boardId: c.boardId,
      boardName: c.boardName,
      grade: c.grade,
      sections: c.sections,
    });
  }
  return [...schools.values()];
}

/** The body of a share with a class's section (null: every section). */
export const shareBody = (c: ShareClass, section: string | null): ShareDriveFile => ({
  schoolId: c.schoolId,
  boardId: c.boardId,
  grade: c.grade,
  section,
});

/** Whether the file is already shared with that class and section (every section: null). */
export const isSharedWith = (file: Pick<DriveFile, 'shares'>, body: ShareDriveFile) =>
  file.shares.some(
    (s) =>
      s.schoolId === body.schoolId &&
      s.boardId === body.boardId &&
      s.grade === body.grade &&
      s.section === (body.section ?? null),
  );

/** The space used as a share of the drive, 0 to 100. */
export const usedPercent = (space: Pick<DriveListing, 'usedBytes' | 'quotaBytes'>) =>
  space.quotaBytes > 0 ? Math.min(100, (100 * space.usedBytes) / space.quotaBytes) : 100;
