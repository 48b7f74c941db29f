import { describe, expect, it } from 'vitest';
import type { AssessmentClass } from '@ki/contracts';
import { classFilterChoices, reportsQueryFrom } from './report-filters';

const now = Date.parse('2026-11-26T20:00:00.000Z');

describe('the reports’ query from the address', () => {
  it('opens on the last 30 days ending today in the school’s zone', () => {
    expect(reportsQueryFrom(new URLSearchParams(), now, 'Asia/Kolkata')).toEqual({
      from: '2026-10-29',
      to: '2026-11-27',
    });
    expect(reportsQueryFrom(new URLSearchParams(), now, 'UTC')).toEqual({ from: '2026-10-28', to: '2026-11-26' });
  });

  it('keeps a range and class given, swaps a range given backwards, drops what is malformed', () => {
    expect(
      reportsQueryFrom(new URLSearchParams('from=2026-09-01&to=2026-11-01&schoolId=3&grade=7&section=B'), now, 'UTC'),
    ).toEqual({
      from: '2026-09-01',
      to: '2026-11-01',
      schoolId: 3,
      grade: 7,
      section: 'B',
    });
    expect(reportsQueryFrom(new URLSearchParams('from=2026-11-01&to=2026-09-01'), now, 'UTC')).toEqual({
      from: '2026-09-01',
      to: '2026-11-01',
    });
    expect(reportsQueryFrom(new URLSearchParams('from=yesterday&grade=13&schoolId=-1&section=A'), now, 'UTC')).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
    });
  });
});

describe('the class filter', () => {
  const cls = (schoolId: number, grade: number, sections: string[]): AssessmentClass => ({
    schoolId,
    schoolName: `School ${schoolId}`,
    timeZone: 'Asia/Kolkata',
    boardId: 1,
    boardName: 'CBSE',
    grade,
    sections,
    subjects: [],
  });
  const classes = [cls(1, 7, ['A', 'B']), cls(1, 6, ['A']), cls(2, 8, ['C'])];
  it('offers the schools, the chosen school’s grades and the chosen grade’s sections', () => {
    expect(classFilterChoices(classes, undefined, undefined)).toEqual({
      schools: [
        { id: 1, name: 'School 1' },
        { id: 2, name: 'School 2' },
      ],
      grades: [6, 7, 8],
      sections: [],
    });
    expect(classFilterChoices(classes, 1, 7)).toMatchObject({ grades: [6, 7], sections: ['A', 'B'] });
  });
});
