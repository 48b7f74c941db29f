import {
  CALENDAR_END_AFTER_START,
  CALENDAR_PROVIDERS,
  FREE_TEXT_MESSAGE,
  LINE_TEXT_MESSAGE,
  LIVE_CLASS_GRADE_REQUIRED,
  LIVE_CLASS_MAX_MINUTES,
  LIVE_CLASS_NAME_REQUIRED,
  LIVE_CLASS_TOO_LONG,
  LIVE_ENTER_NAME,
  LiveClassInputSchema,
  type AssessmentClass,
  type CalendarProvider,
  type LiveClassValues,
} from '@ki/contracts';
import { schoolsOf, type StaffScope } from '../../lib/staff-classes';
import { isoToZoned, zonedToIso } from '../../lib/zoned-time';

/**
 * The "Schedule a live class" form's rules, apart from its screen (issue #26): which schools, classes
 * and subjects a member of staff is offered (the calendar's rules, which the server's policy enforces:
 * hiding is comfort, the server decides), the start in the school's time zone, and validation with
 * the contract's own schema, its messages turned into keys of the `live` strings.
 */

/** The durations offered, in minutes. */
export const LIVE_DURATIONS = [30, 45, 60, 90, 120] as const;
export const DEFAULT_DURATION = 45;

/** What a member of staff may schedule live classes on. */
export type Scheduler = StaffScope;

/** A class as the picker keys it: 'boardId:grade'. */
export const classKey = (c: Pick<AssessmentClass, 'boardId' | 'grade'>) => `${c.boardId}:${c.grade}`;

/** The classes of one school. */
export const classesOf = (s: Scheduler, schoolId: number | null) => s.classes.filter((c) => c.schoolId === schoolId);

export interface SubjectRule {
  options: readonly { id: number; name: string }[];
  /** A teacher whose assignments name subjects must schedule for one of them. */
  required: boolean;
}

/**
 * The subjects offered for a class: optional for principals and super-admins and for a teacher whose
 * assignment covers every subject of that grade; otherwise one of the teacher's subjects there.
 */
export function subjectRule(s: Scheduler, choice: AssessmentClass | undefined): SubjectRule {
  if (!choice) return { options: [], required: false };
  const required =
    !s.wholeSchool &&
    !s.covers.some((c) => c.schoolId === choice.schoolId && c.grade === choice.grade && c.subjectId === null);
  return { options: choice.subjects, required };
}

/** The form's fields. The date and time are wall-clock readings of the school's zone. */
export interface ScheduleValues {
  schoolId: number | null;
  /** classKey of the chosen class, or null before one is chosen. */
  classKey: string | null;
  subjectId: number | null;
  name: string;
  description: string;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm' */
  time: string;
  /** Minutes, one of LIVE_DURATIONS. */
  duration: number;
  provider: CalendarProvider;
}

const FIVE_MINUTES = 5 * 60_000;

/**
 * A new form: the only school and (for a teacher) their only class there chosen, starting now rounded
 * down to 5 minutes on the school's clock, for 45 minutes, on Jitsi Meet.
 */
export function newValues(s: Scheduler, now: number, fallbackZone: string): ScheduleValues {
  const schools = schoolsOf(s.classes);
  const only = schools.length === 1 ? schools[0] : undefined;
  const classes = classesOf(s, only?.id ?? null);
  const start = isoToZoned(Math.floor(now / FIVE_MINUTES) * FIVE_MINUTES, only?.timeZone ?? fallbackZone);
  return {
    schoolId: only?.id ?? null,
    classKey: classes.length === 1 && classes[0] ? classKey(classes[0]) : null,
    subjectId: null,
    name: '',
    description: '',
    date: start.slice(0, 10),
    time: start.slice(11, 16),
    duration: DEFAULT_DURATION,
    provider: CALENDAR_PROVIDERS[0],
  };
}

/** The class chosen in the values. */
export const chosenClass = (s: Scheduler, v: ScheduleValues): AssessmentClass | undefined =>
  classesOf(s, v.schoolId).find((c) => classKey(c) === v.classKey);

/** The zone the values' date and time are read in: the chosen school's. */
export const zoneOf = (s: Scheduler, v: ScheduleValues, fallbackZone: string): string =>
  schoolsOf(s.classes).find((school) => school.id === v.schoolId)?.timeZone ?? fallbackZone;

/** The form's fields that can show a message. */
export type Field = 'schoolId' | 'class' | 'subjectId' | 'name' | 'description' | 'start';
/** A message of the `live` strings and its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * The contract's messages (the server sends the same ones) and the keys of their translations: the
 * screens show them in the reader's language, whether found here or in a refusal from the server.
 */
export const CONTRACT_MESSAGES: Readonly<Record<string, Problem>> = {
  [LIVE_CLASS_NAME_REQUIRED]: { key: 'validation.nameRequired' },
  [LIVE_CLASS_GRADE_REQUIRED]: { key: 'validation.classRequired' },
  [LIVE_CLASS_TOO_LONG]: { key: 'validation.tooLong', values: { hours: LIVE_CLASS_MAX_MINUTES / 60 } },
  [CALENDAR_END_AFTER_START]: { key: 'validation.endAfterStart' },
  [LIVE_ENTER_NAME]: { key: 'join.nameRequired' },
  [LINE_TEXT_MESSAGE]: { key: 'validation.lineText' },
  [FREE_TEXT_MESSAGE]: { key: 'validation.freeText' },
};

const FIELD_OF: Readonly<Record<string, Field>> = {
  name: 'name',
  description: 'description',
  start: 'start',
  end: 'start',
  schoolId: 'schoolId',
  boardId: 'class',
  grade: 'class',
  subjectId: 'subjectId',
};

/** The body the form sends (before validation), with its times read in the school's zone. */
export function toInput(s: Scheduler, v: ScheduleValues, zone: string): Record<string, unknown> {
  const choice = chosenClass(s, v);
  const start = zonedToIso(`${v.date}T${v.time}`, zone);
  return {
    name: v.name,
    description: v.description,
    start: start ?? '',
    end: start === null ? '' : new Date(Date.parse(start) + v.duration * 60_000).toISOString(),
    schoolId: v.schoolId ?? 0,
    boardId: choice?.boardId ?? 0,
    grade: choice?.grade,
    subjectId: v.subjectId,
    provider: v.provider,
  };
}

export type Validation =
  { ok: true; input: LiveClassValues } | { ok: false; problems: Partial<Record<Field, Problem>> };

/**
 * Checks the values with the contract's schema (the server's own), then what the schema cannot
 * know: a school and class chosen, and a subject where the teacher's assignments require one.
 */
export function validate(s: Scheduler, v: ScheduleValues, zone: string): Validation {
  const problems: Partial<Record<Field, Problem>> = {};
  const note = (field: Field, problem: Problem) => {
    problems[field] ??= problem;
  };
  if (v.schoolId === null) note('schoolId', { key: 'validation.schoolRequired' });
  const choice = chosenClass(s, v);
  if (!choice) note('class', { key: 'validation.classRequired' });
  else if (v.subjectId === null && subjectRule(s, choice).required)
    note('subjectId', { key: 'validation.subjectRequired' });
  const parsed = LiveClassInputSchema.safeParse(toInput(s, v, zone));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])] ?? 'name';
      const known = CONTRACT_MESSAGES[issue.message];
      const { code, maximum } = issue as { code: string; maximum?: unknown };
      note(
        field,
        known ??
          (code === 'too_big' && typeof maximum === 'number' && (field === 'name' || field === 'description')
            ? { key: 'validation.maxLength', values: { max: maximum } }
            : field === 'start'
              ? { key: 'validation.dateRequired' }
              : field === 'class'
                ? { key: 'validation.classRequired' }
                : { key: 'validation.invalid' }),
      );
    }
  }
  if (Object.keys(problems).length > 0 || !parsed.success) return { ok: false, problems };
  return { ok: true, input: parsed.data };
}
