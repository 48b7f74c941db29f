/**
 * Parent links (security issue #21; docs/DECISIONS.md "Parent links"). The principal of the
 * student's school (or the chain's super-admin) links and unlinks parents and decides the requests
 * teachers make; every link and unlink is recorded with who and when; the parents already linked are
 * told by SMS of a new one. Answers never tell what kind of account holds a number, and each staff
 * member may try at most PARENT_LINK_ATTEMPTS_PER_HOUR numbers an hour.
 */
import { maskMobile, personName } from '@ki/domain';
import type {
  DecideParentLinkResponse,
  LinkParentResponse,
  ParentLink,
  ParentLinkRequest,
  ParentLinkRequestResponse,
  SchoolParentRequestsResponse,
  StudentParentsResponse,
  UnlinkParentResponse,
} from '@ki/contracts';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { DB } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import {
  authorizeDecideLinkRequest,
  authorizeLinkParent,
  authorizeReadParentLinks,
  authorizeRequestParentLink,
  authorizeSchoolLinkRequests,
  authorizeStudent,
  authorizeUnlinkParent,
  parentLinkPermissions,
  type Principal,
} from '../../policy/policy';
import * as repo from './parent-links.repository';

/** Links and requests one staff member may attempt in a rolling hour, refused or not. */
export const PARENT_LINK_ATTEMPTS_PER_HOUR = 30;
/** Requests shown on a student's page (pending first). */
const REQUESTS_SHOWN = 20;
/** Pending requests listed for a school. */
const SCHOOL_REQUESTS_SHOWN = 200;
const HOUR_MS = 60 * 60 * 1000;
const ATTEMPT_BUCKET = 'parent-link';

interface Log {
  warn(obj: object, msg: string): void;
}

/** The one refusal for a number that cannot be linked, whatever account holds it. */
const refused = () =>
  new AppError(
    'PARENT_LINK_REFUSED',
    'This mobile number cannot be linked as a parent. Check the number, or ask the parent for another one.',
  );

const iso = (d: Date | string) => new Date(d).toISOString();

function toLink(r: repo.LinkRow): ParentLink {
  return {
    linkId: r.id,
    name: personName(r.first_name, r.last_name),
    mobile: r.mobile ? maskMobile(r.mobile) : '',
    linkedBy: r.linked_by,
    linkedAt: iso(r.created_at),
  };
}

function toRequest(r: repo.RequestRow): ParentLinkRequest {
  return {
    requestId: r.id,
    name: personName(r.first_name, r.last_name),
    mobile: maskMobile(r.mobile),
    status: r.status,
    requestedBy: r.requested_by,
    requestedAt: iso(r.requested_at),
    decidedBy: r.decided_by,
    decidedAt: r.decided_at === null ? null : iso(r.decided_at),
  };
}

/**
 * Counts one link attempt of a staff member, refused (429) past the hourly limit. Recorded outside
 * the link's transaction, so refused attempts count too: that is what stops probing numbers.
 */
async function countLinkAttempt(deps: AppDeps, userId: number, now: Date): Promise<void> {
  const { db } = deps.database;
  const key = `user:${userId}`;
  if (
    (await repo.attemptsSince(db, ATTEMPT_BUCKET, key, new Date(now.getTime() - HOUR_MS))) >=
    PARENT_LINK_ATTEMPTS_PER_HOUR
  ) {
    throw new AppError(
      'PARENT_LINK_RATE_LIMITED',
      `You have tried to link ${PARENT_LINK_ATTEMPTS_PER_HOUR} parents in the last hour. Please try again later.`,
    );
  }
  await repo.recordAttempt(db, ATTEMPT_BUCKET, key, now);
}

interface Made {
  link: ParentLink;
  /** When other parents were already linked: their numbers and the new parent's. */
  notice: { to: string[]; newMobile: string } | null;
}

/**
 * Links the parent holding `mobile` (a new parent account when nobody holds it) to the student.
 * A number held by any account that is not a parent is refused with one answer. Linking a parent
 * already linked changes nothing.
 */
async function makeLink(
  trx: Transaction<DB>,
  l: {
    studentId: number;
    mobile: string;
    firstName: string;
    lastName: string;
    by: number;
    at: Date;
    requestId: number | null;
  },
): Promise<Made> {
  const holder = await repo.userByMobile(trx, l.mobile);
  if (holder && holder.role !== 'parent') throw refused();
  const parentId = holder ? Number(holder.id) : await repo.createParent(trx, l);
  const linkId = await repo.insertLink(trx, {
    parentId,
    studentId: l.studentId,
    by: l.by,
    at: l.at,
    firstName: l.firstName,
    lastName: l.lastName,
  });
  if (linkId === undefined) {
    const [row] = await repo.linkedParents(trx, l.studentId, await repo.linkIdOf(trx, parentId, l.studentId));
    return { link: toLink(row!), notice: null };
  }
  await repo.logEvent(trx, {
    studentId: l.studentId,
    parentId,
    action: 'linked',
    by: l.by,
    at: l.at,
    requestId: l.requestId,
  });
  const [row] = await repo.linkedParents(trx, l.studentId, linkId);
  const others = await repo.otherParentMobiles(trx, l.studentId, parentId);
  return { link: toLink(row!), notice: others.length ? { to: others, newMobile: l.mobile } : null };
}

/** The SMS to parents already linked (after the link is committed; a failed send does not undo it). */
export function newParentNotice(newMobile: string, firstName: string, school: string): string {
  const masked = maskMobile(newMobile).replace(/•/g, '*');
  return `A new parent account (${masked}) was linked to ${firstName} at ${school}. If this is wrong, contact the school.`;
}

async function notifyParents(deps: AppDeps, studentId: number, made: Made, log?: Log): Promise<void> {
  if (!made.notice) return;
  const student = await repo.studentNotice(deps.database.db, studentId);
  if (!student) return;
  const message = newParentNotice(made.notice.newMobile, student.first_name, student.school_name);
  const sent = await Promise.allSettled(made.notice.to.map((to) => deps.sms.send(to, message)));
  const failed = sent.filter((s) => s.status === 'rejected').length;
  if (failed) log?.warn({ studentId, failed }, 'parent link notice: SMS not sent');
}

/** GET /students/:id/parents: the linked parents, the requests, and what the caller may do. */
export async function studentParents(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
): Promise<StudentParentsResponse> {
  const { principal: p, facts } = await authorizeStudent(
    deps.database.db,
    principal,
    studentId,
    authorizeReadParentLinks,
  );
  const { db } = deps.database;
  const [parents, requests] = await Promise.all([
    repo.linkedParents(db, studentId),
    repo.requestsOf(db, studentId, REQUESTS_SHOWN),
  ]);
  return {
    studentId,
    parents: parents.map(toLink),
    requests: requests.map(toRequest),
    ...parentLinkPermissions(p, facts),
  };
}

/** POST /students/:id/parents: the principal (or super-admin) links a parent by mobile number. */
export async function linkParent(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
  body: { mobile: string; firstName: string; lastName: string },
  log?: Log,
): Promise<LinkParentResponse> {
  const { principal: p } = await authorizeStudent(deps.database.db, principal, studentId, authorizeLinkParent);
  const at = deps.clock();
  await countLinkAttempt(deps, p.userId, at);
  const made = await deps.database.db
    .transaction()
    .execute((trx) => makeLink(trx, { studentId, ...body, by: p.userId, at, requestId: null }));
  await notifyParents(deps, studentId, made, log);
  return { studentId, link: made.link };
}

/**
 * POST /students/:id/parent-requests: a teacher asks for a link. Any valid number is accepted alike
 * (the number is checked when the principal approves), so a request tells the teacher nothing about
 * who holds it.
 */
export async function requestParentLink(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
  body: { mobile: string; firstName: string; lastName: string },
): Promise<ParentLinkRequestResponse> {
  const { principal: p } = await authorizeStudent(deps.database.db, principal, studentId, authorizeRequestParentLink);
  const at = deps.clock();
  await countLinkAttempt(deps, p.userId, at);
  const { db } = deps.database;
  const requestId = await db
    .transaction()
    .execute((trx) => repo.insertRequest(trx, { studentId, ...body, by: p.userId, at }));
  return { studentId, request: toRequest((await repo.requestById(db, studentId, requestId))!) };
}

/** POST /students/:id/parent-requests/:requestId/approve|reject: the principal (or super-admin) decides. */
export async function decideParentLinkRequest(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
  requestId: number,
  decision: 'approved' | 'rejected',
  log?: Log,
): Promise<DecideParentLinkResponse> {
  const { principal: p } = await authorizeStudent(deps.database.db, principal, studentId, authorizeDecideLinkRequest);
  const at = deps.clock();
  const { db } = deps.database;
  const made = await db.transaction().execute(async (trx) => {
    const request = await repo.lockRequest(trx, studentId, requestId);
    if (!request) throw notFound('Link request');
    if (request.status !== 'pending')
      throw new AppError('LINK_REQUEST_DECIDED', 'This request has already been decided');
    const result =
      decision === 'approved'
        ? await makeLink(trx, {
            studentId,
            mobile: request.mobile,
            firstName: request.first_name,
            lastName: request.last_name,
            by: p.userId,
            at,
            requestId,
          })
        : null;
    await repo.decideRequest(trx, requestId, { status: decision, by: p.userId, at });
    return result;
  });
  if (made) await notifyParents(deps, studentId, made, log);
  return {
    studentId,
    request: toRequest((await repo.requestById(db, studentId, requestId))!),
    link: made?.link ?? null,
  };
}

/** DELETE /students/:id/parents/:linkId: the principal (or super-admin) unlinks; the audit keeps who and when. */
export async function unlinkParent(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
  linkId: number,
): Promise<UnlinkParentResponse> {
  const { principal: p } = await authorizeStudent(deps.database.db, principal, studentId, authorizeUnlinkParent);
  const at = deps.clock();
  await deps.database.db.transaction().execute(async (trx) => {
    const parentId = await repo.deleteLink(trx, studentId, linkId);
    if (parentId === undefined) throw notFound('Parent link');
    await repo.logEvent(trx, { studentId, parentId, action: 'unlinked', by: p.userId, at, requestId: null });
  });
  return { studentId, linkId, unlinkedAt: at.toISOString() };
}

/** GET /schools/:id/parent-requests: a school's pending requests, for its principal (or super-admin). */
export async function schoolParentRequests(
  deps: AppDeps,
  principal: Principal | null,
  schoolId: number,
): Promise<SchoolParentRequestsResponse> {
  const { db } = deps.database;
  // A school that does not exist is refused like one outside the caller's scope: ids reveal nothing.
  const school = await repo.schoolOf(db, schoolId);
  authorizeSchoolLinkRequests(
    principal,
    school ? { schoolId, chainId: school.chain_id } : { schoolId: -1, chainId: null },
  );
  const rows = await repo.schoolPendingRequests(db, schoolId, SCHOOL_REQUESTS_SHOWN);
  return {
    schoolId,
    requests: rows.map((r) => ({
      ...toRequest(r),
      studentId: r.student_id,
      studentName: personName(r.student_first_name, r.student_last_name),
      grade: r.grade,
    })),
  };
}
