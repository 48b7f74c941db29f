/** The class rooms policy (issue #26): a class's teachers, its school's principals, its chain's super-admin. */
import { describe, expect, it } from 'vitest';
import { authorizeClassRoom } from './class-rooms';
import type { Principal } from './policy';

const staff = (o: Partial<Principal>) =>
  ({ userId: 1, chainId: 1, schoolIds: [], teacherAssignments: [], enrolment: null, ...o }) as unknown as Principal;
const room = { schoolId: 10, chainId: 1, grade: 7 };

describe('class rooms policy', () => {
  it('opens a class room to a teacher of its grade in any subject, its principal and its super-admin', () => {
    expect(
      authorizeClassRoom(
        staff({
          role: 'teacher',
          schoolIds: [10],
          teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: 3 }],
        } as never),
        room,
      ).userId,
    ).toBe(1);
    expect(authorizeClassRoom(staff({ role: 'principal', schoolIds: [10] } as never), room).userId).toBe(1);
    expect(authorizeClassRoom(staff({ role: 'superadmin' } as never), room).userId).toBe(1);
  });

  it('hides it from other staff (404), refuses students and parents (403), and asks strangers to sign in', () => {
    expect(() =>
      authorizeClassRoom(
        staff({
          role: 'teacher',
          schoolIds: [10],
          teacherAssignments: [{ schoolId: 10, grade: 8, subjectId: null }],
        } as never),
        room,
      ),
    ).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => authorizeClassRoom(staff({ role: 'principal', schoolIds: [11] } as never), room)).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
    expect(() => authorizeClassRoom(staff({ role: 'superadmin', chainId: 2 } as never), room)).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
    expect(() => authorizeClassRoom(staff({ role: 'principal', schoolIds: [10] } as never), undefined)).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
    expect(() => authorizeClassRoom(staff({ role: 'student' } as never), room)).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(() => authorizeClassRoom(null, room)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
  });
});
