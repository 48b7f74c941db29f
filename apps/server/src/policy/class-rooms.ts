/**
 * Who opens a class room (issue #26, /class-rooms): its teachers (an assignment covering the school
 * and grade, in any subject: it is their class), the school's principals and the chain's super-admin.
 * Students, parents and content roles have no class rooms (403); to other staff a class room does
 * not exist (404), so school and grade numbers reveal nothing.
 */
import { notFound } from '../errors';
import { requireRole, type Principal } from './policy';

export interface ClassRoomFacts {
  schoolId: number;
  chainId: number | null;
  grade: number;
}

export function authorizeClassRoom(principal: Principal | null, room: ClassRoomFacts | undefined): Principal {
  const p = requireRole(principal, 'teacher', 'principal', 'superadmin');
  const sees =
    room !== undefined &&
    (p.role === 'teacher'
      ? p.schoolIds.includes(room.schoolId) && p.teacherAssignments.some((a) => a.schoolId === room.schoolId && a.grade === room.grade)
      : p.role === 'principal'
        ? p.schoolIds.includes(room.schoolId)
        : p.chainId !== null && p.chainId === room.chainId);
  if (!sees) throw notFound('Class room');
  return p;
}
