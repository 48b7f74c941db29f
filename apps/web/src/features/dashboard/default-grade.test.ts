import { describe, expect, it } from 'vitest';
import { defaultGradeTab } from './default-grade';

describe('defaultGradeTab (dashboards.md 9: default active tab V)', () => {
  it.each([
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 5],
    [[5], 5],
    [[7, 5, 9], 5],
    // No grade V (a teacher of VI-VIII, a school from grade VI): the first grade shown.
    [[6, 7, 8], 6],
    [[1, 2, 3, 4], 1],
    [[11, 12], 11],
    [[], null],
  ])('grades %j open on %s', (grades, tab) => {
    expect(defaultGradeTab(grades)).toBe(tab);
  });
});
