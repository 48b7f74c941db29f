import {
  CALENDAR_DEFAULT_DURATION,
  CALENDAR_DURATIONS,
  CALENDAR_END_AFTER_START,
  CALENDAR_EVENT_MAX_DAYS,
  CALENDAR_GRADE_NEEDS_BOARD,
  CALENDAR_JOIN_URL_HTTPS,
  CALENDAR_NAME_REQUIRED,
  CALENDAR_SUBJECT_NEEDS_GRADE,
  CALENDAR_TOO_LONG,
  CalendarEventInputSchema,
  FREE_TEXT_MESSAGE,
  LINE_TEXT_MESSAGE,
  type CalendarEvent,
  type CalendarEventInput,
  type CalendarEventType,
  type CalendarProvider,
} from '@ki/contracts';
import { schoolsOf, type StaffScope } from '../../lib/staff-classes';
import { isoToZoned, zonedToIso } from '../../lib/zoned-time';
import { addDays, isWholeDays } from './calendar-time';

/**
 * The event form's rules, apart from its screen (issue #26): which schools, classes and subjects a
 * writer is offered (the same rules the server's policy/calendar.ts enforces: hiding is comfort, the
 * server decides), the start, duration and end arithmetic in the school's zone, and validation with
 * the contract's own schema, its messages turned into keys of the `calendar` strings.
 */

/** What a staff member may put events on: principals and super-admins also the whole school. */
export type Writer = StaffScope;

/** The form's class choice: the whole school, or one board and grade. */
export const WHOLE_SCHOOL = 'school';
export const classKey = (boardId: number | null, grade: number | null): string =>
  boardId === null || grade === null ? WHOLE_SCHOOL : `${boardId}:${grade}`;

export interface ClassChoice {
  key: string;
  boardId: number | null;
  boardName: string | null;
  grade: number | null;
  subjects: readonly { id: number; name: string }[];
}

type Existing = Pick<CalendarEvent, 'schoolId' | 'boardId' | 'boardName' | 'grade' | 'subjectId' | 'subjectName'>;

/**
 * The classes of one school the writer may choose: the whole school first (principals and
 * super-admins), then each board and grade. An event being edited keeps its own class among them,
 * even where the writer's list lacks it (a school's grade no longer offered).
 */
export function classChoices(writer: Writer, schoolId: number | null, existing?: Existing): ClassChoice[] {
  const choices: ClassChoice[] = writer.wholeSchool
    ? [{ key: WHOLE_SCHOOL, boardId: null, boardName: null, grade: null, subjects: [] }]
    : [];
  for (const c of writer.classes) {
    if (c.schoolId === schoolId)
      choices.push({
        key: classKey(c.boardId, c.grade),
        boardId: c.boardId,
        boardName: c.boardName,
        grade: c.grade,
        subjects: c.subjects,
      });
  }
  if (
    existing &&
    existing.schoolId === schoolId &&
    !choices.some((c) => c.key === classKey(existing.boardId, existing.grade))
  )
    choices.push({
      key: classKey(existing.boardId, existing.grade),
      boardId: existing.boardId,
      boardName: existing.boardName,
      grade: existing.grade,
      subjects: [],
    });
  return choices;
}

export interface SubjectRule {
  options: readonly { id: number; name: string }[];
  /** A teacher whose assignments name subjects must put the event on one of them. */
  required: boolean;
}

/**
 * The subjects offered for a class. Optional for principals and super-admins (none are listed for
 * them) and for a teacher whose assignment covers every subject of that school's grade; otherwise the
 * teacher picks one of the class's subjects, as the server requires.
 */
export function subjectRule(
  writer: Writer,
  schoolId: number | null,
  choice: ClassChoice | undefined,
  existing?: Existing,
): SubjectRule {
  if (!choice || choice.grade === null) return { options: [], required: false };
  const options = [...choice.subjects];
  if (
    existing?.subjectId != null &&
    existing.schoolId === schoolId &&
    classKey(existing.boardId, existing.grade) === choice.key &&
    !options.some((s) => s.id === existing.subjectId)
  )
    options.push({ id: existing.subjectId, name: existing.subjectName ?? '' });
  const required =
    !writer.wholeSchool &&
    !writer.covers.some((c) => c.schoolId === schoolId && c.grade === choice.grade && c.subjectId === null);
  return { options, required };
}

/** The form's fields. Dates and times are wall-clock readings of the school's zone. */
export interface EventFormValues {
  name: string;
  type: CalendarEventType | null;
  schoolId: number | null;
  /** WHOLE_SCHOOL, 'boardId:grade', or null before a class is chosen. */
  classKey: string | null;
  subjectId: number | null;
  /** Whole days: from the start day's midnight to the midnight after the end day. */
  allDay: boolean;
  /** 'YYYY-MM-DD' */
  startDate: string;
  /** 'HH:mm' */
  startTime: string;
  /** The end day ('YYYY-MM-DD'); with allDay, the last day of the event. */
  endDate: string;
  endTime: string;
  /** The duration picked (minutes), null when the end was set by hand to another length. */
  duration: number | null;
  /** Sent as defaultDuration: the last duration picked, which editing offers again. */
  defaultDuration: number;
  description: string;
  joinUrl: string;
  serviceName: CalendarProvider | null;
  /** A programme's broadcaster or presenter (by whom); sent only with the programme type. */
  hostName: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const split = (zoned: string) => ({ date: zoned.slice(0, 10), time: zoned.slice(11, 16) });
const matching = (minutes: number): number | null =>
  (CALENDAR_DURATIONS as readonly number[]).includes(minutes) ? minutes : null;

/** The start instant of the values in a zone (ms), or null while a date or time is missing. */
export function startOf(v: EventFormValues, zone: string): number | null {
  const iso = zonedToIso(`${v.startDate}T${v.allDay ? '00:00' : v.startTime}`, zone);
  return iso === null ? null : Date.parse(iso);
}

/** The end instant of the values in a zone (ms): for whole days, the midnight after the last day. */
export function endOf(v: EventFormValues, zone: string): number | null {
  const iso = v.allDay
    ? zonedToIso(`${addDays(v.endDate, 1)}T00:00`, zone)
    : zonedToIso(`${v.endDate}T${v.endTime}`, zone);
  return iso === null ? null : Date.parse(iso);
}

function withEnd(v: EventFormValues, endMs: number, zone: string): EventFormValues {
  const end = split(isoToZoned(endMs, zone));
  return { ...v, endDate: end.date, endTime: end.time };
}

/** Picking a duration sets the end from the start. */
export function pickDuration(v: EventFormValues, minutes: number, zone: string): EventFormValues {
  const start = startOf(v, zone);
  const next = { ...v, duration: minutes, defaultDuration: minutes };
  return start === null ? next : withEnd(next, start + minutes * MINUTE, zone);
}

/** A new start keeps the picked duration (the end moves with it); an end set by hand stays. */
export function changeStart(
  v: EventFormValues,
  change: { date?: string; time?: string },
  zone: string,
): EventFormValues {
  const next = { ...v, startDate: change.date ?? v.startDate, startTime: change.time ?? v.startTime };
  if (next.allDay) return next.endDate < next.startDate ? { ...next, endDate: next.startDate } : next;
  return next.duration === null ? next : pickDuration(next, next.duration, zone);
}

/** An end set by hand: the duration shows the matching choice, or none. */
export function changeEnd(v: EventFormValues, change: { date?: string; time?: string }, zone: string): EventFormValues {
  const next = { ...v, endDate: change.date ?? v.endDate, endTime: change.time ?? v.endTime };
  if (next.allDay) return next;
  const start = startOf(next, zone);
  const end = endOf(next, zone);
  return { ...next, duration: start === null || end === null ? null : matching((end - start) / MINUTE) };
}

/** Whole days on: the days stay; off: the start day at the start time, for the last duration picked. */
export function changeAllDay(v: EventFormValues, allDay: boolean, zone: string): EventFormValues {
  if (allDay) return { ...v, allDay, endDate: v.endDate < v.startDate ? v.startDate : v.endDate };
  return pickDuration({ ...v, allDay }, v.defaultDuration, zone);
}

/** Where a new event's times come from: a range chosen on the calendar, else the next full hour. */
export interface NewEventAt {
  /** A day or time range selected on the grid (instants), `allDay` for whole days of a month view. */
  range?: { start: number; end: number; allDay: boolean };
  now: number;
}

/** A school day's first hour, for a single day picked on a month view. */
const DAY_START = '09:00';

/**
 * A new event's values: the only school and, for a teacher, their only class there preselected; the
 * type a teacher most often adds (a class), the whole school's for others (an event).
 */
export function newEventValues(writer: Writer, at: NewEventAt, zone: string): EventFormValues {
  const schools = schoolsOf(writer.classes);
  const schoolId = schools.length === 1 ? (schools[0]?.id ?? null) : null;
  const choices = classChoices(writer, schoolId);
  const teacherClass = !writer.wholeSchool && choices.length === 1 ? (choices[0]?.key ?? null) : null;
  const base: EventFormValues = {
    name: '',
    type: writer.wholeSchool ? 'event' : 'class',
    schoolId,
    classKey: writer.wholeSchool ? WHOLE_SCHOOL : teacherClass,
    subjectId: null,
    allDay: false,
    startDate: '',
    startTime: '',
    endDate: '',
    endTime: '',
    duration: CALENDAR_DEFAULT_DURATION,
    defaultDuration: CALENDAR_DEFAULT_DURATION,
    description: '',
    joinUrl: '',
    serviceName: null,
    hostName: '',
  };
  const range = at.range;
  if (range && range.allDay && range.end - range.start > DAY) {
    // Several days picked on a month view: whole days (exams, a vacation).
    const first = split(isoToZoned(range.start, zone)).date;
    const last = addDays(split(isoToZoned(range.end, zone)).date, -1);
    return {
      ...base,
      allDay: true,
      duration: null,
      startDate: first,
      startTime: DAY_START,
      endDate: last,
      endTime: DAY_START,
    };
  }
  if (range && range.allDay) {
    const day = split(isoToZoned(range.start, zone)).date;
    return pickDuration({ ...base, startDate: day, startTime: DAY_START }, CALENDAR_DEFAULT_DURATION, zone);
  }
  if (range) {
    const start = split(isoToZoned(range.start, zone));
    const end = split(isoToZoned(range.end, zone));
    return {
      ...base,
      startDate: start.date,
      startTime: start.time,
      endDate: end.date,
      endTime: end.time,
      duration: matching((range.end - range.start) / MINUTE),
    };
  }
  // The next full hour of the school's clock (India's is half an hour off UTC's hours).
  const hourStarted = zonedToIso(`${isoToZoned(at.now, zone).slice(0, 13)}:00`, zone);
  const start = split(isoToZoned((hourStarted === null ? at.now : Date.parse(hourStarted)) + 60 * MINUTE, zone));
  return pickDuration({ ...base, startDate: start.date, startTime: start.time }, CALENDAR_DEFAULT_DURATION, zone);
}

/** An event's values for editing, read in its school's zone. */
export function editEventValues(event: CalendarEvent): EventFormValues {
  const startMs = Date.parse(event.start);
  const endMs = Date.parse(event.end);
  const allDay = isWholeDays(startMs, endMs, event.timeZone);
  const start = split(isoToZoned(startMs, event.timeZone));
  const end = split(isoToZoned(allDay ? endMs - DAY : endMs, event.timeZone));
  return {
    name: event.name,
    type: event.type,
    schoolId: event.schoolId,
    classKey: classKey(event.boardId, event.grade),
    subjectId: event.subjectId,
    allDay,
    startDate: start.date,
    startTime: allDay ? DAY_START : start.time,
    endDate: end.date,
    endTime: allDay ? DAY_START : end.time,
    duration: allDay ? null : matching((endMs - startMs) / MINUTE),
    defaultDuration: event.defaultDuration,
    description: event.description,
    joinUrl: event.joinUrl ?? '',
    serviceName: event.serviceName,
    hostName: event.hostName ?? '',
  };
}

/** The form's fields that can show a message. */
export type Field =
  | 'name'
  | 'type'
  | 'schoolId'
  | 'class'
  | 'subjectId'
  | 'start'
  | 'end'
  | 'description'
  | 'joinUrl'
  | 'serviceName'
  | 'hostName';
/** A message of the `calendar` strings (validation.*) and its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * The contract's messages (the server sends the same ones) and the keys of their translations: the
 * form shows them in the reader's language, whether found here or in a refusal from the server.
 */
export const CONTRACT_MESSAGES: Readonly<Record<string, Problem>> = {
  [CALENDAR_NAME_REQUIRED]: { key: 'validation.nameRequired' },
  [CALENDAR_END_AFTER_START]: { key: 'validation.endAfterStart' },
  [CALENDAR_TOO_LONG]: { key: 'validation.tooLong', values: { days: CALENDAR_EVENT_MAX_DAYS } },
  [CALENDAR_GRADE_NEEDS_BOARD]: { key: 'validation.gradeNeedsBoard' },
  [CALENDAR_SUBJECT_NEEDS_GRADE]: { key: 'validation.subjectNeedsGrade' },
  [CALENDAR_JOIN_URL_HTTPS]: { key: 'validation.joinUrlHttps' },
  [LINE_TEXT_MESSAGE]: { key: 'validation.lineText' },
  [FREE_TEXT_MESSAGE]: { key: 'validation.freeText' },
};

const FIELD_OF: Readonly<Record<string, Field>> = {
  name: 'name',
  type: 'type',
  schoolId: 'schoolId',
  boardId: 'class',
  grade: 'class',
  subjectId: 'subjectId',
  start: 'start',
  end: 'end',
  defaultDuration: 'end',
  description: 'description',
  joinUrl: 'joinUrl',
  serviceName: 'serviceName',
  hostName: 'hostName',
};

/** What the schema says of one field when it has no message of the contract's own. */
function otherProblem(field: Field, issue: { code: string; maximum?: unknown }): Problem {
  if (
    issue.code === 'too_big' &&
    typeof issue.maximum === 'number' &&
    (field === 'name' || field === 'description' || field === 'joinUrl' || field === 'hostName')
  )
    return { key: 'validation.maxLength', values: { max: issue.maximum } };
  if (field === 'start' || field === 'end') return { key: 'validation.dateRequired' };
  if (field === 'type') return { key: 'validation.typeRequired' };
  if (field === 'schoolId') return { key: 'validation.schoolRequired' };
  if (field === 'class') return { key: 'validation.classRequired' };
  return { key: 'validation.invalid' };
}

/** The class chosen in the values, among the school's choices. */
export const chosenClass = (writer: Writer, v: EventFormValues, existing?: Existing): ClassChoice | undefined =>
  classChoices(writer, v.schoolId, existing).find((c) => c.key === v.classKey);

/** The body the form sends (before validation), with its times read in the school's zone. */
export function toInput(
  writer: Writer,
  v: EventFormValues,
  zone: string,
  existing?: Existing,
): Record<string, unknown> {
  const choice = chosenClass(writer, v, existing);
  const start = startOf(v, zone);
  const end = endOf(v, zone);
  return {
    name: v.name,
    description: v.description,
    start: start === null ? '' : new Date(start).toISOString(),
    end: end === null ? '' : new Date(end).toISOString(),
    defaultDuration: v.defaultDuration,
    schoolId: v.schoolId ?? 0,
    boardId: choice?.boardId ?? null,
    grade: choice?.grade ?? null,
    subjectId: choice?.grade == null ? null : v.subjectId,
    type: v.type ?? undefined,
    joinUrl: v.joinUrl.trim() === '' ? null : v.joinUrl,
    serviceName: v.serviceName,
    hostName: v.type === 'programme' && v.hostName.trim() !== '' ? v.hostName : null,
  };
}

export type Validation =
  { ok: true; input: CalendarEventInput } | { ok: false; problems: Partial<Record<Field, Problem>> };

/**
 * Checks the values with the contract's schema (the server's own), then the writer's rules the
 * schema cannot know: a class chosen, and a subject where the teacher's assignments require one.
 */
export function validate(writer: Writer, v: EventFormValues, zone: string, existing?: Existing): Validation {
  const problems: Partial<Record<Field, Problem>> = {};
  const note = (field: Field, problem: Problem) => {
    problems[field] ??= problem;
  };
  const parsed = CalendarEventInputSchema.safeParse(toInput(writer, v, zone, existing));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])] ?? 'name';
      note(
        field,
        CONTRACT_MESSAGES[issue.message] ?? otherProblem(field, issue as { code: string; maximum?: unknown }),
      );
    }
  }
  const choice = chosenClass(writer, v, existing);
  if (v.schoolId !== null && !choice) note('class', { key: 'validation.classRequired' });
  if (choice && v.subjectId === null && subjectRule(writer, v.schoolId, choice, existing).required)
    note('subjectId', { key: 'validation.subjectRequired' });
  if (Object.keys(problems).length > 0 || !parsed.success) return { ok: false, problems };
  return { ok: true, input: parsed.data };
}
