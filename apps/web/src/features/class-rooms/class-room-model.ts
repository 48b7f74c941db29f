import type { AssessmentClass, ClassRoom } from '@ki/contracts';
import { intlLocale } from '../../lib/format-date';
import type { ClassRoomKey } from './api/class-room';

/** One card of /class-rooms: a grade's section at a school's board. */
export interface ClassCard extends ClassRoomKey {
  schoolName: string;
  boardName: string;
}

/** A school's cards, for the list's headings when the caller has classes at several schools. */
export interface SchoolClasses {
  schoolId: number;
  schoolName: string;
  cards: ClassCard[];
}

/**
 * The caller's classes (GET /assessments/classes) as one card per section, grouped by school in the
 * order the server lists them (by grade within a school). A grade with no section has no students
 * yet, so no class room to open.
 */
export function classCards(classes: readonly AssessmentClass[]): SchoolClasses[] {
  const schools = new Map<number, SchoolClasses>();
  for (const c of classes) {
    const school = schools.get(c.schoolId) ?? { schoolId: c.schoolId, schoolName: c.schoolName, cards: [] };
    schools.set(c.schoolId, school);
    for (const section of c.sections) {
      school.cards.push({
        schoolId: c.schoolId,
        schoolName: c.schoolName,
        boardId: c.boardId,
        boardName: c.boardName,
        grade: c.grade,
        section,
      });
    }
  }
  return [...schools.values()].filter((s) => s.cards.length > 0);
}

/**
 * The href of one class room, /class-rooms/{schoolId}/{boardId}/{grade}/{section} (config/paths.ts
 * says why it is built here). Sections are letters and digits (ClassRoomParamsSchema).
 */
export const classRoomPath = (c: ClassRoomKey): string =>
  `/class-rooms/${c.schoolId}/${c.boardId}/${c.grade}/${c.section}`;

/** An id of the server's params (ClassRoomParamsSchema): a whole number from 1 to 2^31 - 1. */
const id = (text: string): number | null => {
  const n = /^\d{1,10}$/.test(text) ? Number(text) : 0;
  return n >= 1 && n <= 2 ** 31 - 1 ? n : null;
};

/**
 * The class room a path names after /class-rooms/ ('12/3/7/A'), by the rules of the server's params
 * (ClassRoomParamsSchema: ids, a grade from 1 to 12, a section of 1 to 8 letters or digits), read
 * here without zod so the page's chunk does not split zod off the chunks others share; null for
 * anything else (too few or many parts, a grade of 13, a section with a space), which the page shows
 * as a class that does not exist.
 */
export function parseClassRoomPath(rest: string | undefined): ClassRoomKey | null {
  const parts = (rest ?? '').split('/').filter((p) => p.length > 0);
  if (parts.length !== 4) return null;
  const [school, board, grade, section] = parts as [string, string, string, string];
  const schoolId = id(school);
  const boardId = id(board);
  const g = id(grade);
  if (schoolId === null || boardId === null || g === null || g > 12 || !/^[A-Za-z0-9]{1,8}$/.test(section)) return null;
  return { schoolId, boardId, grade: g, section };
}

/** Lower case, without accents or extra spaces, for matching names. */
const folded = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/** Whether a student's name has every word of the search in it ('pat aar' finds Aarav Patil). */
export function matchesName(name: string, search: string): boolean {
  const words = folded(search).split(' ').filter(Boolean);
  const text = folded(name);
  return words.every((w) => text.includes(w));
}

export type Student = ClassRoom['students'][number];

export const filterStudents = (students: readonly Student[], search: string): Student[] =>
  students.filter((s) => matchesName(s.name, search));

/** The calendar day of an instant in a zone, as days since 1970 (for counting days between two). */
function dayNumber(ms: number, timeZone: string): number {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(ms))
    .split('-')
    .map(Number);
  return Math.round(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 86_400_000);
}

/** Within this many days a last activity reads as "3 days ago"; older ones as their date. */
export const RELATIVE_DAYS = 7;

/**
 * When a student was last active, in the reader's language, by the calendar days of their school:
 * "today", "yesterday", "3 days ago" within a week, else the date ("12 Nov 2026").
 */
export function lastActiveText(iso: string, now: number, timeZone: string, language: string | undefined): string {
  const at = Date.parse(iso);
  const days = dayNumber(now, timeZone) - dayNumber(at, timeZone);
  if (days >= 0 && days < RELATIVE_DAYS)
    return new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' }).format(-days, 'day');
  return new Date(at).toLocaleDateString(intlLocale(language), {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone,
  });
}

/**
 * A span of time in the school's zone, in the reader's language: "Fri, 27 Nov, 4:00 pm – 4:45 pm"
 * (a span over two days names both). Quizzes' open and close times, and calendar events.
 */
export function formatSpan(start: string, end: string, timeZone: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).formatRange(new Date(start), new Date(end));
}

/** An event under way at `now` (a live class one can join now rather than later). */
export const isUnderWay = (e: { start: string; end: string }, now: number): boolean =>
  Date.parse(e.start) <= now && now < Date.parse(e.end);
