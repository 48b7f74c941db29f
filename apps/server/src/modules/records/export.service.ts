/**
 * Data portability: a student's records as xAPI statements (for the student, their parents and
 * staff in scope) and a school's records as NDJSON (for its principal). Anyone can recompute our
 * numbers from these.
 */
import { personName, reportingDay } from '@ki/domain';
import type { Readable } from 'node:stream';
import { Readable as NodeReadable } from 'node:stream';
import type { StudentRecordsExport, XapiStatement } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { authorizeReadStudent, authorizeSchoolExportById, authorizeStudent, type Principal } from '../../policy/policy';
import * as repo from './export.repository';
import type { ExportRow } from './export.repository';

const HOME = 'https://knowledge-islands.app';
const ACTIVITY_TYPES: Record<string, string> = {
  topic: 'http://adlnet.gov/expapi/activities/assessment',
  treasure: 'http://adlnet.gov/expapi/activities/assessment',
  revise: 'http://adlnet.gov/expapi/activities/assessment',
  quiz: 'http://adlnet.gov/expapi/activities/assessment',
  test: 'http://adlnet.gov/expapi/activities/assessment',
  challenge: 'http://adlnet.gov/expapi/activities/assessment',
};

function toStatement(r: ExportRow, studentName: string): XapiStatement {
  // A quiz or test attempt's record has no chapter: its activity is the attempt, within its subject.
  const objectPath =
    r.chapter_slug === null
      ? `${r.subject_slug}/attempts/${r.attempt_id ?? r.id}`
      : r.topic_slug
        ? `${r.subject_slug}/${r.chapter_slug}/${r.topic_slug}`
        : `${r.subject_slug}/${r.chapter_slug}`;
  return {
    id: r.id,
    actor: { objectType: 'Agent', name: studentName, account: { homePage: HOME, name: String(r.student_id) } },
    verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
    object: {
      objectType: 'Activity',
      id: `${HOME}/activities/${r.kind}/${objectPath}`,
      definition: {
        name: { en: r.topic_name ?? r.chapter_name ?? r.subject_name },
        type: ACTIVITY_TYPES[r.kind] ?? ACTIVITY_TYPES.quiz!,
        extensions: {
          [`${HOME}/xapi/kind`]: r.kind,
          [`${HOME}/xapi/subject`]: { id: r.subject_id, slug: r.subject_slug },
          [`${HOME}/xapi/chapter`]:
            r.chapter_id === null ? null : { id: r.chapter_id, slug: r.chapter_slug, name: r.chapter_name },
          [`${HOME}/xapi/topic`]:
            r.topic_id === null ? null : { id: r.topic_id, slug: r.topic_slug, name: r.topic_name },
          [`${HOME}/xapi/attempt`]: r.attempt_id,
        },
      },
    },
    result: {
      completion: true,
      score: {
        raw: r.correct_count,
        min: 0,
        max: r.question_count,
        scaled: r.question_count ? r.correct_count / r.question_count : 0,
      },
      duration: `PT${r.duration_seconds}S`,
      extensions: {
        [`${HOME}/xapi/answered`]: r.answered_count,
        [`${HOME}/xapi/question-seconds`]: r.question_seconds,
        [`${HOME}/xapi/learning-currency`]: r.learning_currency,
        [`${HOME}/xapi/learning-efficiency`]: r.learning_efficiency,
        [`${HOME}/xapi/percent`]: r.percent,
        [`${HOME}/xapi/marks`]: r.marks,
        [`${HOME}/xapi/answers`]: r.answers.map((a) => ({ questionId: a.q, chosen: a.c, seconds: a.s, correct: a.ok })),
      },
    },
    context: {
      platform: 'Knowledge Islands',
      extensions: {
        [`${HOME}/xapi/school`]: r.school_id,
        [`${HOME}/xapi/board`]: r.board_id,
        [`${HOME}/xapi/grade`]: r.grade,
      },
    },
    timestamp: new Date(r.finished_at).toISOString(),
    stored: new Date(r.received_at).toISOString(),
  };
}

export async function exportStudentRecords(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
): Promise<StudentRecordsExport> {
  await authorizeStudent(deps.database.db, principal, studentId, authorizeReadStudent);
  const user = await repo.findStudentName(deps.database.db, studentId);
  const name = personName(user.first_name, user.last_name);
  const rows = await repo.findStudentExportRows(deps.database.db, studentId);
  return {
    student: { id: studentId, name },
    exportedAt: deps.clock().toISOString(),
    statements: rows.map((r) => toStatement(r, name)),
  };
}

/**
 * A school's records, one xAPI statement per line, streamed from a database cursor so memory stays
 * flat whatever the school's size. The file is named after today in the school's time zone.
 */
export async function exportSchoolRecords(
  deps: AppDeps,
  principal: Principal | null,
  schoolId: number,
): Promise<{ stream: Readable; filename: string }> {
  await authorizeSchoolExportById(deps.database.db, principal, schoolId);
  const day = reportingDay(deps.clock(), await repo.findSchoolTimeZone(deps.database.db, schoolId));
  const rows = repo.streamSchoolExportRows(deps.database.db, schoolId);
  async function* lines() {
    for await (const r of rows) {
      yield `${JSON.stringify(toStatement(r, personName(r.first_name, r.last_name)))}\n`;
    }
  }
  return { stream: NodeReadable.from(lines()), filename: `school-${schoolId}-records-${day}.ndjson` };
}
