/**
 * A student's attempts (issue #23; access-and-app-shell.md 2.8, 3, 4.9; scoring-and-metrics.md
 * "Practice, tests and challenges"): the quizzes home, practice from the question bank, assigned
 * quizzes and tests, and everything done inside an attempt. The attempt lives on the server and
 * every answer is the whole attempt with the server's clock. Every write locks the attempt's row
 * (select ... for update) in a transaction, so two requests on one attempt take turns: a double
 * submit finishes it once and writes one learning record. The rules are in attempt-rules.ts, the
 * access decisions in policy/assessment-attempts.ts; docs/DECISIONS.md "Assessment" says why.
 */
import { randomUUID } from 'node:crypto';
import type {
  AnswerInput,
  AssessmentHome,
  Attempt,
  AssessmentKind,
  FinishReason,
  JoinInfo,
  PowerUp,
} from '@ki/contracts';
import { DEADLINE_GRACE_SECONDS, TIMER_TEST_BONUS_SECONDS } from '@ki/contracts';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { DB, LanguageMap } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import {
  authorizeAssessmentStudent,
  canOpenAttempt,
  canSeeJoinPage,
  canTakeAssignment,
  classOf,
  type AssessmentStudent,
} from '../../policy/assessment-attempts';
import type { Principal } from '../../policy/policy';
import {
  answerSeconds,
  assignedDeadline,
  assignmentState,
  checkAnswer,
  correctness,
  fiftyFiftyApplies,
  fiftyFiftyRemoval,
  isPastGrace,
  marksAtFinish,
  practiceQuestionCount,
  practiceSeconds,
  practiceSize,
  presentAttempt,
  questionMaxMarks,
  quizAnswerMarks,
  totalMarks,
  type AnswerState,
  type AttemptState,
} from './attempt-rules';
import { storeAttemptRecord } from '../records/records.service';
import * as repo from './attempts.repository';

type Deps = Pick<AppDeps, 'database' | 'clock'>;
type Trx = Transaction<DB>;

/** Finished attempts the quizzes home lists. */
const RECENT_ATTEMPTS = 20;
/** Assignments the home lists: closing in the future, or closed within this many days. */
const CLOSED_SHOWN_DAYS = 14;
const DAY_MS = 24 * 3_600_000;
/** Overdue attempts the housekeeping finishes per statement round. */
const OVERDUE_BATCH = 200;

// Rows to rule states ------------------------------------------------------------------------------

const nameIn = (names: LanguageMap | Partial<Record<string, string>>, language: string) =>
  (names as Record<string, string | undefined>)[language] ?? names.en ?? '';

function toState(row: repo.AttemptRow): AttemptState {
  return {
    id: row.id,
    kind: row.kind,
    startedAt: new Date(row.started_at),
    deadlineAt: new Date(row.deadline_at),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
    finishReason: row.finish_reason,
    timerPosition: row.timer_position,
    timerUsedAt: row.timer_used_at === null ? null : new Date(row.timer_used_at),
    fiftyPosition: row.fifty_position,
    marks: row.marks,
    maxMarks: row.max_marks,
  };
}

const dateOrNull = (d: Date | string | null) => (d === null ? null : new Date(d));

function toAnswer(r: repo.AnswerRow): AnswerState {
  return {
    position: r.position,
    type: r.type,
    text: r.text,
    options: r.options,
    answer: r.answer,
    solution: r.solution,
    imageId: r.image_id,
    removedOptions: r.removed_options,
    servedAt: dateOrNull(r.served_at),
    answeredAt: dateOrNull(r.answered_at),
    chosen: r.chosen,
    textAnswer: r.text_answer,
    correct: r.correct,
    marks: r.marks,
    review: r.review,
    bookmarked: r.bookmarked,
    markedAt: dateOrNull(r.marked_at),
    comment: r.comment,
  };
}

/** A loaded attempt: its row (for names and placement), its rule state and its questions. */
interface Loaded {
  row: repo.AttemptRow;
  state: AttemptState;
  answers: AnswerState[];
}

function present(loaded: Loaded, now: Date): Attempt {
  const { row } = loaded;
  const subjectName = nameIn(row.subject_names, row.language ?? 'en');
  return presentAttempt(
    loaded.state,
    loaded.answers,
    {
      name: row.assessment_name ?? subjectName,
      mode: row.assessment_id === null ? 'practice' : 'assigned',
      subject: { id: row.subject_id, slug: row.subject_slug, name: subjectName },
    },
    now,
  );
}

// Finishing ----------------------------------------------------------------------------------------

/**
 * Finishes a locked attempt: marks every question (attempt-rules.ts marksAtFinish), sums them and,
 * unless aborted, writes the learning record, all in the caller's transaction. An attempt whose time
 * ran out finishes when it did (its deadline, or its last answer within the grace), whenever that is
 * noticed; an aborted one keeps no marks and writes no record.
 */
async function finishLocked(trx: Trx, loaded: Loaded, reason: FinishReason, now: Date): Promise<void> {
  const { state, answers, row } = loaded;
  const lastAnswer = Math.max(0, ...answers.map((a) => a.answeredAt?.getTime() ?? 0));
  const finishedAt =
    reason === 'time_up' ? new Date(Math.min(now.getTime(), Math.max(state.deadlineAt.getTime(), lastAnswer))) : now;
  let marks: number | null = null;
  let recordId: string | null = null;
  if (reason !== 'aborted') {
    const perQuestion = marksAtFinish(state.kind, answers);
    await repo.setAnswerMarks(trx, state.id, perQuestion);
    for (const m of perQuestion) answers[m.position - 1]!.marks = m.marks;
    marks = totalMarks(perQuestion);
    // The learning record, in this transaction: the attempt is finished exactly when its record exists.
    recordId = await storeAttemptRecord(trx, {
      attemptId: state.id,
      studentId: row.student_id,
      schoolId: row.school_id,
      boardId: row.board_id,
      grade: row.grade,
      subjectId: row.subject_id,
      kind: state.kind,
      startedAt: state.startedAt,
      finishedAt,
      marks,
      answers: answers.map((a) => {
        const answered = a.answeredAt !== null;
        const timerHere = state.kind === 'quiz' && state.timerPosition === a.position;
        return {
          questionRef: a.position,
          chosen: answered ? a.chosen : null,
          seconds: answered && a.servedAt !== null ? answerSeconds(a.servedAt, a.answeredAt!, timerHere) : 0,
          correct: a.type === 'open_ended' ? null : answered && a.correct === true,
          autoMarked: a.type !== 'open_ended',
        };
      }),
    });
  }
  await repo.updateAttempt(trx, state.id, {
    finished_at: finishedAt,
    finish_reason: reason,
    marks,
    record_id: recordId,
  });
  Object.assign(state, { finishedAt, finishReason: reason, marks });
}

/**
 * Runs `action` on the caller's own open attempt under its row lock and answers the whole attempt.
 * Another student's attempt, or none, is not found; a finished one refuses (ATTEMPT_FINISHED) unless
 * `whenFinished` says to show it. An attempt past its deadline and grace is finished as time_up and
 * committed first, then the request is refused with TIME_UP (or, `whenTimeUp: 'show'`, answered
 * with the finished attempt).
 */
async function withLockedAttempt(
  deps: Deps,
  student: AssessmentStudent,
  attemptId: string,
  opts: { whenFinished: 'refuse' | 'show'; whenTimeUp: 'refuse' | 'show' },
  action: (trx: Trx, loaded: Loaded, now: Date) => Promise<void>,
): Promise<Attempt> {
  const now = deps.clock();
  const outcome = await deps.database.db.transaction().execute(async (trx) => {
    const row = await repo.findAttempt(trx, attemptId, { lock: true });
    if (!row || !canOpenAttempt(student, { studentId: row.student_id })) throw notFound('Attempt');
    const loaded: Loaded = {
      row,
      state: toState(row),
      answers: (await repo.findAnswers(trx, attemptId)).map(toAnswer),
    };
    if (loaded.state.finishedAt !== null) {
      if (opts.whenFinished === 'refuse') throw new AppError('ATTEMPT_FINISHED', 'This attempt is already finished');
      return { loaded, timeUp: false };
    }
    if (isPastGrace(loaded.state.deadlineAt, now)) {
      await finishLocked(trx, loaded, 'time_up', now);
      return { loaded, timeUp: true };
    }
    await action(trx, loaded, now);
    return { loaded, timeUp: false };
  });
  // Outside the transaction, so the finish above is committed although this request is refused.
  if (outcome.timeUp && opts.whenTimeUp === 'refuse')
    throw new AppError('TIME_UP', 'The time for this attempt is up; it has been submitted', { attemptId });
  return present(outcome.loaded, now);
}

/** Finishes one attempt as time_up if it is still open and past its deadline and grace at `now` (idempotent). */
async function finishIfOverdue(deps: Deps, attemptId: string, now: Date): Promise<boolean> {
  return deps.database.db.transaction().execute(async (trx) => {
    const row = await repo.findAttempt(trx, attemptId, { lock: true });
    if (!row || row.finished_at !== null || !isPastGrace(new Date(row.deadline_at), now)) return false;
    const loaded: Loaded = {
      row,
      state: toState(row),
      answers: (await repo.findAnswers(trx, attemptId)).map(toAnswer),
    };
    await finishLocked(trx, loaded, 'time_up', now);
    return true;
  });
}

/** The student's open attempt after finishing it if its time is up (null when none is open then). */
async function openAttemptOf(deps: Deps, studentId: number, now: Date) {
  const open = await repo.findOpenAttemptId(deps.database.db, studentId);
  if (open && isPastGrace(new Date(open.deadline_at), now) && (await finishIfOverdue(deps, open.id, now))) return null;
  return open;
}

/**
 * Finishes every attempt nobody came back to after its time was up (the hourly housekeeping), as
 * time_up with its marks and learning record. Returns how many it finished.
 */
export async function finishOverdueAttempts(deps: Deps, now: Date): Promise<number> {
  let finished = 0;
  // isPastGrace: deadline + grace < now.
  const before = new Date(now.getTime() - DEADLINE_GRACE_SECONDS * 1000);
  for (;;) {
    const ids = await repo.findOverdueAttemptIds(deps.database.db, before, OVERDUE_BATCH);
    let progressed = false;
    for (const id of ids) {
      if (await finishIfOverdue(deps, id, now)) {
        finished += 1;
        progressed = true;
      }
    }
    if (ids.length < OVERDUE_BATCH || !progressed) return finished;
  }
}

// Reading ------------------------------------------------------------------------------------------

/** GET /assessment/attempts/:id: the student's own attempt (finished as time_up first when its time is up). */
export async function readAttempt(deps: Deps, principal: Principal | null, attemptId: string): Promise<Attempt> {
  const student = authorizeAssessmentStudent(principal);
  const now = deps.clock();
  const { db } = deps.database;
  const row = await repo.findAttempt(db, attemptId, { lock: false });
  if (!row || !canOpenAttempt(student, { studentId: row.student_id })) throw notFound('Attempt');
  if (row.finished_at === null && isPastGrace(new Date(row.deadline_at), now))
    return withLockedAttempt(deps, student, attemptId, { whenFinished: 'show', whenTimeUp: 'show' }, async () => {});
  return present({ row, state: toState(row), answers: (await repo.findAnswers(db, attemptId)).map(toAnswer) }, now);
}

/** GET /assessment/home: subjects with their banks, the class's assignments, the open attempt, recent results. */
export async function assessmentHome(deps: Deps, principal: Principal | null): Promise<AssessmentHome> {
  const student = authorizeAssessmentStudent(principal);
  const cls = classOf(student);
  const now = deps.clock();
  const { db } = deps.database;
  const open = await openAttemptOf(deps, student.userId, now);
  const language = await repo.findUserLanguage(db, student.userId);
  const [subjects, assignments, recent, openRow] = await Promise.all([
    repo.practiceSubjects(db, cls.boardId, cls.grade, language),
    repo.classAssignments(db, cls, student.userId, language, {
      closingAfter: new Date(now.getTime() - CLOSED_SHOWN_DAYS * DAY_MS),
      limit: 50,
    }),
    repo.recentAttempts(db, student.userId, language, RECENT_ATTEMPTS),
    open ? repo.findAttempt(db, open.id, { lock: false }) : Promise.resolve(undefined),
  ]);
  const order = { started: 0, open: 1, not_open: 2, finished: 3, closed: 4 } as const;
  return {
    subjects: subjects.map((s) => ({
      id: s.id,
      slug: s.slug,
      name: s.name,
      theme: s.theme,
      quizQuestions: Number(s.bank),
    })),
    assigned: assignments
      .map((g) => assignedItem(g, now))
      .sort(
        (a, b) =>
          order[a.state] - order[b.state] ||
          Date.parse(a.closesAt) - Date.parse(b.closesAt) ||
          a.assignmentId - b.assignmentId,
      ),
    openAttempt: openRow
      ? {
          id: openRow.id,
          name: openRow.assessment_name ?? nameIn(openRow.subject_names, language),
          kind: openRow.kind,
          mode: openRow.assessment_id === null ? 'practice' : 'assigned',
          deadlineAt: new Date(openRow.deadline_at).toISOString(),
        }
      : null,
    recent: recent.map((r) => ({
      id: r.id,
      name: r.assessment_name ?? r.subject_name,
      kind: r.kind,
      mode: r.assessment_id === null ? 'practice' : 'assigned',
      finishedAt: new Date(r.finished_at!).toISOString(),
      marks: r.marks,
      maxMarks: r.max_marks,
      awaitingMarking: Number(r.awaiting ?? 0),
    })),
  };
}

function assignedItem(
  g: Awaited<ReturnType<typeof repo.classAssignments>>[number],
  now: Date,
): AssessmentHome['assigned'][number] {
  const opensAt = new Date(g.opens_at);
  const closesAt = new Date(g.closes_at);
  const attempt = g.attempt_id === null ? null : { finishedAt: dateOrNull(g.attempt_finished_at) };
  return {
    assignmentId: g.assignment_id,
    assessmentId: g.assessment_id,
    kind: g.kind,
    name: g.name,
    description: g.description,
    imageId: g.image_id,
    subjectName: g.subject_name,
    questionCount: Number(g.question_count ?? 0),
    durationMinutes: g.duration_minutes,
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    state: assignmentState({ opensAt, closesAt }, attempt, now),
    attemptId: g.attempt_id,
  };
}

/**
 * GET /assessment/join/:assessmentId: a shared quiz's join page. A published quiz of the student's
 * school, board and grade; its assignment to their class, if any (the one they started, else the one
 * open now, else the next to open, else the last closed), else null ('not set for your class').
 */
export async function joinInfo(deps: Deps, principal: Principal | null, assessmentId: number): Promise<JoinInfo> {
  const student = authorizeAssessmentStudent(principal);
  const cls = classOf(student);
  const now = deps.clock();
  const { db } = deps.database;
  const language = await repo.findUserLanguage(db, student.userId);
  const m = await repo.findAssessmentForJoin(db, assessmentId, language);
  if (
    !m ||
    !canSeeJoinPage(student, {
      schoolId: m.school_id,
      boardId: m.board_id,
      grade: m.grade,
      published: m.status === 'published',
      deleted: m.deleted_at !== null,
    })
  )
    throw notFound('Quiz');
  await openAttemptOf(deps, student.userId, now);
  const items = (
    await repo.classAssignments(db, cls, student.userId, language, {
      closingAfter: new Date(0),
      assessmentId,
      limit: 50,
    })
  ).map((g) => assignedItem(g, now));
  const pick =
    items.find((i) => i.attemptId !== null) ??
    items.find((i) => i.state === 'open') ??
    items.filter((i) => i.state === 'not_open').sort((a, b) => Date.parse(a.opensAt) - Date.parse(b.opensAt))[0] ??
    items.at(-1) ??
    null;
  return {
    assessmentId: m.id,
    kind: m.kind,
    name: m.name,
    description: m.description,
    imageId: m.image_id,
    subjectName: m.subject_name,
    questionCount: Number(m.question_count ?? 0),
    durationMinutes: m.duration_minutes,
    assignment: pick,
  };
}

// Starting -----------------------------------------------------------------------------------------

/** The open attempt as a refusal that names it (the page offers to resume or abort it). */
async function attemptOpenError(deps: Deps, studentId: number): Promise<AppError> {
  const open = await repo.findOpenAttemptId(deps.database.db, studentId);
  return new AppError('ATTEMPT_OPEN', 'You have an attempt in progress: resume it or abort it first', {
    attemptId: open?.id ?? null,
  });
}

/**
 * POST /assessment/practice: a practice quiz or test of one of the student's subjects, drawn at
 * random from its published auto-marked questions in the student's language (English when a question
 * has no translation). 201 with the new attempt.
 */
export async function startPractice(
  deps: Deps,
  principal: Principal | null,
  input: { kind: AssessmentKind; subjectId: number },
): Promise<Attempt> {
  const student = authorizeAssessmentStudent(principal);
  const cls = classOf(student);
  const now = deps.clock();
  const { db } = deps.database;
  if (!(await repo.findPracticeSubject(db, input.subjectId, cls.boardId, cls.grade))) throw notFound('Subject');
  if (await openAttemptOf(deps, student.userId, now)) throw await attemptOpenError(deps, student.userId);
  const language = await repo.findUserLanguage(db, student.userId);
  const drawn = (
    await repo.drawBankQuestions(db, input.subjectId, cls.boardId, cls.grade, practiceSize(input.kind).questions)
  ).flatMap((q) => {
    const content = q.content[language] ?? q.content.en;
    return content ? [{ ...q, content }] : [];
  });
  const count = practiceQuestionCount(input.kind, drawn.length);
  if (count === null)
    throw new AppError('NO_QUESTION_BANK', 'This subject does not have enough questions to practise yet', {
      available: drawn.length,
    });
  const questions = drawn.slice(0, count);
  const attemptId = randomUUID();
  return createAttempt(deps, student, now, {
    attempt: {
      id: attemptId,
      subject_id: input.subjectId,
      kind: input.kind,
      assessment_id: null,
      assignment_id: null,
      deadline_at: new Date(now.getTime() + practiceSeconds(input.kind, count) * 1000),
    },
    answers: async () =>
      questions.map((q, i) => ({
        attempt_id: attemptId,
        position: i + 1,
        bank_question_id: q.id,
        assessment_question_id: null,
        type: q.type,
        text: q.content.text,
        options: q.content.options,
        answer: q.answer,
        solution: q.content.solution,
        image_id: null,
      })),
  });
}

type NewAttempt = {
  attempt: {
    id: string;
    subject_id: number;
    kind: AssessmentKind;
    assessment_id: number | null;
    assignment_id: number | null;
    deadline_at: Date;
  };
  /**
   * The questions to freeze, read inside the attempt's transaction: an assigned quiz's are read
   * under a share lock on the quiz, so a teacher's edit (which locks it for update and refuses once
   * an attempt exists) either finishes before the student starts or waits and is refused.
   */
  answers: (trx: Transaction<DB>) => Promise<Parameters<typeof repo.insertAnswers>[1]>;
};

/** Inserts the attempt and its frozen questions in one transaction; another open attempt (a race) is ATTEMPT_OPEN. */
async function createAttempt(deps: Deps, student: AssessmentStudent, now: Date, fresh: NewAttempt): Promise<Attempt> {
  const cls = classOf(student);
  const created = await deps.database.db.transaction().execute(async (trx) => {
    const answers = await fresh.answers(trx);
    const inserted = await repo.insertAttempt(trx, {
      ...fresh.attempt,
      student_id: student.userId,
      school_id: cls.schoolId,
      board_id: cls.boardId,
      grade: cls.grade,
      question_count: answers.length,
      started_at: now,
      max_marks: answers.reduce((sum, a) => sum + questionMaxMarks(fresh.attempt.kind, a.type), 0),
    });
    if (inserted) await repo.insertAnswers(trx, answers);
    return inserted;
  });
  if (!created) {
    // Lost a race: another request of this student started an attempt (or this assignment's) first.
    const mine =
      fresh.attempt.assignment_id === null
        ? null
        : await repo.findAssignmentAttemptId(deps.database.db, fresh.attempt.assignment_id, student.userId);
    if (mine) return readAttempt(deps, student, mine);
    throw await attemptOpenError(deps, student.userId);
  }
  return readAttempt(deps, student, fresh.attempt.id);
}

/**
 * POST /assessment/assignments/:id/attempt: starts the assigned quiz or test, freezing the teacher's
 * questions, or answers the student's attempt of it when there is one (resume, or its result). The
 * assignment must be for the student's class (else not found) and open now (ASSIGNMENT_NOT_OPEN).
 * The deadline is the quiz's duration from now, but never after the assignment closes.
 */
export async function startAssigned(
  deps: Deps,
  principal: Principal | null,
  assignmentId: number,
): Promise<{ attempt: Attempt; created: boolean }> {
  const student = authorizeAssessmentStudent(principal);
  const now = deps.clock();
  const { db } = deps.database;
  const g = await repo.findAssignment(db, assignmentId);
  if (
    !g ||
    !canTakeAssignment(student, {
      schoolId: g.school_id,
      grade: g.grade,
      section: g.section,
      boardId: g.board_id,
      published: g.status === 'published',
      deleted: g.deleted_at !== null,
    })
  )
    throw notFound('Assignment');
  const existing = await repo.findAssignmentAttemptId(db, assignmentId, student.userId);
  if (existing) return { attempt: await readAttempt(deps, student, existing), created: false };
  const opensAt = new Date(g.opens_at);
  const closesAt = new Date(g.closes_at);
  if (now < opensAt || now >= closesAt)
    throw new AppError('ASSIGNMENT_NOT_OPEN', now < opensAt ? 'This quiz is not open yet' : 'This quiz is closed', {
      opensAt: opensAt.toISOString(),
      closesAt: closesAt.toISOString(),
    });
  if (await openAttemptOf(deps, student.userId, now)) throw await attemptOpenError(deps, student.userId);
  const attemptId = randomUUID();
  const attempt = await createAttempt(deps, student, now, {
    attempt: {
      id: attemptId,
      subject_id: g.subject_id,
      kind: g.kind,
      assessment_id: g.assessment_id,
      assignment_id: g.id,
      deadline_at: assignedDeadline(now, g.duration_minutes, closesAt),
    },
    answers: async (trx) => {
      // Deleted or unpublished since the checks above (a race with the teacher): not found, as then.
      if (!(await repo.lockAssessmentForShare(trx, g.assessment_id))) throw notFound('Assignment');
      const questions = await repo.findAssessmentQuestions(trx, g.assessment_id);
      if (questions.length === 0) throw new AppError('ASSIGNMENT_NOT_OPEN', 'This quiz has no questions');
      return questions.map((q, i) => ({
        attempt_id: attemptId,
        position: i + 1,
        bank_question_id: null,
        assessment_question_id: q.id,
        type: q.type,
        text: q.text,
        options: q.options,
        answer: q.answer,
        solution: q.solution,
        image_id: q.image_id,
      }));
    },
  });
  return { attempt, created: attempt.id === attemptId };
}

// Inside an attempt --------------------------------------------------------------------------------

function questionAt(loaded: Loaded, position: number): AnswerState {
  const q = loaded.answers[position - 1];
  if (!q) throw notFound('Question');
  return q;
}

/** POST .../questions/:position/view: the question is shown; its first view starts its clock (served_at). */
export async function viewQuestion(
  deps: Deps,
  principal: Principal | null,
  attemptId: string,
  position: number,
): Promise<Attempt> {
  const student = authorizeAssessmentStudent(principal);
  return withLockedAttempt(
    deps,
    student,
    attemptId,
    { whenFinished: 'refuse', whenTimeUp: 'refuse' },
    async (trx, loaded, now) => {
      const q = questionAt(loaded, position);
      if (q.servedAt !== null) return;
      await repo.serveQuestion(trx, attemptId, position, now);
      q.servedAt = now;
    },
  );
}

/**
 * PUT .../questions/:position/answer. A quiz answer is final and marked at once by server time (the
 * question must have been viewed: its text is not shown before); a test answer may change, or be
 * cleared, until the attempt finishes, and answering a question never viewed serves it then.
 */
export async function answerQuestion(
  deps: Deps,
  principal: Principal | null,
  attemptId: string,
  position: number,
  input: AnswerInput,
): Promise<Attempt> {
  const student = authorizeAssessmentStudent(principal);
  return withLockedAttempt(
    deps,
    student,
    attemptId,
    { whenFinished: 'refuse', whenTimeUp: 'refuse' },
    async (trx, loaded, now) => {
      const { state } = loaded;
      const q = questionAt(loaded, position);
      if (state.kind === 'quiz' && q.answeredAt !== null)
        throw new AppError('ANSWER_FINAL', 'A quiz answer cannot be changed');
      const checked = checkAnswer(q, input);
      if (!checked.ok) throw new AppError('VALIDATION_FAILED', checked.message);
      let answer: Parameters<typeof repo.storeAnswer>[3];
      if (state.kind === 'quiz') {
        if (checked.clear) throw new AppError('VALIDATION_FAILED', 'Choose an answer');
        if (q.servedAt === null) throw new AppError('CONFLICT', 'Open the question before answering it');
        const correct = correctness(q.type, q.answer, checked.chosen);
        const seconds = answerSeconds(q.servedAt, now, state.timerPosition === position);
        const marks = quizAnswerMarks(q.type, correct, seconds);
        answer = {
          servedAt: q.servedAt,
          answeredAt: now,
          chosen: checked.chosen,
          textAnswer: checked.textAnswer,
          correct,
          marks,
        };
      } else {
        const servedAt = q.servedAt ?? now;
        answer = checked.clear
          ? { servedAt, answeredAt: null, chosen: null, textAnswer: null, correct: null, marks: null }
          : {
              servedAt,
              answeredAt: now,
              chosen: checked.chosen,
              textAnswer: checked.textAnswer,
              correct: correctness(q.type, q.answer, checked.chosen),
              marks: null,
            };
      }
      await repo.storeAnswer(trx, attemptId, position, answer);
      Object.assign(q, answer);
    },
  );
}

/** PATCH .../questions/:position: the panel's flags (to be reviewed, bookmarked). */
export async function flagQuestion(
  deps: Deps,
  principal: Principal | null,
  attemptId: string,
  position: number,
  flags: { review?: boolean | undefined; bookmarked?: boolean | undefined },
): Promise<Attempt> {
  const student = authorizeAssessmentStudent(principal);
  return withLockedAttempt(
    deps,
    student,
    attemptId,
    { whenFinished: 'refuse', whenTimeUp: 'refuse' },
    async (trx, loaded) => {
      const q = questionAt(loaded, position);
      const patch = {
        ...(flags.review === undefined ? {} : { review: flags.review }),
        ...(flags.bookmarked === undefined ? {} : { bookmarked: flags.bookmarked }),
      };
      if (Object.keys(patch).length === 0) return;
      await repo.updateAnswer(trx, attemptId, position, patch);
      Object.assign(q, patch);
    },
  );
}

/**
 * POST .../power-ups: each once per attempt (POWER_UP_USED). Timer on a quiz takes its bonus off the
 * clock of a question being answered (viewed, not answered, not open-ended); on a test it adds its
 * bonus to the deadline. 50-50 takes two wrong options away from an unanswered question that has
 * two (not true/false, not open-ended), chosen by the server; on a quiz it serves the question.
 */
export async function usePowerUp(
  deps: Deps,
  principal: Principal | null,
  attemptId: string,
  input: { powerUp: PowerUp; position: number },
): Promise<Attempt> {
  const student = authorizeAssessmentStudent(principal);
  return withLockedAttempt(
    deps,
    student,
    attemptId,
    { whenFinished: 'refuse', whenTimeUp: 'refuse' },
    async (trx, loaded, now) => {
      const { state } = loaded;
      const q = questionAt(loaded, input.position);
      const notApplicable = (message: string) => new AppError('POWER_UP_NOT_APPLICABLE', message);
      if (input.powerUp === 'timer') {
        if (state.timerPosition !== null) throw new AppError('POWER_UP_USED', 'Timer has been used in this attempt');
        if (state.kind === 'quiz') {
          if (q.type === 'open_ended') throw notApplicable('An open-ended answer is not marked by time');
          if (q.servedAt === null || q.answeredAt !== null)
            throw notApplicable('Timer works on the question you are answering');
          await repo.updateAttempt(trx, attemptId, { timer_position: input.position, timer_used_at: now });
          Object.assign(state, { timerPosition: input.position, timerUsedAt: now });
          return;
        }
        const deadlineAt = new Date(state.deadlineAt.getTime() + TIMER_TEST_BONUS_SECONDS * 1000);
        await repo.updateAttempt(trx, attemptId, {
          timer_position: input.position,
          timer_used_at: now,
          deadline_at: deadlineAt,
        });
        Object.assign(state, { timerPosition: input.position, timerUsedAt: now, deadlineAt });
        return;
      }
      if (state.fiftyPosition !== null) throw new AppError('POWER_UP_USED', '50-50 has been used in this attempt');
      if (!fiftyFiftyApplies(q)) throw notApplicable('50-50 needs a question with at least two wrong options');
      if (q.answeredAt !== null) throw notApplicable('This question is answered already');
      const removed = fiftyFiftyRemoval(attemptId, q);
      const servedAt = q.servedAt ?? now;
      await repo.updateAnswer(trx, attemptId, input.position, { removed_options: removed, served_at: servedAt });
      await repo.updateAttempt(trx, attemptId, { fifty_position: input.position });
      Object.assign(q, { removedOptions: removed, servedAt });
      state.fiftyPosition = input.position;
    },
  );
}

/**
 * POST .../finish: submitted, left full screen (a test submitted by leaving it) or aborted. Once only
 * (ATTEMPT_FINISHED); one arriving after the time is up finishes the attempt as time_up and shows it.
 */
export async function finishAttempt(
  deps: Deps,
  principal: Principal | null,
  attemptId: string,
  reason: Exclude<FinishReason, 'time_up'>,
): Promise<Attempt> {
  const student = authorizeAssessmentStudent(principal);
  return withLockedAttempt(
    deps,
    student,
    attemptId,
    { whenFinished: 'refuse', whenTimeUp: 'show' },
    async (trx, loaded, now) => {
      await finishLocked(trx, loaded, reason, now);
    },
  );
}

/**
 * The live challenge's draw from the practice bank (modules/challenge): up to `count` published
 * auto-marked questions of the subject for the board and grade, at random; null when the subject
 * has no published chapter there. Access is the caller's to have decided.
 */
export async function drawFromPracticeBank(
  deps: Deps,
  subjectId: number,
  boardId: number,
  grade: number,
  count: number,
) {
  const { db } = deps.database;
  if (!(await repo.findPracticeSubject(db, subjectId, boardId, grade))) return null;
  return repo.drawBankQuestions(db, subjectId, boardId, grade, count);
}
