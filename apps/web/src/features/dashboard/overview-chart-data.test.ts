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
  withoutGrade: { registered: 0, active: 0, inactive: 0 },
});

describe('grade chart rows', () => {
  it('labels grades in Roman numerals and rounds the average half up', () => {
    expect(gradeChartRows(overview(false), 'No grade yet')).toEqual([
      { grade: 7, label: 'VII', active: 2, inactive: 2, averageScore: 86 },
      { grade: 11, label: 'XI', active: 3, inactive: 0, averageScore: 63 },
      { grade: 12, label: 'XII', active: 0, inactive: 2, averageScore: 0 },
    ]);
  });

  it('labels grades 11 and 12 of a pace school as batches', () => {
    expect(gradeChartRows(overview(true), 'No grade yet').map((r) => r.label)).toEqual([
      'VII',
      '2020 Batch',
      '2019 Batch',
    ]);
  });

  it('adds a bar for students without a grade, so that the bars add up to the cards', () => {
    const data: OverviewResponse = {
      ...overview(false),
      registered: 10,
      inactive: 5,
      withoutGrade: { registered: 1, active: 0, inactive: 1 },
    };
    const rows = gradeChartRows(data, 'No grade yet');
    expect(rows.at(-1)).toEqual({ grade: null, label: 'No grade yet', active: 0, inactive: 1, averageScore: null });
    expect(rows.reduce((n, r) => n + r.active, 0)).toBe(data.active);
    expect(rows.reduce((n, r) => n + r.inactive, 0)).toBe(data.inactive);
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
