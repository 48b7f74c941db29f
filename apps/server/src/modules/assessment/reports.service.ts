/**
 * Assessment reports (access-and-app-shell.md 2.8 "reports filtered by date and class", 3 "Report
 * rows: quiz name, type, participants, accuracy"; issue #23 "details per student and per question
 * with facility, discrimination and how often each wrong option was chosen; CSV of each table").
 * The figures of a question come from packages/domain/src/item-analysis.ts, so the screen and its
 * CSV show the same numbers; each CSV is the screen's query (docs/DECISIONS.md "School analytics": CSV).
 */
import type { Readable } from 'node:stream';
import {
  accuracyPercent,
  analyseQuestion,
  discriminationGroups,
  OPEN_ENDED_MAX_MARKS,
  personName,
  QUIZ_MARKS_FAST,
  roundHalfUp,
  TEST_OBJECTIVE_MARKS,
  type ItemResponse,
} from '@ki/domain';
import type { AssessmentKind, ReportDetail, ReportsQuery, ReportsResponse } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { csvDownload } from '../../lib/csv';
import { AppError } from '../../errors';
import {
  authorizeReadReport,
  loadAssignmentFacts,
  reportScope,
  type AssignmentFacts,
} from '../../policy/assessment-authoring';
import type { Principal } from '../../policy/policy';
import * as repo from './reports.repository';

type ReportRow = ReportDetail['row'];

/** Largest marks of a quiz or test: 300 a quiz question or 100 a test's objective question, 200 an open-ended one (scoring-and-metrics.md "Practice, tests and challenges"). */
export function maxMarksOf(kind: AssessmentKind, questionCount: number, openEndedCount: number): number {
  return (
    (questionCount - openEndedCount) * (kind === 'quiz' ? QUIZ_MARKS_FAST : TEST_OBJECTIVE_MARKS) +
    openEndedCount * OPEN_ENDED_MAX_MARKS
  );
}

function toRow(r: repo.ReportDbRow): ReportRow & { timeZone: string } {
  return {
    assignmentId: r.assignment_id,
    assessmentId: r.assessment_id,
    name: r.name,
    kind: r.kind,
    schoolName: r.school_name,
    grade: r.grade,
    section: r.section,
    opensAt: new Date(r.opens_at).toISOString(),
    closesAt: new Date(r.closes_at).toISOString(),
    participants: r.participants,
    classSize: r.class_size,
    // Half up to 2 decimals, once (docs/DECISIONS.md "Rounding"): the CSV writes the same number.
    accuracy: r.answered === 0 ? null : roundHalfUp(accuracyPercent(r.correct, r.answered), 2),
    averageMarks: r.participants === 0 ? null : roundHalfUp(r.marks_total / r.participants, 2),
    maxMarks: maxMarksOf(r.kind, r.question_count, r.open_ended_count),
    timeZone: r.time_zone,
  };
}

const stripZone = ({ timeZone: _zone, ...row }: ReportRow & { timeZone: string }): ReportRow => row;

function checkRange(query: ReportsQuery): void {
  if (query.from > query.to) {
    throw new AppError('VALIDATION_FAILED', 'The range must end on or after its first day', {
      issues: [{ in: 'querystring', path: 'to', message: 'Before from' }],
    });
  }
}

async function rowsFor(deps: AppDeps, principal: Principal | null, query: ReportsQuery) {
  const { db } = deps.database;
  const scope = await reportScope(db, principal, query);
  checkRange(query);
  return (await repo.reportRows(db, scope, query)).map(toRow);
}

/** /reports: one row per assignment open during the range, in the caller's classes or schools. */
export async function reports(
  deps: AppDeps,
  principal: Principal | null,
  query: ReportsQuery,
): Promise<ReportsResponse> {
  return { rows: (await rowsFor(deps, principal, query)).map(stripZone) };
}

/** 'YYYY-MM-DD HH:mm' of a moment in a time zone: the school's clock, as its staff read it. */
const localFormats = new Map<string, Intl.DateTimeFormat>();
export function localDateTime(moment: Date | string, timeZone: string): string {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    localFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(moment)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/** One chunk: the rows are already in memory (a screen's worth; reports are bounded by a range of days). */
async function* once<T>(rows: readonly T[]): AsyncIterable<readonly T[]> {
  yield rows;
}

export const REPORT_CSV_COLUMNS = [
  'Quiz',
  'Type',
  'School',
  'Grade',
  'Section',
  'Opens',
  'Closes',
  'Participants',
  'Class Size',
  'Accuracy (%)',
  'Average Marks',
  'Maximum Marks',
] as const;

/** The /reports table as CSV: the same query, UTF-8 with BOM, numbers as numbers, times in each school's zone. */
export async function reportsCsv(
  deps: AppDeps,
  principal: Principal | null,
  query: ReportsQuery,
): Promise<{ stream: Readable; fileName: string }> {
  const rows = await rowsFor(deps, principal, query);
  const stream = csvDownload(REPORT_CSV_COLUMNS, once(rows), (r) => [
    r.name,
    r.kind,
    r.schoolName,
    r.grade,
    r.section ?? '',
    localDateTime(r.opensAt, r.timeZone),
    localDateTime(r.closesAt, r.timeZone),
    r.participants,
    r.classSize,
    r.accuracy ?? '',
    r.averageMarks ?? '',
    r.maxMarks,
  ]);
  return { stream, fileName: `quiz-reports-${query.from}-to-${query.to}.csv` };
}

async function loadDetail(
  deps: AppDeps,
  principal: Principal | null,
  assignmentId: number,
): Promise<{ detail: ReportDetail }> {
  const { db } = deps.database;
  const facts = await loadAssignmentFacts(db, assignmentId, true);
  await authorizeReadReport(db, principal, facts);
  const f = facts as AssignmentFacts;
  const one = { kind: 'schools' as const, schoolIds: [f.schoolId] };
  const [[row], boardId] = await Promise.all([
    repo.reportRows(db, one, { from: '', to: '', assignmentId }),
    repo.assessmentBoard(db, f.assessmentId),
  ]);
  const [students, responses, questions] = await Promise.all([
    repo.reportStudents(db, { assignmentId, schoolId: f.schoolId, boardId, grade: f.grade, section: f.section }),
    repo.reportResponses(db, assignmentId),
    repo.reportQuestions(db, f.assessmentId),
  ]);
  const byStudent = new Map<number, repo.ResponseDbRow[]>();
  for (const r of responses) byStudent.set(r.student_id, [...(byStudent.get(r.student_id) ?? []), r]);
  return {
    detail: {
      row: stripZone(toRow(row!)),
      students: students.map((s) => toStudent(s, byStudent.get(s.student_id) ?? [])),
      questions: analyse(
        questions,
        responses.filter((r) => r.finished),
      ),
    },
  };
}

/**
 * One student's row: right auto-marked answers, answers given, server-timed seconds from serving to
 * answer, written answers waiting for marks. Marks and right answers count once the attempt is
 * finished (a test's are marked then).
 */
function toStudent(s: repo.StudentDbRow, answers: readonly repo.ResponseDbRow[]): ReportDetail['students'][number] {
  const state = s.attempt_id === null ? 'not_started' : s.finished_at === null ? 'in_progress' : 'finished';
  const finished = state === 'finished';
  const given = answers.filter((a) => a.answered);
  return {
    studentId: s.student_id,
    name: personName(s.first_name, s.last_name),
    section: s.section,
    attemptId: s.attempt_id,
    state,
    finishReason: s.finish_reason,
    marks: finished ? (s.marks ?? 0) : null,
    correct: finished ? given.filter((a) => a.type !== 'open_ended' && a.correct === true).length : 0,
    answered: given.length,
    seconds: roundHalfUp(given.reduce((sum, a) => sum + a.seconds, 0)),
    awaitingMarking: finished ? given.filter((a) => a.type === 'open_ended' && !a.marked).length : 0,
  };
}

/**
 * Per question, from the finished attempts: facility, discrimination and wrong options by
 * item-analysis.ts. A response's credit: 1 or 0 for an objective question (unanswered is 0), marks /
 * 200 for a marked open-ended answer; an open-ended answer waiting for marks is left out.
 */
function analyse(
  questions: readonly repo.ReportQuestionRow[],
  responses: readonly repo.ResponseDbRow[],
): ReportDetail['questions'] {
  const totals = new Map<number, number>();
  for (const r of responses) totals.set(r.student_id, r.total_marks);
  const groups = discriminationGroups([...totals].map(([studentId, totalMarks]) => ({ studentId, totalMarks })));
  const byPosition = new Map<number, repo.ResponseDbRow[]>();
  for (const r of responses) byPosition.set(r.position, [...(byPosition.get(r.position) ?? []), r]);
  return questions.map((q) => {
    const rows = byPosition.get(q.position) ?? [];
    const items: ItemResponse[] = rows.map((r) => ({
      studentId: r.student_id,
      credit:
        q.type === 'open_ended'
          ? !r.answered
            ? 0
            : r.marked
              ? Math.min(1, (r.marks ?? 0) / OPEN_ENDED_MAX_MARKS)
              : null
          : r.answered && r.correct === true
            ? 1
            : 0,
      chosenOptionIds: r.answered && r.chosen ? r.chosen.map(String) : [],
    }));
    const analysis = analyseQuestion(items, groups, {
      optionIds: q.options.map((_, i) => String(i)),
      correctOptionIds: q.answer.map(String),
    });
    return {
      position: q.position,
      type: q.type,
      text: q.text,
      options: q.options,
      answer: q.answer,
      attempts: rows.length,
      facility: analysis.facility === null ? null : roundHalfUp(analysis.facility / 100, 4),
      discrimination: analysis.discrimination,
      wrongOptions: analysis.wrongOptions.map((w) => ({ option: Number(w.optionId), count: w.count })),
    };
  });
}

/** /report-details: the assignment's row, every student of its class, and every question's figures. */
export async function reportDetail(
  deps: AppDeps,
  principal: Principal | null,
  assignmentId: number,
): Promise<ReportDetail> {
  return (await loadDetail(deps, principal, assignmentId)).detail;
}

export const STUDENT_CSV_COLUMNS = [
  'Student Id',
  'Name',
  'Section',
  'State',
  'Finish Reason',
  'Marks',
  'Correct',
  'Answered',
  'Seconds',
  'Awaiting Marking',
] as const;

/** The per-student table of /report-details as CSV (same query, BOM, numbers as numbers). */
export async function reportStudentsCsv(
  deps: AppDeps,
  principal: Principal | null,
  assignmentId: number,
): Promise<{ stream: Readable; fileName: string }> {
  const { detail } = await loadDetail(deps, principal, assignmentId);
  const stream = csvDownload(STUDENT_CSV_COLUMNS, once(detail.students), (s) => [
    s.studentId,
    s.name,
    s.section,
    s.state,
    s.finishReason ?? '',
    s.marks ?? '',
    s.correct,
    s.answered,
    s.seconds,
    s.awaitingMarking,
  ]);
  return { stream, fileName: `quiz-report-${assignmentId}-students.csv` };
}

/** Options a question may have (the contract's limit): one wrong-option column each. */
const OPTION_COLUMNS = 6;
export const QUESTION_CSV_COLUMNS = [
  'Position',
  'Type',
  'Question',
  'Attempts',
  'Facility (%)',
  'Discrimination',
  ...Array.from({ length: OPTION_COLUMNS }, (_, i) => `Wrong Option ${i + 1} Chosen`),
] as const;

/** The per-question table as CSV: facility as a percent; each wrong option's count in its column (empty for a right or absent option). */
export async function reportQuestionsCsv(
  deps: AppDeps,
  principal: Principal | null,
  assignmentId: number,
): Promise<{ stream: Readable; fileName: string }> {
  const { detail } = await loadDetail(deps, principal, assignmentId);
  const stream = csvDownload(QUESTION_CSV_COLUMNS, once(detail.questions), (q) => {
    const wrong = new Map(q.wrongOptions.map((w) => [w.option, w.count]));
    return [
      q.position,
      q.type,
      q.text,
      q.attempts,
      q.facility === null ? '' : roundHalfUp(q.facility * 100, 2),
      q.discrimination ?? '',
      ...Array.from({ length: OPTION_COLUMNS }, (_, i) => wrong.get(i) ?? ''),
    ];
  });
  return { stream, fileName: `quiz-report-${assignmentId}-questions.csv` };
}
