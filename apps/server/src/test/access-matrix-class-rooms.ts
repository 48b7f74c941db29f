/**
 * The authorization matrix row of class rooms (issue #26, policy/class-rooms.ts), spread into MATRIX
 * by test/access-matrix.ts: A1's grade 7, section A (Asha's) opens to its teachers (every subject, or
 * science), A1's principals and chain A's super-admin; to other staff it does not exist.
 */
import { ACTORS, type AccessWorld, type Actor } from './access-world';

type Status = 200 | 403 | 404 | 401;
type Cells = Record<Actor, Status>;
const ROOM: Actor[] = ['teacher', 'teacherTwoSubjects', 'principal', 'multiSchoolPrincipal', 'superadmin'];
const cells = Object.fromEntries(
  ACTORS.map((a) => [
    a,
    a === 'anonymous'
      ? 401
      : ROOM.includes(a)
        ? 200
        : a === 'teacherTwoSchools' || a === 'otherChainSuperadmin'
          ? 404
          : 403,
  ]),
) as Cells;

export const CLASS_ROOMS_ROWS: Record<string, { target: string; url: (w: AccessWorld) => string; expect: Cells }[]> = {
  'GET /api/v1/class-rooms/{schoolId}/{boardId}/{grade}/{section}': [
    { target: 'A1 grade 7 A', url: (w) => `/api/v1/class-rooms/${w.schoolA1}/${w.boardA}/7/A`, expect: cells },
  ],
};
