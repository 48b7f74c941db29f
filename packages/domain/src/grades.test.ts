import { describe, expect, it } from 'vitest';
import { GRADES, gradeLabel, isGrade, isPrimaryGrade, toRoman } from './grades';

describe('GRADES', () => {
  it('runs from 1 to 12', () => {
    expect(GRADES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});

describe('toRoman', () => {
  it.each([
    [1, 'I'],
    [2, 'II'],
    [3, 'III'],
    [4, 'IV'],
    [5, 'V'],
    [6, 'VI'],
    [7, 'VII'],
    [8, 'VIII'],
    [9, 'IX'],
    [10, 'X'],
    [11, 'XI'],
    [12, 'XII'],
  ])('toRoman(%i) = %s', (grade, roman) => {
    expect(toRoman(grade)).toBe(roman);
  });

  it.each([0, 13, -1, 1.5, Number.NaN])('rejects %s', (grade) => {
    expect(() => toRoman(grade)).toThrow(RangeError);
  });
});

describe('gradeLabel (dashboards.md section 9)', () => {
  it.each([
    [11, true, '2020 Batch'],
    [12, true, '2019 Batch'],
    [10, true, 'X'],
    [1, true, 'I'],
    [11, false, 'XI'],
    [12, false, 'XII'],
  ])('grade %i, pace %s -> %s', (grade, isPace, label) => {
    expect(gradeLabel(grade, { isPace })).toBe(label);
  });

  it('shows roman numerals when no options are given', () => {
    expect(gradeLabel(11)).toBe('XI');
  });

  it('rejects a non-grade even for pace schools', () => {
    expect(() => gradeLabel(13, { isPace: true })).toThrow(RangeError);
  });
});

describe('isGrade and isPrimaryGrade (access-and-app-shell.md section 5)', () => {
  it.each([
    [1, true, true],
    [5, true, true],
    [6, true, false],
    [12, true, false],
    [0, false, false],
    [13, false, false],
    [4.5, false, false],
  ])('%s: grade %s, primary %s', (value, grade, primary) => {
    expect(isGrade(value)).toBe(grade);
    expect(isPrimaryGrade(value)).toBe(primary);
  });
});
