import { describe, expect, it } from 'vitest';
import { ClassRoomParamsSchema, type AssessmentClass } from '@ki/contracts';
import {
  classCards,
  classRoomPath,
  filterStudents,
  isUnderWay,
  lastActiveText,
  matchesName,
  parseClassRoomPath,
} from './class-room-model';

const klass = (schoolId: number, grade: number, sections: string[]): AssessmentClass => ({
  schoolId,
  schoolName: `School ${schoolId}`,
  timeZone: 'Asia/Kolkata',
  boardId: 2,
  boardName: 'CBSE',
  grade,
  sections,
  subjects: [],
});

describe('classCards', () => {
  it('makes a card per section, grouped by school in the server’s order, leaving out grades with no section', () => {
    const schools = classCards([klass(1, 6, ['A', 'B']), klass(4, 7, ['A']), klass(1, 7, ['C']), klass(5, 8, [])]);
    expect(schools.map((s) => [s.schoolName, s.cards.map((c) => `${c.grade}${c.section}`)])).toEqual([
      ['School 1', ['6A', '6B', '7C']],
      ['School 4', ['7A']],
    ]);
    expect(schools[0]!.cards[0]).toEqual({
      schoolId: 1,
      schoolName: 'School 1',
      boardId: 2,
      boardName: 'CBSE',
      grade: 6,
      section: 'A',
    });
  });

  it('has no schools without classes', () => {
    expect(classCards([])).toEqual([]);
  });
});

describe('parseClassRoomPath', () => {
  it('reads school, board, grade and section', () => {
    expect(parseClassRoomPath('12/3/7/A')).toEqual({ schoolId: 12, boardId: 3, grade: 7, section: 'A' });
    expect(parseClassRoomPath('12/3/7/A/')).toEqual({ schoolId: 12, boardId: 3, grade: 7, section: 'A' });
  });

  it.each([
    undefined,
    '',
    '12/3/7',
    '12/3/7/A/B',
    'x/3/7/A',
    '12/3/13/A',
    '12/3/0/A',
    '12/0/7/A',
    '12/3/7/A%20B',
    '12/3/7.5/A',
    '12/3/-7/A',
    '2147483648/3/7/A',
    '12/3/7/ABCDEFGHI',
    '12/3/1e1/A',
  ])('names no class in %j', (rest) => {
    expect(parseClassRoomPath(rest)).toBeNull();
  });

  // The server's schema (zod) is not in the page's code: the two agree here.
  it.each([
    '12/3/7/A',
    '2147483647/1/12/B2',
    '1/1/1/abcdefgh',
    '12/3/7/A%20B',
    '12/3/13/A',
    '12/3/007/A',
    '0/3/7/A',
    '12/3/7/ABCDEFGHI',
  ])('agrees with the server’s params schema on %j', (rest) => {
    const [schoolId, boardId, grade, section] = rest.split('/');
    const parsed = ClassRoomParamsSchema.safeParse({ schoolId, boardId, grade, section });
    expect(parseClassRoomPath(rest)).toEqual(parsed.success ? parsed.data : null);
  });
});

describe('matchesName', () => {
  it.each([
    ['Aarav Patil', '', true],
    ['Aarav Patil', 'aar', true],
    ['Aarav Patil', 'pat aar', true],
    ['Aarav Patil', '  PATIL  ', true],
    ['Aarav Patil', 'aarav x', false],
    ['Zoë Fernandes', 'zoe', true],
    ['आरव पाटील', 'पाटील', true],
  ])('%s with %j: %s', (name, search, expected) => {
    expect(matchesName(name, search)).toBe(expected);
  });

  it('filters a list, keeping its order', () => {
    const s = (id: number, name: string) => ({
      id,
      name,
      topicsCompleted: 0,
      knowledgeCurrency: 0,
      lastActiveAt: null,
    });
    expect(filterStudents([s(1, 'Isha Patil'), s(2, 'Omkar'), s(3, 'Aarav Patil')], 'patil').map((x) => x.id)).toEqual([
      1, 3,
    ]);
  });
});

describe('lastActiveText', () => {
  // 26 November 2026, 00:30 in India (19:00 UTC the day before).
  const now = Date.parse('2026-11-25T19:00:00.000Z');
  it.each([
    ['2026-11-25T18:45:00.000Z', 'today'],
    // 23:00 in India on the 25th: yesterday there, though the same UTC day as now.
    ['2026-11-25T17:30:00.000Z', 'yesterday'],
    ['2026-11-20T06:00:00.000Z', '6 days ago'],
    ['2026-11-19T06:00:00.000Z', '19 Nov 2026'],
  ])('%s reads %s by the school’s calendar days', (iso, text) => {
    expect(lastActiveText(iso, now, 'Asia/Kolkata', 'en')).toBe(text);
  });

  it('speaks the reader’s language with Western digits', () => {
    expect(lastActiveText('2026-11-23T06:00:00.000Z', now, 'Asia/Kolkata', 'hi')).toBe('3 दिन पहले');
  });
});

describe('isUnderWay', () => {
  const e = { start: '2026-11-26T06:00:00.000Z', end: '2026-11-26T07:00:00.000Z' };
  it.each([
    ['2026-11-26T05:59:59.000Z', false],
    ['2026-11-26T06:00:00.000Z', true],
    ['2026-11-26T06:59:59.000Z', true],
    ['2026-11-26T07:00:00.000Z', false],
  ])('at %s: %s', (at, expected) => {
    expect(isUnderWay(e, Date.parse(at))).toBe(expected);
  });
});

describe('classRoomPath', () => {
  it('is the path parseClassRoomPath reads back', () => {
    const key = { schoolId: 12, boardId: 3, grade: 7, section: 'A' };
    expect(classRoomPath(key)).toBe('/class-rooms/12/3/7/A');
    expect(parseClassRoomPath(classRoomPath(key).replace('/class-rooms/', ''))).toEqual(key);
  });
});
