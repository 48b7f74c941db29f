import { describe, expect, it } from 'vitest';
import type { AssessmentClass, CalendarEvent } from '@ki/contracts';
import { formatWhen, isWholeDays, sharedZone } from './calendar-time';
import {
  changeAllDay,
  changeEnd,
  changeStart,
  classChoices,
  editEventValues,
  newEventValues,
  pickDuration,
  subjectRule,
  validate,
  type EventFormValues,
  type Writer,
} from './event-form-model';

const IST = 'Asia/Kolkata';
const at = (iso: string) => Date.parse(iso);

const cls = (schoolId: number, grade: number, subjects: { id: number; name: string }[] = []): AssessmentClass => ({
  schoolId,
  schoolName: `School ${schoolId}`,
  timeZone: IST,
  boardId: 2,
  boardName: 'CBSE',
  grade,
  sections: [],
  subjects,
});
const SCIENCE = { id: 5, name: 'Science' };
const teacher = (covers: Writer['covers'], classes = [cls(1, 8, [SCIENCE])]): Writer => ({
  wholeSchool: false,
  classes,
  covers,
});
const principal: Writer = { wholeSchool: true, classes: [cls(1, 7), cls(1, 8)], covers: [] };

const values = (extra: Partial<EventFormValues> = {}): EventFormValues => ({
  name: 'Science test',
  type: 'test',
  schoolId: 1,
  classKey: '2:8',
  subjectId: 5,
  allDay: false,
  startDate: '2026-11-27',
  startTime: '10:00',
  endDate: '2026-11-27',
  endTime: '11:00',
  duration: 60,
  defaultDuration: 60,
  description: '',
  joinUrl: '',
  serviceName: null,
  hostName: '',
  ...extra,
});

describe('what a writer is offered (the server’s rules: policy/calendar.ts)', () => {
  it('offers principals and super-admins the whole school first, teachers their classes only', () => {
    expect(classChoices(principal, 1).map((c) => c.key)).toEqual(['school', '2:7', '2:8']);
    expect(classChoices(teacher([{ schoolId: 1, grade: 8, subjectId: null }]), 1).map((c) => c.key)).toEqual(['2:8']);
    expect(classChoices(principal, 99)).toEqual([
      { key: 'school', boardId: null, boardName: null, grade: null, subjects: [] },
    ]);
  });

  it('lets a teacher leave out the subject only where an assignment covers every subject of that grade', () => {
    const all = teacher([{ schoolId: 1, grade: 8, subjectId: null }]);
    const some = teacher([{ schoolId: 1, grade: 8, subjectId: 5 }]);
    const elsewhere = teacher([
      { schoolId: 1, grade: 8, subjectId: 5 },
      { schoolId: 2, grade: 8, subjectId: null },
    ]);
    for (const [writer, required] of [
      [all, false],
      [some, true],
      [elsewhere, true],
    ] as const) {
      const rule = subjectRule(writer, 1, classChoices(writer, 1)[0]);
      expect(rule).toEqual({ options: [SCIENCE], required });
    }
    // Principals: optional, and none listed; the whole school has no subject at all.
    expect(subjectRule(principal, 1, classChoices(principal, 1)[2])).toEqual({ options: [], required: false });
    expect(subjectRule(principal, 1, classChoices(principal, 1)[0])).toEqual({ options: [], required: false });
  });

  it('keeps an edited event’s own class and subject among the choices', () => {
    const existing = { schoolId: 1, boardId: 3, boardName: 'ICSE', grade: 9, subjectId: 6, subjectName: 'Maths' };
    const choices = classChoices(principal, 1, existing);
    expect(choices.map((c) => c.key)).toEqual(['school', '2:7', '2:8', '3:9']);
    expect(subjectRule(principal, 1, choices[3], existing).options).toEqual([{ id: 6, name: 'Maths' }]);
  });

  it('refuses a teacher’s event without a subject where one is needed, and any event without a class', () => {
    const some = teacher([{ schoolId: 1, grade: 8, subjectId: 5 }]);
    expect(validate(some, values({ subjectId: null }), IST)).toEqual({
      ok: false,
      problems: { subjectId: { key: 'validation.subjectRequired' } },
    });
    expect(validate(some, values({ classKey: null, subjectId: null }), IST)).toEqual({
      ok: false,
      problems: { class: { key: 'validation.classRequired' } },
    });
  });
});

describe('start, duration and end, in the school’s zone', () => {
  it('starts a new event at the next full hour of the school’s clock, for the default hour', () => {
    // 11:40 in India (06:10 UTC): noon, not 12:30 (the next full hour of UTC).
    const v = newEventValues(principal, { now: at('2026-11-26T06:10:00Z') }, IST);
    expect([v.startDate, v.startTime, v.endDate, v.endTime, v.duration]).toEqual([
      '2026-11-26',
      '12:00',
      '2026-11-26',
      '13:00',
      60,
    ]);
    expect([v.schoolId, v.classKey, v.type]).toEqual([1, 'school', 'event']);
    const late = newEventValues(principal, { now: at('2026-11-26T18:00:00Z') }, IST);
    expect([late.startDate, late.startTime, late.endDate, late.endTime]).toEqual([
      '2026-11-27',
      '00:00',
      '2026-11-27',
      '01:00',
    ]);
  });

  it('reads a range picked on the grid: times as picked, one day at the school day’s start, several as whole days', () => {
    const now = at('2026-11-26T06:10:00Z');
    const timed = newEventValues(
      principal,
      { now, range: { start: at('2026-11-27T04:30:00Z'), end: at('2026-11-27T05:00:00Z'), allDay: false } },
      IST,
    );
    expect([timed.startTime, timed.endTime, timed.duration, timed.allDay]).toEqual(['10:00', '10:30', 30, false]);
    const day = newEventValues(
      principal,
      { now, range: { start: at('2026-11-26T18:30:00Z'), end: at('2026-11-27T18:30:00Z'), allDay: true } },
      IST,
    );
    expect([day.startDate, day.startTime, day.endTime, day.allDay]).toEqual(['2026-11-27', '09:00', '10:00', false]);
    const days = newEventValues(
      principal,
      { now, range: { start: at('2026-11-29T18:30:00Z'), end: at('2026-12-02T18:30:00Z'), allDay: true } },
      IST,
    );
    expect([days.allDay, days.startDate, days.endDate]).toEqual([true, '2026-11-30', '2026-12-02']);
    // Whole days run from the first day's midnight to the midnight after the last.
    const result = validate(principal, { ...days, name: 'Exams' }, IST);
    expect(result.ok && [result.input.start, result.input.end]).toEqual([
      '2026-11-29T18:30:00.000Z',
      '2026-12-02T18:30:00.000Z',
    ]);
  });

  it('moves the end with the start while a duration is picked, and shows "other" for an end set by hand', () => {
    const moved = changeStart(values(), { time: '23:30' }, IST);
    expect([moved.endDate, moved.endTime]).toEqual(['2026-11-28', '00:30']);
    const byHand = changeEnd(values(), { time: '12:30' }, IST);
    expect([byHand.duration, byHand.defaultDuration]).toEqual([null, 60]);
    expect(changeEnd(values(), { time: '13:00' }, IST).duration).toBe(180);
    expect(changeStart(byHand, { time: '09:00' }, IST).endTime).toBe('12:30');
    const picked = pickDuration(byHand, 90, IST);
    expect([picked.endTime, picked.duration, picked.defaultDuration]).toEqual(['11:30', 90, 90]);
    const whole = changeAllDay(values(), true, IST);
    expect(changeAllDay(whole, false, IST).endTime).toBe('11:00');
  });

  it('reads an event back for editing in its school’s zone, whole days included', () => {
    const event = {
      name: 'Diwali',
      start: '2026-11-08T18:30:00.000Z',
      end: '2026-11-11T18:30:00.000Z',
      defaultDuration: 60,
      timeZone: IST,
      schoolId: 1,
      boardId: null,
      grade: null,
      subjectId: null,
      type: 'holiday',
      description: '',
      joinUrl: null,
      serviceName: null,
    } as unknown as CalendarEvent;
    const v = editEventValues(event);
    expect([v.allDay, v.startDate, v.endDate, v.classKey, v.duration]).toEqual([
      true,
      '2026-11-09',
      '2026-11-11',
      'school',
      null,
    ]);
    const result = validate(principal, v, IST);
    expect(result.ok && [result.input.start, result.input.end]).toEqual([event.start, event.end]);
  });
});

describe('validation in the contract’s words', () => {
  it('turns the schema’s messages into keys of the calendar strings', () => {
    const check = (v: Partial<EventFormValues>) => {
      const result = validate(principal, values({ classKey: 'school', subjectId: null, ...v }), IST);
      return result.ok ? null : result.problems;
    };
    expect(check({ name: '  ' })).toEqual({ name: { key: 'validation.nameRequired' } });
    expect(check({ name: 'x'.repeat(121) })).toEqual({ name: { key: 'validation.maxLength', values: { max: 120 } } });
    expect(check({ endTime: '10:00' })).toEqual({ end: { key: 'validation.endAfterStart' } });
    expect(check({ endDate: '2026-12-29' })).toEqual({ end: { key: 'validation.tooLong', values: { days: 31 } } });
    expect(check({ joinUrl: 'http://meet.example.org' })).toEqual({ joinUrl: { key: 'validation.joinUrlHttps' } });
    expect(check({ startDate: '' })).toEqual({ start: { key: 'validation.dateRequired' } });
    expect(check({ name: 'Line\nbreak' })).toEqual({ name: { key: 'validation.lineText' } });
    expect(check({ schoolId: null, classKey: null })).toEqual({ schoolId: { key: 'validation.schoolRequired' } });
    expect(check({})).toBeNull();
  });
});

describe('calendar times', () => {
  it('shows an event’s time in its school’s zone and language, whole days as days', () => {
    const event = { start: '2026-11-26T04:30:00.000Z', end: '2026-11-26T05:30:00.000Z', timeZone: IST };
    expect(formatWhen(event, 'en')).toMatch(/^Thu, 26 Nov,? 2026,? 10:00\s*–\s*11:00\s*am$/i);
    expect(formatWhen(event, 'hi')).toContain('10:00');
    expect(formatWhen({ ...event, timeZone: 'Europe/London' }, 'en')).toMatch(/4:30\s*–\s*5:30\s*am/i);
    expect(
      formatWhen({ start: '2026-11-08T18:30:00.000Z', end: '2026-11-09T18:30:00.000Z', timeZone: IST }, 'en'),
    ).toBe('Mon, 9 Nov, 2026');
    expect(
      formatWhen({ start: '2026-11-08T18:30:00.000Z', end: '2026-11-11T18:30:00.000Z', timeZone: IST }, 'en'),
    ).toMatch(/^Mon, 9.*Wed, 11 Nov,? 2026$/);
  });

  it('knows whole days of a zone, and the one zone schools share', () => {
    expect(isWholeDays(at('2026-11-08T18:30:00Z'), at('2026-11-09T18:30:00Z'), IST)).toBe(true);
    expect(isWholeDays(at('2026-11-08T18:30:00Z'), at('2026-11-09T18:30:00Z'), 'UTC')).toBe(false);
    expect(isWholeDays(at('2026-11-08T18:30:00Z'), at('2026-11-08T19:30:00Z'), IST)).toBe(false);
    expect(sharedZone([IST, IST])).toBe(IST);
    expect(sharedZone(['Asia/Dubai'])).toBe('Asia/Dubai');
    expect(sharedZone([IST, 'Asia/Dubai'])).toBe(IST);
    expect(sharedZone([])).toBe(IST);
  });
});
