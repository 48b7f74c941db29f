import { maskMobile, personName } from '@ki/domain';
import type {
  DeclineErasureBody,
  EraseStudentBody,
  EraseStudentResponse,
  ErasureRequest,
  ErasureRequestBody,
  GiveConsentBody,
  ParentalConsent,
  SchoolErasureRequests,
  StudentPrivacy,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import {
  authorizeManageConsent,
  authorizeReadStudent,
  authorizeRequestErasure,
  authorizeSchoolErasureRequests,
  authorizeStudent,
  authorizeStudentErasure,
  studentPrivacyPermissions,
  type Principal,
} from '../../policy/policy';
import * as repo from './privacy.repository';

/**
 * Erases a student's data on request: learning records, rollups, parent links (with their requests
 * and audit), sessions, sign-in codes, enrolment and the account itself, in one transaction. School
 * figures no longer count the student from then on; the erasure log keeps who did it, when and why, and no personal data.
 */
export async function eraseStudent(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
  body: EraseStudentBody,
): Promise<EraseStudentResponse> {
  const { principal: p, facts } = await authorizeStudent(
    deps.database.db,
    principal,
    studentId,
    authorizeStudentErasure,
  );
  const erasedAt = deps.clock();
  let parentsToTell: string[] = [];
  const records = await deps.database.db.transaction().execute(async (trx) => {
    const student = await repo.studentName(trx, studentId);
    if (!student || student.role !== 'student') throw new AppError('NOT_FOUND', 'Student not found');
    const name = personName(student.first_name, student.last_name);
    if (body.confirmName.toLocaleLowerCase('en-IN') !== name.toLocaleLowerCase('en-IN')) {
      throw new AppError('VALIDATION_FAILED', 'Type the student’s full name to confirm', { field: 'confirmName' });
    }
    parentsToTell = await repo.settleErasureRequests(trx, studentId, { by: p.userId, at: erasedAt });
    const erased = await repo.eraseStudentRows(trx, studentId);
    await repo.logErasure(trx, {
      student_id: studentId,
      school_id: facts.schoolId,
      erased_by: p.userId,
      erased_at: erasedAt,
      reason: body.reason,
      records: erased,
    });
    return erased;
  });
  await tellParents(
    deps,
    parentsToTell,
    'The school has erased your child’s data from Knowledge Islands, as you asked.',
  );
  return { studentId, erasedAt: erasedAt.toISOString(), records };
}

/** A text to the parents who asked; a failed text does not undo what the school did (it is logged). */
async function tellParents(deps: AppDeps, mobiles: readonly string[], text: string): Promise<void> {
  for (const mobile of mobiles) {
    try {
      await deps.sms.send(mobile, text);
    } catch {
      // The parent sees the request's state on the child's dashboard as well.
    }
  }
}

const REQUESTS_SHOWN = 20;

type RequestRow = Awaited<ReturnType<typeof repo.erasureRequests>>[number];
function toRequest(r: RequestRow): ErasureRequest {
  return {
    id: r.id,
    status: r.status,
    requestedAt: r.requested_at.toISOString(),
    requestedBy: r.first_name === null ? '' : personName(r.first_name, r.last_name ?? ''),
    reason: r.reason,
    decidedAt: r.decided_at?.toISOString() ?? null,
    note: r.note,
  };
}

/** GET /students/:id/privacy: what the caller may do with the student's data, and the erasure requests they may see. */
export async function studentPrivacy(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
): Promise<StudentPrivacy> {
  const { principal: p, facts } = await authorizeStudent(deps.database.db, principal, studentId, authorizeReadStudent);
  const { seesRequests, canManageConsent, ...can } = studentPrivacyPermissions(p, facts);
  const requests = seesRequests
    ? (await repo.erasureRequests(deps.database.db, studentId, REQUESTS_SHOWN)).map(toRequest)
    : [];
  const consent = await repo.latestConsent(deps.database.db, studentId);
  return {
    ...can,
    canRequestErasure: can.canRequestErasure && !requests.some((r) => r.status === 'pending'),
    requests,
    consent: consent ? toConsent(consent, canManageConsent) : null,
  };
}

function toConsent(
  c: NonNullable<Awaited<ReturnType<typeof repo.latestConsent>>>,
  canManage: boolean,
): ParentalConsent {
  const inForce = c.withdrawn_at === null;
  return {
    givenAt: c.given_at.toISOString(),
    givenBy: c.first_name === null ? '' : personName(c.first_name, c.last_name ?? ''),
    mobile: maskMobile(c.mobile),
    textVersion: c.text_version,
    withdrawnAt: c.withdrawn_at?.toISOString() ?? null,
    canWithdraw: canManage && inForce,
    canGiveAgain: canManage && !inForce,
  };
}

const SCHOOLS_ACCOUNT =
  'The school made this account and keeps the consent for it. Ask the school to erase the data instead.';

/**
 * POST /students/:id/consent/withdraw: a linked parent withdraws consent for the account the family
 * made. The child is signed out everywhere at once (live games and calls end), their private calendar
 * link stops, and they cannot sign in again until consent is given again; the records stay for the parent to download or have erased.
 */
export async function withdrawConsent(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
): Promise<{ privacy: StudentPrivacy; endedSessions: string[] }> {
  const { principal: p } = await authorizeStudent(deps.database.db, principal, studentId, authorizeManageConsent);
  const at = deps.clock();
  const endedSessions = await deps.database.db.transaction().execute(async (trx) => {
    if (!(await repo.withdrawConsent(trx, studentId, p.userId, at))) {
      const latest = await repo.latestConsent(trx, studentId);
      throw new AppError('CONFLICT', latest ? 'Consent for this account is already withdrawn.' : SCHOOLS_ACCOUNT);
    }
    // The private calendar link reads the child's data without a session: it stops too (the child
    // makes a new one once consent is given again).
    await repo.deleteCalendarFeedOf(trx, studentId);
    return repo.revokeSessionsOf(trx, studentId, at);
  });
  return { privacy: await studentPrivacy(deps, p, studentId), endedSessions };
}

/** POST /students/:id/consent: a linked parent gives consent again, to the current text; the child may sign in again. */
export async function giveConsent(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
  body: GiveConsentBody,
): Promise<StudentPrivacy> {
  const { principal: p } = await authorizeStudent(deps.database.db, principal, studentId, authorizeManageConsent);
  const { db } = deps.database;
  await db.transaction().execute(async (trx) => {
    // Only an account a family made has consent to give again.
    if (!(await repo.latestConsent(trx, studentId))) throw new AppError('CONFLICT', SCHOOLS_ACCOUNT);
    const mobile = (await repo.mobileOf(trx, p.userId)) ?? '';
    if (
      !(await repo.insertConsent(trx, {
        studentId,
        parentId: p.userId,
        mobile,
        textVersion: body.textVersion,
        at: deps.clock(),
      }))
    ) {
      throw new AppError('CONFLICT', 'Consent for this account is already in force.');
    }
  });
  return studentPrivacy(deps, p, studentId);
}

/** POST /students/:id/erasure-requests: a linked parent asks the school to erase the child's data. */
export async function requestErasure(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
  body: ErasureRequestBody,
): Promise<ErasureRequest> {
  const { principal: p, facts } = await authorizeStudent(
    deps.database.db,
    principal,
    studentId,
    authorizeRequestErasure,
  );
  const id = await repo.insertErasureRequest(deps.database.db, {
    studentId,
    schoolId: facts.schoolId,
    requestedBy: p.userId,
    at: deps.clock(),
    reason: body.reason,
  });
  if (id === undefined)
    throw new AppError('CONFLICT', 'A request to erase this child’s data is already waiting for the school.');
  return toRequest((await repo.erasureRequest(deps.database.db, studentId, id))!);
}

/** POST /students/:id/erasure-requests/:requestId/decline: the school keeps the data, and says why. */
export async function declineErasure(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
  requestId: number,
  body: DeclineErasureBody,
): Promise<ErasureRequest> {
  const { principal: p } = await authorizeStudent(deps.database.db, principal, studentId, authorizeStudentErasure);
  const { db } = deps.database;
  const request = await repo.erasureRequest(db, studentId, requestId);
  if (!request) throw new AppError('NOT_FOUND', 'Request not found');
  if (!(await repo.declineErasureRequest(db, requestId, { by: p.userId, at: deps.clock(), note: body.note }))) {
    throw new AppError('CONFLICT', 'This request has already been decided.');
  }
  if (request.mobile)
    await tellParents(
      deps,
      [request.mobile],
      `The school could not erase your child’s data from Knowledge Islands: ${body.note}`,
    );
  return toRequest((await repo.erasureRequest(db, studentId, requestId))!);
}

/** GET /schools/:id/erasure-requests: what waits for the school's decision. */
export async function schoolErasureRequests(
  deps: AppDeps,
  principal: Principal | null,
  schoolId: number,
): Promise<SchoolErasureRequests> {
  const { db } = deps.database;
  // A school that does not exist is refused like one outside the caller's scope: ids reveal nothing.
  const school = await repo.schoolChain(db, schoolId);
  authorizeSchoolErasureRequests(
    principal,
    school ? { schoolId, chainId: school.chain_id } : { schoolId: -1, chainId: null },
  );
  const rows = await repo.schoolPendingErasures(db, schoolId, 100);
  return {
    schoolId,
    requests: rows.map((r) => ({
      ...toRequest(r),
      studentId: r.student_id!,
      studentName: personName(r.student_first_name, r.student_last_name),
      grade: r.grade ?? null,
    })),
  };
}
