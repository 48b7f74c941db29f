import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyseQuestion,
  discriminationGroupSize,
  discriminationGroups,
  type AttemptTotal,
  type ItemResponse,
} from './item-analysis';

const FC = { seed: 20_261_127, numRuns: 500 } as const;

/** Ten students of one test (worked by hand below). */
const TOTALS: AttemptTotal[] = [
  { studentId: 1, totalMarks: 900 },
  { studentId: 2, totalMarks: 800 },
  { studentId: 3, totalMarks: 800 },
  { studentId: 4, totalMarks: 700 },
  { studentId: 5, totalMarks: 600 },
  { studentId: 6, totalMarks: 500 },
  { studentId: 7, totalMarks: 400 },
  { studentId: 8, totalMarks: 300 },
  { studentId: 9, totalMarks: 300 },
  { studentId: 10, totalMarks: 100 },
];

function choice(studentId: number, option: string | null, right = 'b'): ItemResponse {
  return { studentId, credit: option === right ? 1 : 0, chosenOptionIds: option === null ? [] : [option] };
}

describe('discriminationGroupSize (27 % groups)', () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 1],
    [3, 1],
    [5, 1],
    [6, 2],
    [10, 3],
    [50, 14],
    [100, 27],
    [2000, 540],
  ])('%i students -> groups of %i', (n, size) => {
    expect(discriminationGroupSize(n)).toBe(size);
  });

  it('refuses a count that is not a whole number of students', () => {
    expect(() => discriminationGroupSize(-1)).toThrow(RangeError);
    expect(() => discriminationGroupSize(2.5)).toThrow(RangeError);
  });

  it('never lets the groups overlap and never leaves them empty from 2 students up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 100_000 }), (n) => {
        const size = discriminationGroupSize(n);
        return size >= 1 && 2 * size <= n;
      }),
      FC,
    );
  });
});

describe('discriminationGroups', () => {
  it('takes the top and bottom 3 of 10 by marks, ties by student id', () => {
    const groups = discriminationGroups(TOTALS);
    expect([...groups.upper].sort((a, b) => a - b)).toEqual([1, 2, 3]);
    expect([...groups.lower].sort((a, b) => a - b)).toEqual([8, 9, 10]);
  });

  it('does not depend on the order the attempts come in', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(TOTALS, { minLength: TOTALS.length }), (shuffled) => {
        const groups = discriminationGroups(shuffled);
        return [...groups.upper].sort().join() === '1,2,3' && [...groups.lower].sort().join() === '10,8,9';
      }),
      FC,
    );
  });

  it('has no groups below 2 students and refuses a student passed twice', () => {
    const one = discriminationGroups([{ studentId: 7, totalMarks: 300 }]);
    expect(one.upper.size + one.lower.size).toBe(0);
    expect(() => discriminationGroups([TOTALS[0]!, TOTALS[0]!])).toThrow(RangeError);
  });
});

describe('analyseQuestion', () => {
  it('worked example: multiple choice, b right, 10 students', () => {
    // 1 b, 2 b, 3 c, 4 b, 5 b, 6 a, 7 b, 8 c, 9 unanswered, 10 c
    const responses = [
      choice(1, 'b'),
      choice(2, 'b'),
      choice(3, 'c'),
      choice(4, 'b'),
      choice(5, 'b'),
      choice(6, 'a'),
      choice(7, 'b'),
      choice(8, 'c'),
      choice(9, null),
      choice(10, 'c'),
    ];
    const result = analyseQuestion(responses, discriminationGroups(TOTALS), {
      optionIds: ['a', 'b', 'c', 'd'],
      correctOptionIds: ['b'],
    });
    // facility 5 / 10 = 50 %; upper {1,2,3} 2/3 right, lower {8,9,10} 0/3: D = 0.6667 -> 0.67
    expect(result).toEqual({
      responses: 10,
      facility: 50,
      discrimination: 0.67,
      wrongOptions: [
        { optionId: 'c', count: 3, percent: 30 },
        { optionId: 'a', count: 1, percent: 10 },
        { optionId: 'd', count: 0, percent: 0 },
      ],
    });
  });

  it('a question the weaker students get right discriminates negatively', () => {
    const responses = TOTALS.map((t) => ({
      studentId: t.studentId,
      credit: t.studentId >= 8 ? 1 : 0,
      chosenOptionIds: [],
    }));
    const result = analyseQuestion(responses, discriminationGroups(TOTALS), { optionIds: [], correctOptionIds: [] });
    expect(result.facility).toBe(30);
    expect(result.discrimination).toBe(-1);
  });

  it('open-ended: marks / 200 are the credit, unmarked answers are left out', () => {
    const responses: ItemResponse[] = [
      { studentId: 1, credit: 150 / 200, chosenOptionIds: [] },
      { studentId: 2, credit: null, chosenOptionIds: [] },
      { studentId: 3, credit: 200 / 200, chosenOptionIds: [] },
      { studentId: 9, credit: 50 / 200, chosenOptionIds: [] },
      { studentId: 10, credit: 0, chosenOptionIds: [] },
    ];
    const result = analyseQuestion(responses, discriminationGroups(TOTALS), { optionIds: [], correctOptionIds: [] });
    // counted 4: (0.75 + 1 + 0.25 + 0) / 4 = 0.5; upper {1,3} 0.875, lower {9,10} 0.125: D = 0.75
    expect(result).toEqual({ responses: 4, facility: 50, discrimination: 0.75, wrongOptions: [] });
  });

  it('multiple select: every wrong option a student ticked is counted', () => {
    const responses: ItemResponse[] = [
      { studentId: 1, credit: 1, chosenOptionIds: ['a', 'c'] },
      { studentId: 2, credit: 0, chosenOptionIds: ['a', 'b', 'd'] },
      { studentId: 3, credit: 0, chosenOptionIds: ['b', 'd'] },
    ];
    const result = analyseQuestion(responses, discriminationGroups(TOTALS.slice(0, 3)), {
      optionIds: ['a', 'b', 'c', 'd'],
      correctOptionIds: ['a', 'c'],
    });
    expect(result.wrongOptions).toEqual([
      { optionId: 'b', count: 2, percent: 66.67 },
      { optionId: 'd', count: 2, percent: 66.67 },
    ]);
    // groups of 1: upper {1} 1, lower {3} 0
    expect(result.discrimination).toBe(1);
    expect(result.facility).toBe(33.33);
  });

  it('no counted response: facility and discrimination are null', () => {
    const result = analyseQuestion(
      [{ studentId: 1, credit: null, chosenOptionIds: [] }],
      discriminationGroups(TOTALS),
      {
        optionIds: [],
        correctOptionIds: [],
      },
    );
    expect(result).toEqual({ responses: 0, facility: null, discrimination: null, wrongOptions: [] });
  });

  it('refuses a credit outside 0..1', () => {
    expect(() =>
      analyseQuestion([{ studentId: 1, credit: 2, chosenOptionIds: [] }], discriminationGroups(TOTALS), {
        optionIds: [],
        correctOptionIds: [],
      }),
    ).toThrow(RangeError);
  });

  it('facility stays within 0..100 and discrimination within -1..1', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }), {
          minLength: 10,
          maxLength: 10,
        }),
        (credits) => {
          const responses = credits.map((credit, i) => ({ studentId: i + 1, credit, chosenOptionIds: [] }));
          const r = analyseQuestion(responses, discriminationGroups(TOTALS), { optionIds: [], correctOptionIds: [] });
          return (
            (r.facility === null || (r.facility >= 0 && r.facility <= 100)) &&
            (r.discrimination === null || (r.discrimination >= -1 && r.discrimination <= 1))
          );
        },
      ),
      FC,
    );
  });
});
