/**
 * Doubts (issue #26, "Doubts"; docs/DECISIONS.md "Doubts"): a student asks about a topic of their
 * grade, with a picture if they like; the teachers of their class and the school's principal answer;
 * the student is told (their home's card and /ask-doubts, from `answerSeen`). Access is decided in
 * policy/doubts.ts.
 */
import { personName, type Language } from '@ki/domain';
import {
  DOUBT_PICTURE_MAX_BYTES,
  DOUBTS_PAGE,
  DOUBTS_PER_HOUR,
  type AnswerDoubtBody,
  type AskDoubtBody,
  type Doubt,
  type DoubtsPage,
  type DoubtStatus,
  type MyDoubts,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../errors';
import type { UploadPart } from '../../lib/multipart-upload';
import { readPicture } from '../../lib/uploaded-file';
import {
  authorizeAnswerDoubt,
  authorizeDoubtPicture,
  authorizeSetDoubtPicture,
  authorizeStaffDoubts,
  canAnswerDoubt,
  doubtScope,
  type DoubtFacts,
} from '../../policy/doubts';
import { canStudentOpenContent, requireEnrolledStudent, type Principal } from '../../policy/policy';
import * as repo from './doubts.repository';

/** The student's own list: their latest doubts. */
const MINE = 100;

const nameIn = (names: Partial<Record<string, string>>, language: string) => names[language] ?? names.en ?? '';

const factsOf = (r: {
  student_id: number;
  school_id: number;
  chain_id: number | null;
  grade: number;
  subject_id: number;
  status: 'open' | 'answered';
}): DoubtFacts => ({
  studentId: r.student_id,
  schoolId: r.school_id,
  chainId: r.chain_id,
  grade: r.grade,
  subjectId: r.subject_id,
  status: r.status,
});

async function userLanguage(deps: AppDeps, userId: number): Promise<Language> {
  return (await repo.userLanguage(deps.database.db, userId)) ?? 'en';
}

/** Rows with their answers, as the contract has them; `viewer` decides the student and canAnswer fields. */
async function toDoubts(deps: AppDeps, rows: repo.DoubtRow[], viewer: Principal, language: Language): Promise<Doubt[]> {
  const answers = await repo.answersOf(
    deps.database.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    text: r.body,
    hasPicture: r.has_picture,
    askedAt: new Date(r.asked_at).toISOString(),
    subject: { slug: r.subject_slug, name: nameIn(r.subject_names, language), theme: r.subject_theme },
    chapter: { slug: r.chapter_slug, name: nameIn(r.chapter_names, language) },
    topic: { id: r.topic_id, slug: r.topic_slug, name: nameIn(r.topic_names, language) },
    student:
      viewer.role === 'student'
        ? null
        : { id: r.student_id, name: personName(r.first_name, r.last_name), grade: r.grade, section: r.section },
    answers: answers
      .filter((a) => a.doubt_id === r.id)
      .map((a) => ({
        id: a.id,
        text: a.body,
        by: a.first_name === null ? '' : personName(a.first_name, a.last_name ?? ''),
        at: new Date(a.created_at).toISOString(),
      })),
    answerSeen: r.answer_seen,
    canAnswer: viewer.role !== 'student' && canAnswerDoubt(viewer, factsOf(r)),
  }));
}

async function oneDoubt(deps: AppDeps, viewer: Principal, id: number): Promise<Doubt> {
  const rows = await repo.doubtById(deps.database.db, id);
  const [doubt] = await toDoubts(deps, rows, viewer, await userLanguage(deps, viewer.userId));
  if (!doubt) throw new AppError('INTERNAL', 'The doubt was saved but could not be read back');
  return doubt;
}

/** POST /doubts: a student's doubt about a topic of their grade. */
export async function askDoubt(deps: AppDeps, principal: Principal | null, body: AskDoubtBody): Promise<Doubt> {
  const p = requireEnrolledStudent(principal);
  const { db } = deps.database;
  const topic = await repo.topicFacts(db, body.topicId);
  if (!topic || !canStudentOpenContent(p, { boardId: topic.board_id, grade: topic.grade, published: topic.published }))
    throw notFound('Topic');
  const now = deps.clock();
  if ((await repo.askedSince(db, p.userId, new Date(now.getTime() - 3_600_000))) >= DOUBTS_PER_HOUR) {
    throw new AppError('RATE_LIMITED', 'You have asked many doubts in the last hour. Please wait a while.', {
      retryAfterSeconds: 600,
    });
  }
  const id = await repo.insertDoubt(db, {
    studentId: p.userId,
    schoolId: p.enrolment.schoolId,
    grade: p.enrolment.grade,
    section: p.enrolment.section,
    subjectId: topic.subject_id,
    chapterId: topic.chapter_id,
    topicId: topic.topic_id,
    body: body.text,
    at: now,
  });
  return oneDoubt(deps, p, id);
}

/** PUT /doubts/:id/picture: the student who asked adds a picture (multipart "file"), while no answer is given. */
export async function setDoubtPicture(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
  parts: () => AsyncIterable<UploadPart>,
): Promise<Doubt> {
  const { db } = deps.database;
  const row = await repo.doubtFacts(db, id);
  const p = authorizeSetDoubtPicture(principal, row && factsOf(row));
  const picture = await readPicture(parts, { maxBytes: DOUBT_PICTURE_MAX_BYTES, what: 'A picture' });
  await repo.setPicture(db, id, await deps.files.put(picture.bytes), picture.type);
  return oneDoubt(deps, p, id);
}

/** GET /doubts/:id/picture */
export async function doubtPicture(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
): Promise<{ bytes: Buffer; contentType: string }> {
  const row = await repo.doubtFacts(deps.database.db, id);
  authorizeDoubtPicture(principal, row && factsOf(row));
  const bytes = row?.picture_key ? await deps.files.get(row.picture_key) : null;
  if (!row?.picture_type || !bytes) throw notFound('Picture');
  return { bytes, contentType: row.picture_type };
}

/** GET /me/doubts */
export async function myDoubts(deps: AppDeps, principal: Principal | null): Promise<MyDoubts> {
  const p = requireEnrolledStudent(principal);
  const rows = await repo.studentDoubts(deps.database.db, p.userId, MINE);
  const doubts = await toDoubts(deps, rows, p, await userLanguage(deps, p.userId));
  return { doubts, unseenAnswers: doubts.filter((d) => !d.answerSeen).length };
}

/** POST /me/doubts/seen: the student has seen their answers. */
export async function markDoubtsSeen(deps: AppDeps, principal: Principal | null): Promise<void> {
  const p = requireEnrolledStudent(principal);
  await repo.markSeen(deps.database.db, p.userId);
}

/** GET /doubts: staff's doubts of one status, DOUBTS_PAGE a page. */
export async function staffDoubts(
  deps: AppDeps,
  principal: Principal | null,
  status: DoubtStatus,
  before: number | undefined,
): Promise<DoubtsPage> {
  const p = authorizeStaffDoubts(principal);
  const rows = await repo.scopeDoubts(deps.database.db, doubtScope(p), status, before, DOUBTS_PAGE + 1);
  const page = rows.slice(0, DOUBTS_PAGE);
  return {
    doubts: await toDoubts(deps, page, p, await userLanguage(deps, p.userId)),
    nextBefore: rows.length > DOUBTS_PAGE ? page.at(-1)!.id : null,
  };
}

/** POST /doubts/:id/answers */
export async function answerDoubt(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
  body: AnswerDoubtBody,
): Promise<Doubt> {
  const { db } = deps.database;
  const row = await repo.doubtFacts(db, id);
  const p = authorizeAnswerDoubt(principal, row && factsOf(row));
  await repo.insertAnswer(db, { doubtId: id, authorId: p.userId, body: body.text, at: deps.clock() });
  return oneDoubt(deps, p, id);
}
