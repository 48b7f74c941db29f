import { describe, expect, it } from 'vitest';
import type { OverviewResponse } from '@ki/contracts';
import { gradeChartRows, pageWindow } from './overview-chart-data';

const overview = (isPace: boolean): OverviewResponse => ({
  schools: [{ id: 1, name: 'S', isPace }],
  activityWindowDays: 30,
  registered: 9,
  active: 5,
  inactive: 4,
  grades: [
    { grade: 7, registered: 4, active: 2, inactive: 2, averageScore: 85.9272 },
    { grade: 11, registered: 3, active: 3, inactive: 0, averageScore: 62.5 },
    { grade: 12, registered: 2, active: 0, inactive: 2, averageScore: null },
  ],
});

describe('grade chart rows', () => {
  it('labels grades in Roman numerals and rounds the average half up', () => {
    expect(gradeChartRows(overview(false))).toEqual([
      { grade: 7, label: 'VII', active: 2, inactive: 2, averageScore: 86 },
      { grade: 11, label: 'XI', active: 3, inactive: 0, averageScore: 63 },
      { grade: 12, label: 'XII', active: 0, inactive: 2, averageScore: 0 },
    ]);
  });

  it('labels grades 11 and 12 of a pace school as batches', () => {
    expect(gradeChartRows(overview(true)).map((r) => r.label)).toEqual(['VII', '2020 Batch', '2019 Batch']);
  });
});

describe('pager window (at most 4 page numbers, hidden with one page)', () => {
  it.each([
    [1, 1, []],
    [1, 3, [1, 2, 3]],
    [1, 9, [1, 2, 3, 4]],
    [5, 9, [4, 5, 6, 7]],
    [9, 9, [6, 7, 8, 9]],
    [2, 4, [1, 2, 3, 4]],
  ])('page %i of %i -> %j', (page, count, expected) => {
    expect(pageWindow(page, count)).toEqual(expected);
  });
});
