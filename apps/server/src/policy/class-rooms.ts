/**
 * Who opens a class room (issue #26, /class-rooms): its teachers (an assignment covering the school
 * and grade, in any subject: it is their class), the school's principals and the chain's super-admin.
 * Students, parents and content roles have no class rooms (403); to other staff a class room does
 * not exist (404), so school and grade numbers reveal nothing.
 */
import { notFound } from '../errors';
import { requireRole, worksWithClass, type ClassPlace, type Principal } from './policy';

export type ClassRoomFacts = ClassPlace;

export function authorizeClassRoom(principal: Principal | null, room: ClassRoomFacts | undefined): Principal {
  const p = requireRole(principal, 'teacher', 'principal', 'superadmin');
  if (room === undefined || !worksWithClass(p, room)) throw notFound('Class room');
  return p;
}
