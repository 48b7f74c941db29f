/**
 * School notices (issue #26, "Broadcasts"; docs/DECISIONS.md "Broadcasts"): staff post to grades of
 * their school, students of those grades and their parents read them, the sender sees read counts.
 * Access is decided in policy/broadcasts.ts.
 */
import { personName } from '@ki/domain';
import {
  BROADCAST_PICTURE_MAX_BYTES,
  type Broadcast,
  type CreateBroadcastBodySchema,
  type MyBroadcasts,
  type SchoolBroadcasts,
  type StaffBroadcast,
} from '@ki/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../errors';
import type { UploadPart } from '../../lib/multipart-upload';
import { readPicture } from '../../lib/uploaded-file';
import {
  authorizeDeleteBroadcast,
  authorizePostBroadcast,
  authorizeReadBroadcast,
  authorizeSchoolBroadcasts,
  broadcastReaderClasses,
  canDeleteBroadcast,
  postableGrades,
  staffSeesBroadcast,
  type BroadcastFacts,
} from '../../policy/broadcasts';
import { requireUser, type Principal } from '../../policy/policy';
import * as repo from './broadcasts.repository';

/** Notices one member of staff may post in an hour. */
export const BROADCASTS_PER_HOUR = 20;
const LISTED = 50;
const FEED = 30;

/** A school that does not exist is refused like one outside the caller's scope (403): ids reveal nothing. */
async function school(deps: AppDeps, schoolId: number) {
  return (
    (await repo.schoolFacts(deps.database.db, schoolId)) ?? { schoolId: -1, chainId: null, grades: [] as number[] }
  );
}

const toBroadcast = (r: {
  id: number;
  school_id: number;
  grades: number[];
  title: string;
  body: string;
  link_url: string | null;
  created_at: Date;
  has_picture: boolean;
  first_name: string | null;
  last_name: string | null;
}): Broadcast => ({
  id: r.id,
  schoolId: r.school_id,
  title: r.title,
  body: r.body,
  linkUrl: r.link_url,
  hasPicture: r.has_picture,
  grades: r.grades,
  author: r.first_name === null ? '' : personName(r.first_name, r.last_name ?? ''),
  createdAt: r.created_at.toISOString(),
});

/** GET /schools/:id/broadcasts */
export async function schoolBroadcasts(
  deps: AppDeps,
  principal: Principal | null,
  schoolId: number,
): Promise<SchoolBroadcasts> {
  const s = await school(deps, schoolId);
  const p = authorizeSchoolBroadcasts(principal, s);
  const rows = await repo.schoolBroadcasts(deps.database.db, schoolId, LISTED * 2);
  const facts = (r: (typeof rows)[number]): BroadcastFacts => ({
    schoolId: r.school_id,
    chainId: r.chain_id,
    authorId: r.author_id,
    grades: r.grades,
  });
  return {
    schoolId,
    grades: postableGrades(p, s, s.grades) ?? [],
    broadcasts: rows
      .filter((r) => staffSeesBroadcast(p, facts(r)))
      .slice(0, LISTED)
      .map((r): StaffBroadcast => ({
        ...toBroadcast(r),
        students: r.students,
        studentsRead: r.students_read,
        parentsRead: r.parents_read,
        canDelete: canDeleteBroadcast(p, facts(r)),
      })),
  };
}

/** POST /schools/:id/broadcasts */
export async function postBroadcast(
  deps: AppDeps,
  principal: Principal | null,
  schoolId: number,
  body: z.output<typeof CreateBroadcastBodySchema>,
): Promise<StaffBroadcast> {
  const s = await school(deps, schoolId);
  const p = authorizePostBroadcast(principal, s, s.grades, body.grades);
  const { db } = deps.database;
  const now = deps.clock();
  if ((await repo.postedSince(db, p.userId, new Date(now.getTime() - 3_600_000))) >= BROADCASTS_PER_HOUR) {
    throw new AppError('RATE_LIMITED', 'You have posted many notices in the last hour. Please wait a while.', {
      retryAfterSeconds: 600,
    });
  }
  const id = await repo.insertBroadcast(db, {
    schoolId,
    authorId: p.userId,
    grades: body.grades,
    title: body.title,
    body: body.body,
    linkUrl: body.linkUrl,
    at: now,
  });
  const posted = (await schoolBroadcasts(deps, p, schoolId)).broadcasts.find((b) => b.id === id);
  if (!posted) throw new AppError('INTERNAL', 'The notice was saved but could not be read back');
  return posted;
}

const factsOfRow = (row: {
  school_id: number;
  chain_id: number | null;
  author_id: number | null;
  grades: number[];
}): BroadcastFacts => ({
  schoolId: row.school_id,
  chainId: row.chain_id,
  authorId: row.author_id,
  grades: row.grades,
});

/** PUT /broadcasts/:id/picture: its author or the school's authority adds (or replaces) the picture (multipart "file"). */
export async function setBroadcastPicture(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
  parts: () => AsyncIterable<UploadPart>,
): Promise<StaffBroadcast> {
  const { db } = deps.database;
  const row = await repo.broadcastFacts(db, id);
  const p = authorizeDeleteBroadcast(principal, row && factsOfRow(row));
  const picture = await readPicture(parts, { maxBytes: BROADCAST_PICTURE_MAX_BYTES, what: 'A picture' });
  await repo.setPicture(db, id, await deps.files.put(picture.bytes), picture.type);
  const changed = (await schoolBroadcasts(deps, p, row!.school_id)).broadcasts.find((b) => b.id === id);
  if (!changed) throw new AppError('INTERNAL', 'The picture was saved but the notice could not be read back');
  return changed;
}

/** GET /broadcasts/:id/picture: to the staff who see the notice and the students and parents it is for. */
export async function broadcastPicture(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
): Promise<{ bytes: Buffer; contentType: string }> {
  const row = await repo.broadcastFacts(deps.database.db, id);
  const facts = row && factsOfRow(row);
  const p = requireUser(principal);
  if (p.role === 'student' || p.role === 'parent') authorizeReadBroadcast(await readerClasses(deps, p), facts);
  else if (!facts || !staffSeesBroadcast(p, facts)) throw notFound('Notice');
  const bytes = row?.picture_key ? await deps.files.get(row.picture_key) : null;
  if (!row?.picture_type || !bytes) throw notFound('Picture');
  return { bytes, contentType: row.picture_type };
}

/** DELETE /broadcasts/:id */
export async function deleteBroadcast(deps: AppDeps, principal: Principal | null, id: number): Promise<void> {
  const row = await repo.broadcastFacts(deps.database.db, id);
  authorizeDeleteBroadcast(
    principal,
    row && { schoolId: row.school_id, chainId: row.chain_id, authorId: row.author_id, grades: row.grades },
  );
  await repo.deleteBroadcast(deps.database.db, id);
}

async function readerClasses(deps: AppDeps, principal: Principal | null) {
  const children = principal?.role === 'parent' ? await repo.childrenClasses(deps.database.db, principal.userId) : [];
  return broadcastReaderClasses(principal, children);
}

/** GET /me/broadcasts: a student's or parent's notices, newest first. */
export async function myBroadcasts(deps: AppDeps, principal: Principal | null): Promise<MyBroadcasts> {
  const classes = await readerClasses(deps, principal);
  const rows = await repo.feed(deps.database.db, principal!.userId, classes, FEED);
  const broadcasts = rows.map((r) => ({
    ...toBroadcast(r),
    read: r.read,
    children: [
      ...new Set(
        classes
          .filter((c) => c.child !== null && c.schoolId === r.school_id && r.grades.includes(c.grade))
          .map((c) => c.child!),
      ),
    ],
  }));
  return { broadcasts, unread: broadcasts.filter((b) => !b.read).length };
}

/** POST /broadcasts/:id/read */
export async function markBroadcastRead(deps: AppDeps, principal: Principal | null, id: number): Promise<void> {
  const classes = await readerClasses(deps, principal);
  const row = await repo.broadcastFacts(deps.database.db, id);
  authorizeReadBroadcast(
    classes,
    row && { schoolId: row.school_id, chainId: row.chain_id, authorId: row.author_id, grades: row.grades },
  );
  await repo.markRead(deps.database.db, id, principal!.userId, deps.clock());
}
