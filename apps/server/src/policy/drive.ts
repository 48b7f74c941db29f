/**
 * Who uses a drive and reads its files (issue #26, /drive; docs/DECISIONS.md "Drive").
 *
 * - Staff (teachers, principals, super-admins) have a drive of their own; nobody else sees into it:
 *   another person's folder or file does not exist for them (404).
 * - The owner shares a file with a class they work with: a teacher with a school and grade an
 *   assignment covers (any subject), a principal with their schools' classes, a super-admin with
 *   their chain's.
 * - A file shared with a class is read by that class's students (the section, or every section) and
 *   by its owner; anyone else 404.
 */
import { forbidden, notFound } from '../errors';
import { requireEnrolledStudent, requireRole, worksWithClass, type ClassPlace, type Principal } from './policy';

type Staff = Principal & { role: 'teacher' | 'principal' | 'superadmin' };

export interface DriveItemFacts {
  ownerId: number;
}
/** A class to share with (the classes a member of staff works with: policy.ts worksWithClass). */
export type DriveClass = ClassPlace;
export interface DriveFileFacts extends DriveItemFacts {
  shares: { schoolId: number; boardId: number; grade: number; section: string }[];
}

export function requireDriveOwner(principal: Principal | null): Staff {
  return requireRole(principal, 'teacher', 'principal', 'superadmin');
}

/** One of the caller's own folders or files; anyone else's is 404. */
export function authorizeOwnItem(
  principal: Principal | null,
  item: DriveItemFacts | undefined,
  what: 'Folder' | 'File',
): Staff {
  const p = requireDriveOwner(principal);
  if (!item || item.ownerId !== p.userId) throw notFound(what);
  return p;
}

export function authorizeShare(
  principal: Principal | null,
  file: DriveItemFacts | undefined,
  target: DriveClass | undefined,
): Staff {
  const p = authorizeOwnItem(principal, file, 'File');
  if (!target || !worksWithClass(p, target)) throw forbidden('You can share files only with your classes');
  return p;
}

/** A drive file's bytes: its owner, or a student of a class it is shared with. */
export function authorizeReadDriveFile(principal: Principal | null, file: DriveFileFacts | undefined): Principal {
  const p = requireRole(principal, 'teacher', 'principal', 'superadmin', 'student');
  if (!file) throw notFound('File');
  if (p.role !== 'student') {
    if (file.ownerId !== p.userId) throw notFound('File');
    return p;
  }
  const e = p.enrolment;
  const shared =
    e !== null &&
    file.shares.some(
      (s) =>
        s.schoolId === e.schoolId &&
        s.boardId === e.boardId &&
        s.grade === e.grade &&
        (s.section === '' || s.section === e.section),
    );
  if (!shared) throw notFound('File');
  return p;
}

/** What teachers shared with the student's class. */
export function authorizeSharedWithMe(principal: Principal | null) {
  return requireEnrolledStudent(principal);
}
