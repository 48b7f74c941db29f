import { reportingDay } from '@ki/domain';
import type { AssessmentClass, ReportsQuery } from '@ki/contracts';

const DAY_MS = 24 * 3600_000;
/** The reports open on the last 30 days. */
export const DEFAULT_RANGE_DAYS = 30;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The reports' query from the address (?from&to&schoolId&grade&section): a shared link and a reload
 * show the same table. Missing or malformed days take the default range ending today, in the zone
 * of the caller's (first) school; a 'to' before 'from' is swapped rather than showing nothing.
 */
export function reportsQueryFrom(params: URLSearchParams, now: number, timeZone: string): ReportsQuery {
  const day = (key: string) => {
    const value = params.get(key);
    return value && ISO_DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
  };
  const to = day('to') ?? reportingDay(new Date(now), timeZone);
  const from = day('from') ?? reportingDay(new Date(Date.parse(to) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS), 'UTC');
  const whole = (key: string, max: number) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
  };
  const section = params.get('section')?.trim().slice(0, 10) || undefined;
  const q: ReportsQuery = from <= to ? { from, to } : { from: to, to: from };
  const schoolId = whole('schoolId', 2_147_483_647);
  const grade = whole('grade', 12);
  if (schoolId !== undefined) q.schoolId = schoolId;
  if (grade !== undefined) q.grade = grade;
  if (section !== undefined && grade !== undefined) q.section = section;
  return q;
}

/** The class filter's choices: schools, the grades of the school chosen (or all), its sections. */
export function classFilterChoices(
  classes: readonly AssessmentClass[],
  schoolId: number | undefined,
  grade: number | undefined,
) {
  const schools = new Map<number, string>();
  for (const c of classes) schools.set(c.schoolId, c.schoolName);
  const inSchool = classes.filter((c) => schoolId === undefined || c.schoolId === schoolId);
  const grades = [...new Set(inSchool.map((c) => c.grade))].sort((a, b) => a - b);
  const sections = [...new Set(inSchool.filter((c) => c.grade === grade).flatMap((c) => c.sections))].sort();
  return { schools: [...schools].map(([id, name]) => ({ id, name })), grades, sections };
}
