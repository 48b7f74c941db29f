import { describe, expect, it } from 'vitest';
import { CLASS_VII } from './test-api';
import {
  chosenClass,
  newValues,
  subjectRule,
  toInput,
  validate,
  type Scheduler,
  type ScheduleValues,
} from './schedule-model';

const IST = 'Asia/Kolkata';
const CLASS_VIII = { ...CLASS_VII, grade: 8, subjects: [{ id: 5, name: 'Science' }] };
const AHMEDABAD = { ...CLASS_VII, schoolId: 2, schoolName: 'Ahmedabad School' };

const teacher = (covers: Scheduler['covers'], classes = [CLASS_VII]): Scheduler => ({
  wholeSchool: false,
  classes,
  covers,
});
const principal: Scheduler = { wholeSchool: true, classes: [CLASS_VII, CLASS_VIII], covers: [] };
// 26 November 2026, 11:43:20 in India.
const NOW = Date.parse('2026-11-26T06:13:20.000Z');

const values = (extra: Partial<ScheduleValues> = {}): ScheduleValues => ({
  ...newValues(teacher([{ schoolId: 1, grade: 7, subjectId: 5 }]), NOW, IST),
  name: 'Light and shadows',
  subjectId: 5,
  ...extra,
});

describe('a new live class’s form', () => {
  it('starts now, rounded down to 5 minutes on the school’s clock, for 45 minutes on Jitsi Meet, with the only class chosen', () => {
    expect(newValues(teacher([]), NOW, IST)).toEqual({
      schoolId: 1,
      classKey: '2:7',
      subjectId: null,
      name: '',
      description: '',
      date: '2026-11-26',
      time: '11:40',
      duration: 45,
      provider: 'jitsi',
    });
  });

  it('chooses no school or class when there are several', () => {
    expect(newValues({ ...principal, classes: [CLASS_VII, AHMEDABAD] }, NOW, IST)).toMatchObject({
      schoolId: null,
      classKey: null,
    });
    expect(newValues(principal, NOW, IST)).toMatchObject({ schoolId: 1, classKey: null });
  });
});

describe('the subject', () => {
  it('is required of a teacher whose assignment names subjects, optional for principals and whole-grade teachers', () => {
    expect(subjectRule(teacher([{ schoolId: 1, grade: 7, subjectId: 5 }]), CLASS_VII).required).toBe(true);
    expect(subjectRule(teacher([{ schoolId: 1, grade: 7, subjectId: null }]), CLASS_VII).required).toBe(false);
    expect(subjectRule(principal, CLASS_VII)).toEqual({ options: CLASS_VII.subjects, required: false });
  });
});

describe('validation (the contract’s schema and messages)', () => {
  const s = teacher([{ schoolId: 1, grade: 7, subjectId: 5 }]);

  it('sends the class, the start and end in the school’s zone and the service', () => {
    const result = validate(s, values({ description: 'Bring a torch', duration: 60, provider: 'bigbluebutton' }), IST);
    expect(result).toEqual({
      ok: true,
      input: {
        name: 'Light and shadows',
        description: 'Bring a torch',
        start: '2026-11-26T06:10:00.000Z',
        end: '2026-11-26T07:10:00.000Z',
        schoolId: 1,
        boardId: 2,
        grade: 7,
        subjectId: 5,
        provider: 'bigbluebutton',
      },
    });
  });

  it('names each problem in the contract’s words', () => {
    const result = validate(s, values({ name: '  ', subjectId: null, date: '' }), IST);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual({
      name: { key: 'validation.nameRequired' },
      subjectId: { key: 'validation.subjectRequired' },
      start: { key: 'validation.dateRequired' },
    });
  });

  it('asks for a class before anything else about it', () => {
    const result = validate(principal, { ...values(), classKey: null }, IST);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.class).toEqual({ key: 'validation.classRequired' });
    expect(chosenClass(principal, { ...values(), classKey: '2:8' })?.grade).toBe(8);
  });

  it('refuses a name longer than the contract allows', () => {
    const result = validate(s, values({ name: 'x'.repeat(500) }), IST);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.name?.key).toBe('validation.maxLength');
  });

  it('reads the date and time in the school’s zone, not the device’s', () => {
    expect(toInput(s, values({ date: '2026-11-27', time: '09:00' }), IST).start).toBe('2026-11-27T03:30:00.000Z');
  });
});
