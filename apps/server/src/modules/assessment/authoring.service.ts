/**
 * Teachers' quizzes and tests (access-and-app-shell.md 2.8 "Teacher side", 3 "Quiz (teacher)", 5 "A
 * teacher quiz needs at least 4 questions", 6): write, edit, delete, publish and set them for
 * classes. Who may do what is policy/assessment-authoring.ts; the rules of the quiz itself are here.
 */
import type { Language } from '@ki/domain';
import {
  MIN_ASSESSMENT_QUESTIONS,
  type AssessmentDetail,
  type AssessmentInput,
  type AssessmentKind,
  type AssessmentListResponse,
  type AssessmentStatus,
  type AssessmentSummary,
  type AssignmentInput,
} from '@ki/contracts';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { DB } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import {
  assessmentListScope,
  authorizeAssignClass,
  authorizeCreateAssessment,
  authorizeEditAssessment,
  authorizeReadAssessment,
  authorizeRetarget,
  canEditAssessment,
  loadAssessmentFacts,
  type AssessmentFacts,
} from '../../policy/assessment-authoring';
import type { Principal } from '../../policy/policy';
import * as repo from './authoring.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The student's join page of a quiz or test: the link a teacher shares (spec 2.1). */
export const sharePath = (kind: AssessmentKind, id: number) => `/assessment/${kind}/${id}`;

const validation = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { issues: [{ in: 'body', path, message }] });

function toSummary(r: repo.AssessmentRow, p: Principal, facts: AssessmentFacts): AssessmentSummary {
  return {
    id: r.id,
    schoolId: r.school_id,
    kind: r.kind,
    name: r.name,
    description: r.description,
    imageId: r.image_id,
    boardId: r.board_id,
    boardName: r.board_name,
    grade: r.grade,
    subjectId: r.subject_id,
    subjectName: r.subject_name,
    durationMinutes: r.duration_minutes,
    status: r.status,
    questionCount: r.question_count,
    createdAt: iso(r.created_at),
    createdBy: r.creator_name,
    canEdit: canEditAssessment(p, facts),
    attemptCount: r.attempt_count,
  };
}

const factsOf = (r: repo.AssessmentRow, chainId: number | null): AssessmentFacts => ({
  assessmentId: r.id,
  schoolId: r.school_id,
  chainId,
  grade: r.grade,
  subjectId: r.subject_id,
  createdBy: r.created_by,
});

/** /quiz-listing: the quizzes the caller may see, newest first. */
export async function listAssessments(
  deps: AppDeps,
  principal: Principal | null,
  query: { status?: AssessmentStatus | undefined; kind?: AssessmentKind | undefined },
  language: Language,
): Promise<AssessmentListResponse> {
  const { db } = deps.database;
  const scope = await assessmentListScope(db, principal);
  const rows = await repo.listAssessments(db, scope, query, language);
  // canEdit is the policy's; a chain only matters to super-admins, who never edit.
  return { assessments: rows.map((r) => toSummary(r, principal!, factsOf(r, null))) };
}

async function detail(
  deps: AppDeps,
  p: Principal,
  facts: AssessmentFacts,
  language: Language,
): Promise<AssessmentDetail> {
  const { db } = deps.database;
  const row = await repo.findAssessment(db, facts.assessmentId, language);
  if (!row) throw notFound('Quiz');
  const [questions, assignments] = await Promise.all([repo.questionsOf(db, row.id), repo.assignmentsOf(db, row.id)]);
  return {
    ...toSummary(row, p, facts),
    questions: questions.map((q) => ({
      id: q.id,
      type: q.type,
      text: q.text,
      options: q.options,
      answer: q.answer,
      solution: q.solution,
      imageId: q.image_id,
    })),
    assignments: assignments.map((g) => ({
      id: g.id,
      schoolId: g.school_id,
      grade: g.grade,
      section: g.section,
      opensAt: iso(g.opens_at),
      closesAt: iso(g.closes_at),
      attemptCount: g.attempt_count,
    })),
    sharePath: sharePath(row.kind, row.id),
  };
}

/** /quiz-detail and the editor: the quiz with its questions, keys and assignments. */
export async function getAssessment(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
  language: Language,
): Promise<AssessmentDetail> {
  const facts = await loadAssessmentFacts(deps.database.db, id);
  const p = authorizeReadAssessment(principal, facts);
  return detail(deps, p, facts!, language);
}

/**
 * What the whole quiz must satisfy beyond its contract: the board is one the school teaches in
 * that grade, the subject has published chapters for that board and grade, and every picture is
 * one the teacher uploaded (or the quiz already shows).
 */
async function checkInput(
  db: Transaction<DB>,
  input: AssessmentInput,
  schoolId: number,
  userId: number,
  assessmentId: number | null,
): Promise<void> {
  if (!(await repo.schoolOffers(db, schoolId, input.boardId, input.grade)))
    throw validation('boardId', 'The school does not teach this board in this grade');
  if (!(await repo.subjectOffered(db, input.boardId, input.grade, input.subjectId)))
    throw validation('subjectId', 'This subject has no chapters for this board and grade');
  const wanted = [input.imageId, ...input.questions.map((q) => q.imageId)].filter((id): id is string => id !== null);
  const usable = await repo.usableImages(db, [...new Set(wanted)], userId, assessmentId);
  if (input.imageId !== null && !usable.has(input.imageId)) throw validation('imageId', 'Upload the image first');
  const bad = input.questions.findIndex((q) => q.imageId !== null && !usable.has(q.imageId));
  if (bad >= 0) throw validation(`questions.${bad}.imageId`, 'Upload the image first');
}

const values = (input: AssessmentInput): repo.AssessmentValues => ({
  kind: input.kind,
  name: input.name,
  description: input.description,
  imageId: input.imageId,
  boardId: input.boardId,
  grade: input.grade,
  subjectId: input.subjectId,
  durationMinutes: input.durationMinutes,
});

/** /create-quiz: a new draft with its questions in order (201). */
export async function createAssessment(
  deps: AppDeps,
  principal: Principal | null,
  input: AssessmentInput,
  language: Language,
): Promise<AssessmentDetail> {
  const { principal: p, schoolId } = authorizeCreateAssessment(principal, input);
  const at = deps.clock();
  const id = await deps.database.db.transaction().execute(async (trx) => {
    await checkInput(trx, input, schoolId, p.userId, null);
    const newId = await repo.insertAssessment(trx, { ...values(input), schoolId, createdBy: p.userId, at });
    await repo.replaceQuestions(trx, newId, input.questions);
    return newId;
  });
  const facts = await loadAssessmentFacts(deps.database.db, id);
  return detail(deps, p, facts!, language);
}

/**
 * The editor's save: the whole quiz replaces the old one. Refused once anyone has started it
 * (ASSESSMENT_HAS_ATTEMPTS: its reports would mix two versions); a published quiz keeps at least
 * MIN_ASSESSMENT_QUESTIONS. The school stays; grade and subject may change within the teacher's classes.
 */
export async function updateAssessment(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
  input: AssessmentInput,
  language: Language,
): Promise<AssessmentDetail> {
  const facts = await loadAssessmentFacts(deps.database.db, id);
  const p = authorizeEditAssessment(principal, facts);
  if (input.schoolId !== undefined && input.schoolId !== facts!.schoolId)
    throw validation('schoolId', 'A quiz stays with its school');
  authorizeRetarget(p, facts!, input);
  await deps.database.db.transaction().execute(async (trx) => {
    const state = await repo.lockAssessment(trx, id);
    if (!state) throw notFound('Quiz');
    if ((await repo.attemptCount(trx, id)) > 0)
      throw new AppError('ASSESSMENT_HAS_ATTEMPTS', 'Students have started this quiz: it can no longer be edited');
    if (state.status === 'published' && input.questions.length < MIN_ASSESSMENT_QUESTIONS)
      throw new AppError('NOT_ENOUGH_QUESTIONS', 'Add Atleast 4 Questions');
    await checkInput(trx, input, facts!.schoolId, p.userId, id);
    await repo.updateAssessment(trx, id, { ...values(input), at: deps.clock() });
    await repo.replaceQuestions(trx, id, input.questions);
  });
  return detail(deps, p, (await loadAssessmentFacts(deps.database.db, id))!, language);
}

/** Delete (after the web's confirmation): the quiz leaves every list; its attempts and reports stay. */
export async function deleteAssessment(deps: AppDeps, principal: Principal | null, id: number): Promise<void> {
  const facts = await loadAssessmentFacts(deps.database.db, id);
  authorizeEditAssessment(principal, facts);
  await deps.database.db.transaction().execute(async (trx) => {
    if (!(await repo.lockAssessment(trx, id))) throw notFound('Quiz');
    await repo.markDeleted(trx, id, deps.clock());
  });
}

/** Publish: at least MIN_ASSESSMENT_QUESTIONS questions ('Add Atleast 4 Questions'); publishing twice changes nothing. */
export async function publishAssessment(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
  language: Language,
): Promise<AssessmentDetail> {
  const facts = await loadAssessmentFacts(deps.database.db, id);
  const p = authorizeEditAssessment(principal, facts);
  await deps.database.db.transaction().execute(async (trx) => {
    const state = await repo.lockAssessment(trx, id);
    if (!state) throw notFound('Quiz');
    if (state.status === 'published') return;
    if ((await repo.questionCount(trx, id)) < MIN_ASSESSMENT_QUESTIONS)
      throw new AppError('NOT_ENOUGH_QUESTIONS', 'Add Atleast 4 Questions');
    await repo.markPublished(trx, id, deps.clock());
  });
  return detail(deps, p, facts!, language);
}

/**
 * Sets a published quiz for a class (a section, or every section, of its school and grade) between
 * two instants. It must close in the future: a window already over could never be taken.
 */
export async function assignAssessment(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
  input: AssignmentInput,
  language: Language,
): Promise<AssessmentDetail> {
  const facts = await loadAssessmentFacts(deps.database.db, id);
  const p = authorizeEditAssessment(principal, facts);
  authorizeAssignClass(p, facts!, input);
  const now = deps.clock();
  const opensAt = new Date(input.opensAt);
  const closesAt = new Date(input.closesAt);
  if (closesAt <= now) throw validation('closesAt', 'The closing time has already passed');
  await deps.database.db.transaction().execute(async (trx) => {
    const state = await repo.lockAssessment(trx, id);
    if (!state) throw notFound('Quiz');
    if (state.status !== 'published')
      throw new AppError('ASSESSMENT_NOT_PUBLISHED', 'Publish the quiz before setting it for a class');
    await repo.insertAssignment(trx, {
      assessmentId: id,
      schoolId: input.schoolId,
      grade: input.grade,
      section: input.section,
      opensAt,
      closesAt,
      by: p.userId,
      at: now,
    });
  });
  return detail(deps, p, facts!, language);
}

/** Takes a quiz back from a class, only before any student has started it (ASSESSMENT_HAS_ATTEMPTS). */
export async function unassignAssessment(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
  assignmentId: number,
): Promise<void> {
  const facts = await loadAssessmentFacts(deps.database.db, id);
  authorizeEditAssessment(principal, facts);
  await deps.database.db.transaction().execute(async (trx) => {
    if (!(await repo.lockAssessment(trx, id))) throw notFound('Quiz');
    if (!(await repo.lockAssignment(trx, id, assignmentId))) throw notFound('Assignment');
    if ((await repo.assignmentAttemptCount(trx, assignmentId)) > 0) {
      throw new AppError(
        'ASSESSMENT_HAS_ATTEMPTS',
        'Students have started this quiz in this class: it can no longer be taken back',
      );
    }
    await repo.deleteAssignment(trx, assignmentId);
  });
}

/** A quiz's questions in order, with their keys, for the live challenge a teacher hosts (access decided by the caller). */
export async function quizQuestionsWithKeys(deps: AppDeps, assessmentId: number) {
  return repo.questionsOf(deps.database.db, assessmentId);
}
