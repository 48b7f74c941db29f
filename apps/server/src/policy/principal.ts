import type { UserRole } from '../db/schema';

/** Who is calling, with everything the policy needs to decide what they may see. */
export interface Principal {
  userId: number;
  role: UserRole;
  isQa: boolean;
  firstName: string;
  lastName: string;
  /** The chain a super-administrator administers. */
  chainId: number | null;
  /** Schools a principal, multi-school principal or teacher works at (staff_schools). */
  schoolIds: readonly number[];
  /** A teacher's grades per school, optionally limited to one subject. */
  teacherAssignments: readonly { schoolId: number; grade: number; subjectId: number | null }[];
  /** A student's current enrolment; board and grade are null until the student picks them. */
  enrolment: {
    schoolId: number;
    boardId: number | null;
    grade: number | null;
    section: string;
    enrolledAt: Date;
  } | null;
  sessionId: string;
  /**
   * A student's access (issue #27), read with the session: whether their school pays, and the latest
   * end of the plans they bought that have started. Absent for everyone else.
   */
  plan?: { schoolPays: boolean; until: Date | null };
}
