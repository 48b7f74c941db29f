import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXAM_TEST_ID, EXAM_TYPES, examTestId, isExamType } from './exams';

// access-and-app-shell.md 2.2: "The type is one of JEE, NEET, 12passout, 12, 11. It selects a test
// id: default 1, JEE 4, NEET 5, 12passout 9, 12 10, 11 11."
describe('examTestId (access-and-app-shell.md 2.2)', () => {
  it.each([
    ['JEE', 4],
    ['NEET', 5],
    ['12passout', 9],
    ['12', 10],
    ['11', 11],
  ])('%s -> test %i', (type, testId) => {
    expect(isExamType(type)).toBe(true);
    expect(examTestId(type)).toBe(testId);
  });

  it('lists exactly the five types of the spec, in its order', () => {
    expect(EXAM_TYPES).toEqual(['JEE', 'NEET', '12passout', '12', '11']);
  });

  it.each([undefined, '', 'jee', 'Neet', '10', '12 ', 'JEE/', '__proto__', 'constructor', 'toString'])(
    'any other type (%j) -> the default test 1',
    (type) => {
      expect(examTestId(type)).toBe(DEFAULT_EXAM_TEST_ID);
      expect(DEFAULT_EXAM_TEST_ID).toBe(1);
    },
  );

  it('never answers anything but one of the six test ids', () => {
    fc.assert(
      fc.property(fc.string(), (type) => {
        expect([1, 4, 5, 9, 10, 11]).toContain(examTestId(type));
        expect(isExamType(type)).toBe((EXAM_TYPES as readonly string[]).includes(type));
      }),
      { seed: 20261126 },
    );
  });
});
