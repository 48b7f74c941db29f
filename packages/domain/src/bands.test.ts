import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRADE_LEGEND, SCORE_BANDS, displayedScore, gradeLegend, isBelowHalf, isTopBand, scoreBand } from './bands';
import { roundHalfUp } from './rounding';

const FC = { seed: 20_240_603, numRuns: 2000 } as const;

/** Inclusive bounds of a band label such as '80-89'. */
function bounds(label: string): [number, number] {
  const [min = Number.NaN, max = Number.NaN] = label.split('-').map(Number);
  return [min, max];
}

describe('SCORE_BANDS (spec L70)', () => {
  it('has ten bands 0-9 ... 80-89 and a last band 90-100', () => {
    expect(SCORE_BANDS).toEqual([
      '0-9',
      '10-19',
      '20-29',
      '30-39',
      '40-49',
      '50-59',
      '60-69',
      '70-79',
      '80-89',
      '90-100',
    ]);
  });
});

describe('scoreBand (spec L69-L70: the displayed, rounded score)', () => {
  it.each([
    [0, 0],
    [9, 0],
    [9.49, 0],
    [9.5, 1], // displayed as 10
    [10, 1],
    [49.49, 4],
    [49.5, 5],
    [79.99, 8],
    [89, 8],
    [89.49, 8],
    [89.5, 9], // displayed as 90
    [90, 9],
    [99.99, 9],
    [100, 9], // 100 belongs to 90-100, not to an eleventh band
    [100.0000001, 9],
    [-0.3, 0],
  ])('scoreBand(%s) = %i', (score, band) => {
    expect(scoreBand(score)).toBe(band);
  });

  it('rejects NaN', () => {
    expect(() => scoreBand(Number.NaN)).toThrow(RangeError);
  });
});

describe('GRADE_LEGEND and gradeLegend (spec L73)', () => {
  it('lists the legend from A+ to E', () => {
    expect(GRADE_LEGEND.map((g) => `${g.label} ${g.min}-${g.max}`)).toEqual([
      'A+ 90-100',
      'A 80-89',
      'B+ 70-79',
      'B 60-69',
      'C+ 50-59',
      'C 40-49',
      'D+ 30-39',
      'E+ 20-29',
      'E 0-19',
    ]);
  });

  it('covers every whole score 0..100 exactly once', () => {
    for (let score = 0; score <= 100; score += 1) {
      expect(GRADE_LEGEND.filter((g) => score >= g.min && score <= g.max)).toHaveLength(1);
    }
  });

  it.each([
    [100, 'A+'],
    [90, 'A+'],
    [89.5, 'A+'],
    [89.49, 'A'],
    [80, 'A'],
    [79.5, 'A'],
    [70, 'B+'],
    [69.4, 'B'],
    [60, 'B'],
    [59.5, 'B'], // displayed as 60
    [59.49, 'C+'],
    [50, 'C+'],
    [49.5, 'C+'],
    [49.49, 'C'],
    [40, 'C'],
    [39, 'D+'],
    [30, 'D+'],
    [29.5, 'D+'],
    [29, 'E+'],
    [20, 'E+'],
    [19.5, 'E+'],
    [19.49, 'E'],
    [0, 'E'],
  ])('gradeLegend(%s) = %s', (score, label) => {
    expect(gradeLegend(score)).toBe(label);
  });
});

describe('isTopBand and isBelowHalf (spec L70-L71)', () => {
  it.each([
    [89.49, false, false],
    [89.5, true, false],
    [90, true, false],
    [100, true, false],
    [50, false, false],
    [49.5, false, false], // displayed as 50: not below half
    [49.49, false, true],
    [0, false, true],
  ])('score %s: top band %s, below half %s', (score, top, below) => {
    expect(isTopBand(score)).toBe(top);
    expect(isBelowHalf(score)).toBe(below);
  });
});

describe('bands, legend and insights agree with the displayed score', () => {
  it('puts every score in the band and legend row that contain its rounded value', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (score) => {
        const shown = roundHalfUp(score);
        expect(displayedScore(score)).toBe(shown);
        const [bandMin, bandMax] = bounds(SCORE_BANDS[scoreBand(score)] ?? '');
        expect(shown).toBeGreaterThanOrEqual(bandMin);
        expect(shown).toBeLessThanOrEqual(bandMax);
        const legend = GRADE_LEGEND.find((g) => g.label === gradeLegend(score));
        expect(shown).toBeGreaterThanOrEqual(legend?.min ?? Number.NaN);
        expect(shown).toBeLessThanOrEqual(legend?.max ?? Number.NaN);
        expect(isTopBand(score)).toBe(scoreBand(score) === 9);
        expect(isTopBand(score)).toBe(gradeLegend(score) === 'A+');
        expect(isBelowHalf(score)).toBe(scoreBand(score) < 5);
        // Two scores shown alike are classified alike.
        expect(scoreBand(shown)).toBe(scoreBand(score));
        expect(gradeLegend(shown)).toBe(gradeLegend(score));
      }),
      FC,
    );
  });

  it('never moves a higher score into a lower band', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(scoreBand(lo)).toBeLessThanOrEqual(scoreBand(hi));
          expect(GRADE_LEGEND.findIndex((g) => g.label === gradeLegend(lo))).toBeGreaterThanOrEqual(
            GRADE_LEGEND.findIndex((g) => g.label === gradeLegend(hi)),
          );
        },
      ),
      FC,
    );
  });
});
