import type { Readable } from 'node:stream';
import { csvDownload } from '../../lib/csv';
import {
  activeSince,
  DEFAULT_TIME_ZONE,
  formatDuration,
  reportingDay,
  roundHalfUp,
  SCORE_BANDS,
  personName,
  type Language,
} from '@ki/domain';
import {
  STUDENT_PAGE_SIZE,
  SUPERADMIN_STUDENT_PAGE_SIZE,
  type GradeResponse,
  type InsightsResponse,
  type OverviewResponse,
  type StudentListVariant,
  type StudentListView,
  type StudentRow,
  type StudentsResponse,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { scopeFor as policyScope, type AnalyticsScope, type Principal, type ScopeRequest } from '../../policy/policy';
import * as repo from './analytics.repository';

export interface ScopeInput {
  schoolIds: number[];
  grade?: number | undefined;
  subjectId?: number | undefined;
}

/**
 * The scope the caller asked for, narrowed by the policy (403 outside it). `figures`: what the
 * answer's figures are made of (ScopeRequest): the screens of this file show totals over every
 * subject, the subject summary's figures of one subject.
 */
export async function scopeFor(
  deps: AppDeps,
  principal: Principal | null,
  input: ScopeInput,
  figures: ScopeRequest['figures'] = 'all subjects',
): Promise<AnalyticsScope> {
  return policyScope(deps.database.db, principal, {
    schoolIds: input.schoolIds,
    grade: input.grade ?? null,
    subjectId: input.subjectId ?? null,
    figures,
  });
}

export const since = (deps: AppDeps) => activeSince(deps.clock(), deps.config.ACTIVITY_WINDOW_DAYS);

/** The time zones of a scope's schools: each row's dates are calendar days of its own school. */
export interface ScopeZones {
  /** The zone of one school of the scope. */
  of: (schoolId: number) => string;
  /** The zone the scope's schools share, for a file name's date; UTC when they differ. */
  common: string;
}

export async function scopeZones(deps: AppDeps, scope: AnalyticsScope): Promise<ScopeZones> {
  const rows = await repo.schoolTimeZones(deps.database.db, scope.schoolIds);
  const byId = new Map(rows.map((r) => [r.id, r.time_zone]));
  const zones = new Set(byId.values());
  return {
    of: (schoolId) => byId.get(schoolId) ?? DEFAULT_TIME_ZONE,
    common: zones.size === 1 ? [...zones][0]! : 'UTC',
  };
}

/** A moment as a CSV date: the calendar day in the zone, 'YYYY-MM-DD' (empty when there is none). */
export const csvDay = (moment: Date | string | null, timeZone: string): string =>
  moment ? reportingDay(new Date(moment), timeZone) : '';

/** Registered, active and inactive students, and per grade with the average score of the active. */
export async function overview(
  deps: AppDeps,
  principal: Principal | null,
  input: ScopeInput,
): Promise<OverviewResponse> {
  const scope = await scopeFor(deps, principal, input);
  const { db } = deps.database;
  const [rows, schools] = await Promise.all([
    repo.gradeActivity(db, scope, since(deps)),
    repo.schoolsOf(db, scope.schoolIds),
  ]);
  const registered = rows.reduce((n, r) => n + r.registered, 0);
  const active = rows.reduce((n, r) => n + r.active, 0);
  const ungraded = rows.find((r) => r.grade === null);
  return {
    schools: schools.map((s) => ({ id: s.id, name: s.name, isPace: s.is_pace })),
    activityWindowDays: deps.config.ACTIVITY_WINDOW_DAYS,
    registered,
    active,
    inactive: registered - active,
    grades: rows
      .filter((r): r is typeof r & { grade: number } => r.grade !== null)
      .map((r) => ({
        grade: r.grade,
        registered: r.registered,
        active: r.active,
        inactive: r.registered - r.active,
        averageScore: r.average_score,
      })),
    withoutGrade: {
      registered: ungraded?.registered ?? 0,
      active: ungraded?.active ?? 0,
      inactive: ungraded ? ungraded.registered - ungraded.active : 0,
    },
  };
}

/** One grade: its students, their score distribution and the subjects they play. */
export async function gradeDetail(
  deps: AppDeps,
  principal: Principal | null,
  input: ScopeInput & { grade: number },
): Promise<GradeResponse> {
  const scope = await scopeFor(deps, principal, input);
  const { db } = deps.database;
  const [bands, subjects] = await Promise.all([repo.scoreDistribution(db, scope), repo.subjectsPlayed(db, scope)]);
  const byBand = new Map(bands.map((b) => [b.band, b.students]));
  return {
    grade: input.grade,
    totalStudents: bands.reduce((n, b) => n + b.students, 0),
    distribution: SCORE_BANDS.map((label, band) => ({ band, label, students: byBand.get(band) ?? 0 })),
    subjects: subjects.map((s) => ({ subjectId: s.subject_id, slug: s.slug, names: s.names, students: s.students })),
  };
}

export interface StudentsInput extends ScopeInput {
  category: 'registered' | 'active' | 'inactive' | 'band';
  band?: number | undefined;
  search?: string | undefined;
  page: number;
  view?: StudentListView | undefined;
}

function toRow(r: repo.StudentDbRow, withEmail: boolean, zones: ScopeZones): StudentRow {
  return {
    ...(withEmail ? { email: r.email } : {}),
    studentId: r.student_id,
    fullName: personName(r.first_name, r.last_name),
    grade: r.grade,
    section: r.section,
    schoolId: r.school_id,
    schoolName: r.school_name,
    timeZone: zones.of(r.school_id),
    boardName: r.board_name,
    totalScore: r.total_score,
    knowledgeEfficiency: r.knowledge_efficiency,
    learningEfficiency: r.learning_efficiency,
    knowledgeCurrency: r.knowledge_currency,
    learningCurrency: r.learning_currency,
    chaptersCompleted: r.chapters_completed,
    timeSpentSeconds: r.time_spent,
    lastPlayedAt: r.last_activity_at ? new Date(r.last_activity_at).toISOString() : null,
    lastChapter: r.last_chapter,
    lastTopic: r.last_topic,
  };
}

const filterOf = (deps: AppDeps, input: StudentsInput): repo.StudentFilter => ({
  category: input.category,
  band: input.band,
  search: input.search || undefined,
  since: since(deps),
});

/**
 * The column set of a list (dashboards.md 2.8): the one its opener asked for, except that a
 * super-admin's student list has its own fixed set and 30 a page (dashboards.md 9).
 */
export function listVariant(
  principal: Principal | null,
  view: StudentListView,
): { variant: StudentListVariant; pageSize: number } {
  if (view !== 'report' && principal?.role === 'superadmin')
    return { variant: 'superadmin', pageSize: SUPERADMIN_STUDENT_PAGE_SIZE };
  return { variant: view, pageSize: STUDENT_PAGE_SIZE };
}

/** A page of the Students Report or of a student list (highest score first). */
export async function students(
  deps: AppDeps,
  principal: Principal | null,
  input: StudentsInput,
  language: Language,
): Promise<StudentsResponse> {
  const scope = await scopeFor(deps, principal, input);
  const { db } = deps.database;
  const filter = filterOf(deps, input);
  const { variant, pageSize } = listVariant(principal, input.view ?? 'report');
  // The mixed-bar list shows User Email, except for active students (dashboards.md 2.8).
  const withEmail = variant === 'mixbar' && input.category !== 'active';
  const [{ total, rows }, zones] = await Promise.all([
    repo.studentPage(db, scope, filter, { limit: pageSize, offset: (input.page - 1) * pageSize }, language),
    scopeZones(deps, scope),
  ]);
  return {
    variant,
    total,
    page: input.page,
    pageSize,
    hasSeveralSchools: scope.schoolIds.length > 1,
    rows: rows.map((r) => toRow(r, withEmail, zones)),
  };
}

/** The CSV's columns: those of the Students Report, in its order. */
export const STUDENT_CSV_COLUMNS = [
  'Full Name',
  'Grade',
  'Section',
  'School',
  'Board',
  'Knowledge Wealth',
  'Knowledge Efficiency (%)',
  'Learning Efficiency (%)',
  'Knowledge Currency',
  'Learning Currency',
  'Chapters Completed',
  'Time Spent',
  'Last Played Chapter',
  'Last Played Topic',
  'Last Played Date',
] as const;

/**
 * Every student of the list as CSV, streamed row by row from the same query as the screen: UTF-8
 * with a byte-order mark (spreadsheets then read Indian scripts correctly), numbers as numbers,
 * dates as calendar days of each student's school (as on the screen).
 */
export async function studentsCsv(
  deps: AppDeps,
  principal: Principal | null,
  input: StudentsInput,
  language: Language,
): Promise<{ stream: Readable; fileName: string }> {
  const scope = await scopeFor(deps, principal, input);
  const zones = await scopeZones(deps, scope);
  const chunks = repo.streamStudents(deps.database.db, scope, filterOf(deps, input), language);
  const stream = csvDownload(STUDENT_CSV_COLUMNS, chunks, (r) => [
    personName(r.first_name, r.last_name),
    r.grade,
    r.section,
    r.school_name,
    r.board_name ?? '',
    roundHalfUp(r.total_score),
    roundHalfUp(r.knowledge_efficiency, 2),
    roundHalfUp(r.learning_efficiency, 2),
    r.knowledge_currency,
    r.learning_currency,
    r.chapters_completed,
    formatDuration(r.time_spent),
    r.last_chapter ?? '',
    r.last_topic ?? '',
    csvDay(r.last_activity_at, zones.of(r.school_id)),
  ]);
  const day = reportingDay(deps.clock(), zones.common);
  const gradePart = scope.grades && scope.grades.length === 1 ? `-grade-${scope.grades[0]}` : '';
  const fileName = `students-${input.category}${input.category === 'band' ? `-${SCORE_BANDS[input.band ?? 0]}` : ''}-schools-${scope.schoolIds.join('_').slice(0, 60)}${gradePart}-${day}.csv`;
  return { stream, fileName };
}

/** Grades with the most students at 90-100, below 50, and inactive; the three toppers per grade. */
export async function insights(
  deps: AppDeps,
  principal: Principal | null,
  input: ScopeInput,
): Promise<InsightsResponse> {
  const scope = await scopeFor(deps, principal, input);
  const { db } = deps.database;
  const [bands, top] = await Promise.all([repo.gradeBands(db, scope, since(deps)), repo.toppers(db, scope)]);
  const best = (pick: (r: (typeof bands)[number]) => number, byShare: boolean) => {
    let winner: (typeof bands)[number] | null = null;
    let winnerValue = 0;
    for (const r of bands) {
      const value = byShare ? pick(r) / r.registered : pick(r);
      if (pick(r) > 0 && value > winnerValue) {
        winner = r;
        winnerValue = value;
      }
    }
    return winner
      ? {
          schoolId: winner.school_id,
          schoolName: winner.school_name,
          grade: winner.grade,
          students: pick(winner),
          registered: winner.registered,
          percent: roundHalfUp((100 * pick(winner)) / winner.registered, 2),
        }
      : null;
  };
  const grades = [...new Set(top.map((t) => t.grade))];
  return {
    topBand: best((r) => r.top, true),
    belowHalf: best((r) => r.below, true),
    mostInactive: best((r) => r.inactive, false),
    toppers: grades.map((grade) => ({
      grade,
      students: top
        .filter((t) => t.grade === grade)
        .map((t) => ({
          studentId: t.student_id,
          fullName: personName(t.first_name, t.last_name),
          userGrade: t.grade,
          totalScore: t.total_score,
          schoolId: t.school_id,
          schoolName: t.school_name,
        })),
    })),
  };
}
