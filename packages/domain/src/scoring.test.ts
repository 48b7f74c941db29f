import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundHalfUp } from './rounding';
import type { AnswerOutcome, LeaderboardEntry } from './scoring';
import {
  OPEN_ENDED_MAX_MARKS,
  SCORING,
  accuracyPercent,
  attemptDiscount,
  bestTopicAttempt,
  nextBestTopicAttempt,
  chapterKnowledge,
  compareLeaderboard,
  completionPercent,
  mean,
  percentCorrect,
  quizQuestionMarks,
  scoreTopicAttempt,
  studentScore,
  testQuestionMarks,
  totalScore,
  clampAnswerSeconds,
  countedSeconds,
  MIN_ANSWER_SECONDS,
} from './scoring';

const FC = { seed: 20_240_602, numRuns: 1000 } as const;

const right = (seconds: number): AnswerOutcome => ({ answered: true, correct: true, seconds });
const wrong = (seconds: number): AnswerOutcome => ({ answered: true, correct: false, seconds });
const skipped = (seconds = 0): AnswerOutcome => ({ answered: false, correct: false, seconds });

/** A game of `total` answered questions, the first `correct` right, each taking `seconds`. */
function game(correct: number, seconds: number, total = 10): AnswerOutcome[] {
  return Array.from({ length: total }, (_, i) => (i < correct ? right(seconds) : wrong(seconds)));
}

const answerArb = fc.record({
  answered: fc.boolean(),
  correct: fc.boolean(),
  seconds: fc.double({ min: -10, max: 100, noNaN: true }),
});
const gameArb = fc.array(answerArb, { minLength: 0, maxLength: 10 });

describe('SCORING constants (spec L17-L20, L32)', () => {
  it('matches the spec', () => {
    expect(SCORING).toEqual({
      questionsPerGame: 10,
      secondsPerQuestion: 30,
      readAllowanceSeconds: 5,
      learningWeight: 0.2,
      knowledgeWeight: 0.8,
      attemptDiscountStep: 0.1,
      minAttemptFactor: 0.7,
    });
  });
});

describe('clampAnswerSeconds (issue #21/#22: the one seconds clamp)', () => {
  it.each([
    [12, 12],
    [0, MIN_ANSWER_SECONDS],
    [0.4, 1],
    [-5, 1],
    [30, 30],
    [200, 30],
    [Number.NaN, 30],
  ])('%s s counts %s s', (seconds, counted) => {
    expect(clampAnswerSeconds(seconds)).toBe(counted);
  });
});

describe('countedSeconds (spec L25 and "Readings fixed later")', () => {
  it.each([
    [right(12), 12],
    [wrong(200), 30],
    [right(0), MIN_ANSWER_SECONDS],
    [skipped(3), 30],
    [skipped(Number.NaN), 30],
  ])('%o counts %s s', (answer, counted) => {
    expect(countedSeconds(answer)).toBe(counted);
  });

  it('adds up, over a full game, to N x the average time of scoreTopicAttempt', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            answered: fc.boolean(),
            correct: fc.boolean(),
            seconds: fc.double({ min: -10, max: 400, noNaN: true }),
          }),
          { minLength: 10, maxLength: 10 },
        ),
        (answers) => {
          const total = answers.reduce((sum, a) => sum + countedSeconds(a), 0);
          expect(scoreTopicAttempt(answers).averageSeconds).toBeCloseTo(total / 10, 9);
        },
      ),
      FC,
    );
  });
});

describe('scoreTopicAttempt (spec L24-L31)', () => {
  it('reproduces the worked example of spec L36-L38', () => {
    // "N = 10, 8 correct, 12 s average: a = 0.8, te = (30 - 12) / 25 = 0.72,
    //  LC = round(80 + 7.2) = 87, attempt LE = 100 x 87.2 / 110 = 79.27."
    const s = scoreTopicAttempt(game(8, 12));
    expect(s.correct).toBe(8);
    expect(s.mistakes).toBe(2);
    expect(s.accuracy).toBe(0.8);
    expect(s.averageSeconds).toBe(12);
    expect(s.timeEfficiency).toBeCloseTo(0.72, 12);
    expect(s.learningCurrency).toBe(87);
    expect(roundHalfUp(s.learningEfficiency, 2)).toBe(79.27);
    expect(s.learningEfficiency).toBeCloseTo(8720 / 110, 10);
  });

  it('gets the 12 s average from uneven times as well', () => {
    const answers = [...Array.from({ length: 8 }, () => right(10)), wrong(20), wrong(20)];
    const s = scoreTopicAttempt(answers);
    expect(s.averageSeconds).toBe(12);
    expect(s.learningCurrency).toBe(87);
  });

  it.each([
    // [case, answers, correct, averageSeconds, te, LC, LE]
    ['all correct within R', game(10, 5), 10, 5, 1, 110, 100],
    ['all correct instantly: each counts the 1 s minimum, te capped at 1', game(10, 0), 10, 1, 1, 110, 100],
    ['all correct taking the whole T', game(10, 30), 10, 30, 0, 100, 10000 / 110],
    ['nothing answered (empty record)', [], 0, 30, 0, 0, 0],
    ['all wrong within R: speed alone', game(0, 5), 0, 5, 1, 10, 1000 / 110],
    ['8 correct at 17.5 s: te = 0.5', game(8, 17.5), 8, 17.5, 0.5, 85, 8500 / 110],
    ['80.5 rounds up to 81 (half to even would give 80)', game(8, 28.75), 8, 28.75, 0.05, 81, 8050 / 110],
    ['74.5 rounds up to 75', game(7, 18.75), 7, 18.75, 0.45, 75, 7450 / 110],
    ['86.4 rounds down to 86', game(8, 14), 8, 14, 0.64, 86, 8640 / 110],
    ['unanswered counts T whatever seconds say', [...game(9, 5, 9), skipped(2)], 9, 7.5, 0.9, 99, 9900 / 110],
    [
      'answered:false never counts as correct',
      [...game(9, 5, 9), { answered: false, correct: true, seconds: 5 }],
      9,
      7.5,
      0.9,
      99,
      9900 / 110,
    ],
    ['seconds above T are clamped to T', [...game(9, 5, 9), right(1000)], 10, 7.5, 0.9, 109, 10900 / 110],
    // 9 x 30 s + the 1 s minimum = 271 s: t = 27.1, te = 2.9 / 25 = 0.116, LC = round(101.16) = 101.
    ['negative seconds count the 1 s minimum', [...game(9, 30, 9), right(-100)], 10, 27.1, 0.116, 101, 10116 / 110],
    ['0 s counts the 1 s minimum', [...game(9, 30, 9), right(0)], 10, 27.1, 0.116, 101, 10116 / 110],
    ['NaN seconds count T', [...game(9, 5, 9), right(Number.NaN)], 10, 7.5, 0.9, 109, 10900 / 110],
    ['missing answers (5 of 10) are unanswered', game(5, 5, 5), 5, 17.5, 0.5, 55, 5500 / 110],
  ])('%s', (_name, answers, correct, averageSeconds, te, lc, le) => {
    const s = scoreTopicAttempt(answers);
    expect(s.correct).toBe(correct);
    expect(s.mistakes).toBe(10 - correct);
    expect(s.accuracy).toBeCloseTo(correct / 10, 12);
    expect(s.averageSeconds).toBeCloseTo(averageSeconds, 12);
    expect(s.timeEfficiency).toBeCloseTo(te, 12);
    expect(s.learningCurrency).toBe(lc);
    expect(s.learningEfficiency).toBeCloseTo(le, 10);
  });

  it('uses another N when given', () => {
    const s = scoreTopicAttempt(game(4, 10, 5), 5);
    expect(s).toMatchObject({ correct: 4, mistakes: 1, accuracy: 0.8, averageSeconds: 10, learningCurrency: 88 });
    expect(s.timeEfficiency).toBeCloseTo(0.8, 12);
  });

  it.each([
    ['more answers than N', game(11, 5, 11), 10],
    ['N = 0', [], 0],
    ['N not an integer', [], 2.5],
  ])('rejects %s', (_name, answers, n) => {
    expect(() => scoreTopicAttempt(answers, n)).toThrow(RangeError);
  });

  it('keeps every figure within its range (spec L26-L31)', () => {
    fc.assert(
      fc.property(gameArb, (answers) => {
        const s = scoreTopicAttempt(answers);
        expect(Number.isInteger(s.learningCurrency)).toBe(true);
        expect(s.learningCurrency).toBeGreaterThanOrEqual(0);
        expect(s.learningCurrency).toBeLessThanOrEqual(110);
        expect(s.learningEfficiency).toBeGreaterThanOrEqual(0);
        expect(s.learningEfficiency).toBeLessThanOrEqual(100);
        expect(s.timeEfficiency).toBeGreaterThanOrEqual(0);
        expect(s.timeEfficiency).toBeLessThanOrEqual(1);
        expect(s.accuracy).toBeGreaterThanOrEqual(0);
        expect(s.accuracy).toBeLessThanOrEqual(1);
        expect(s.averageSeconds).toBeGreaterThanOrEqual(0);
        expect(s.averageSeconds).toBeLessThanOrEqual(30);
        expect(s.correct + s.mistakes).toBe(10);
        expect(s.correct).toBe(answers.filter((a) => a.answered && a.correct).length);
        // LC is the rounded 110-point form of LE.
        expect(Math.abs(s.learningCurrency - s.learningEfficiency * 1.1)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
      FC,
    );
  });

  it('one more correct answer (at no more time) raises LC by at least 10 and raises LE', () => {
    fc.assert(
      fc.property(gameArb, fc.nat(), fc.double({ min: 0, max: 30, noNaN: true }), (answers, pick, newSeconds) => {
        const padded = [...answers, ...Array.from({ length: 10 - answers.length }, () => skipped())];
        const notCorrect = padded.flatMap((a, i) => (a.answered && a.correct ? [] : [i]));
        fc.pre(notCorrect.length > 0);
        const index = notCorrect[pick % notCorrect.length] ?? 0;
        const before = padded[index] ?? skipped();
        // An answered question keeps its time; an unanswered one (counted as T) gets any time up to T.
        const seconds = before.answered ? before.seconds : newSeconds;
        const improved = padded.map((a, i) => (i === index ? right(seconds) : a));
        const s0 = scoreTopicAttempt(padded);
        const s1 = scoreTopicAttempt(improved);
        expect(s1.learningCurrency - s0.learningCurrency).toBeGreaterThanOrEqual(10);
        expect(s1.learningEfficiency).toBeGreaterThan(s0.learningEfficiency);
        expect(s1.timeEfficiency).toBeGreaterThanOrEqual(s0.timeEfficiency);
      }),
      FC,
    );
  });

  it('less time on one answered question never lowers te, LC or LE', () => {
    fc.assert(
      fc.property(gameArb, fc.nat(), fc.double({ min: 0, max: 50, noNaN: true }), (answers, pick, saved) => {
        const answered = answers.flatMap((a, i) => (a.answered ? [i] : []));
        fc.pre(answered.length > 0);
        const index = answered[pick % answered.length] ?? 0;
        const faster = answers.map((a, i) => (i === index ? { ...a, seconds: a.seconds - saved } : a));
        const s0 = scoreTopicAttempt(answers);
        const s1 = scoreTopicAttempt(faster);
        expect(s1.timeEfficiency).toBeGreaterThanOrEqual(s0.timeEfficiency);
        expect(s1.learningCurrency).toBeGreaterThanOrEqual(s0.learningCurrency);
        expect(s1.learningEfficiency).toBeGreaterThanOrEqual(s0.learningEfficiency);
        expect(s1.correct).toBe(s0.correct);
      }),
      FC,
    );
  });
});

describe('attemptDiscount (spec L32)', () => {
  it.each([
    [1, 1],
    [2, 0.9],
    [3, 0.8],
    [4, 0.7],
    [5, 0.7],
    [6, 0.7],
    [100, 0.7],
  ])('f(%i) = %s exactly', (k, f) => {
    expect(attemptDiscount(k)).toBe(f);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects k = %s', (k) => {
    expect(() => attemptDiscount(k)).toThrow(RangeError);
  });

  it('is non-increasing in k and stays within [0.7, 1]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (k) => {
        expect(attemptDiscount(k + 1)).toBeLessThanOrEqual(attemptDiscount(k));
        expect(attemptDiscount(k)).toBeGreaterThanOrEqual(0.7);
        expect(attemptDiscount(k)).toBeLessThanOrEqual(1);
      }),
      FC,
    );
  });
});

describe('bestTopicAttempt (spec L33-L34)', () => {
  const worked = scoreTopicAttempt(game(8, 12));

  it('has no best attempt before the first one (topic not completed, spec L35)', () => {
    expect(bestTopicAttempt([])).toBeNull();
  });

  it('counts the worked example as a second attempt at 71.35 (spec L37-L38)', () => {
    // "As a second attempt it counts 79.27 x 0.9 = 71.35": the unrounded 79.2727... x 0.9 =
    // 71.3454... rounds to 71.35, whereas the rounded 79.27 x 0.9 = 71.343 would give 71.34.
    const best = bestTopicAttempt([{ learningEfficiency: 10, learningCurrency: 11 }, worked]);
    expect(best).not.toBeNull();
    expect(roundHalfUp(best?.learningEfficiency ?? 0, 2)).toBe(71.35);
    expect(best?.learningCurrency).toBe(87);
    expect(best?.attemptNumber).toBe(2);
  });

  it.each([
    ['a single attempt is undiscounted', [[60, 66]], 60, 66, 1],
    [
      'a better later attempt can still lose to the discount',
      [
        [90, 99],
        [95, 105],
      ],
      90,
      99,
      1,
    ],
    [
      'a much better later attempt wins, discounted',
      [
        [50, 55],
        [100, 110],
      ],
      90,
      110,
      2,
    ],
    [
      'the first attempt wins an exact tie (72 = 80 x 0.9)',
      [
        [72, 79],
        [80, 88],
      ],
      72,
      79,
      1,
    ],
    [
      'the discount floors at 0.7',
      [
        [60, 66],
        [60, 66],
        [60, 66],
        [60, 66],
        [100, 110],
      ],
      70,
      110,
      5,
    ],
    [
      "topic LC is the best attempt's, not the highest LC",
      [
        [80, 88],
        [70, 110],
      ],
      80,
      88,
      1,
    ],
  ] as const)('%s', (_name, rows, le, lc, k) => {
    const best = bestTopicAttempt(
      rows.map(([learningEfficiency, learningCurrency]) => ({ learningEfficiency, learningCurrency })),
    );
    expect(best).toEqual({ learningEfficiency: le, learningCurrency: lc, attemptNumber: k });
  });

  const attemptsArb = fc.array(
    fc.record({
      learningEfficiency: fc.double({ min: 0, max: 100, noNaN: true }),
      learningCurrency: fc.integer({ min: 0, max: 110 }),
    }),
    { minLength: 1, maxLength: 12 },
  );

  it('is at least every discounted attempt and at most the best raw attempt', () => {
    fc.assert(
      fc.property(attemptsArb, (attempts) => {
        const best = bestTopicAttempt(attempts);
        if (best === null) throw new Error('expected a best attempt');
        attempts.forEach((a, i) => {
          expect(best.learningEfficiency).toBeGreaterThanOrEqual(a.learningEfficiency * attemptDiscount(i + 1));
        });
        expect(best.learningEfficiency).toBeLessThanOrEqual(Math.max(...attempts.map((a) => a.learningEfficiency)));
        // It is the first attempt reaching the maximum, and carries that attempt's LC.
        const chosen = attempts[best.attemptNumber - 1];
        expect(chosen?.learningCurrency).toBe(best.learningCurrency);
        expect(best.learningEfficiency).toBe(
          (chosen?.learningEfficiency ?? Number.NaN) * attemptDiscount(best.attemptNumber),
        );
        attempts.slice(0, best.attemptNumber - 1).forEach((a, i) => {
          expect(a.learningEfficiency * attemptDiscount(i + 1)).toBeLessThan(best.learningEfficiency);
        });
      }),
      FC,
    );
  });

  it('continued one attempt at a time from a stored best, gives the best of all attempts', () => {
    fc.assert(
      fc.property(attemptsArb, fc.nat(), (attempts, cut) => {
        const split = cut % (attempts.length + 1);
        let best = bestTopicAttempt(attempts.slice(0, split));
        attempts.slice(split).forEach((a, i) => {
          best = nextBestTopicAttempt(best, a, split + i + 1);
        });
        expect(best).toEqual(bestTopicAttempt(attempts));
      }),
      FC,
    );
  });
});

describe('percentCorrect (treasure score, spec L43)', () => {
  it.each([
    ['7 of 10', game(7, 5), undefined, 70],
    ['all of 10', game(10, 5), undefined, 100],
    ['1 of 3', game(1, 5, 3), undefined, 100 / 3],
    ['answered:false is never correct', [{ answered: false, correct: true, seconds: 1 }, right(1)], undefined, 50],
    ['10 answers of a 20-question quiz', game(10, 5), 20, 50],
    ['no questions', [], undefined, 0],
  ])('%s', (_name, answers, n, expected) => {
    expect(percentCorrect(answers, n)).toBeCloseTo(expected, 12);
  });

  it.each([
    ['more answers than n', game(3, 5, 3), 2],
    ['negative n', [], -1],
    ['fractional n', [], 1.5],
  ])('rejects %s', (_name, answers, n) => {
    expect(() => percentCorrect(answers, n)).toThrow(RangeError);
  });
});

describe('chapterKnowledge (spec L43-L45)', () => {
  it.each([
    // [case, LCs, islands, treasure %, KC], each worked out by hand:
    ['(87 + 110 + 95) / 4 = 73; 73 x 70 / 100 = 51.1 -> 51; the 4th topic is not done', [87, 110, 95], 4, 70, 51],
    ['(87 + 90) / 2 = 88.5; x 100% = 88.5 -> 89 (half to even would give 88)', [87, 90], 2, 100, 89],
    ['300 / 3 = 100; x 200/3 % = 66.67 -> 67', [100, 100, 100], 3, 200 / 3, 67],
    ['5 x 110 / 5 = 110; x 90% = 99', [110, 110, 110, 110, 110], 5, 90, 99],
    ['(60 + 45) / 3 = 35; x 50% = 17.5 -> 18', [60, 45], 3, 50, 18],
    ['(100 + 105) / 2 = 102.5; x 30% = 30.75 -> 31', [100, 105], 2, 30, 31],
    ['a treasure of 0% earns nothing', [110, 110], 2, 0, 0],
    ['no topic currency yet', [], 3, 100, 0],
  ])('%s', (_name, lcs, islandCount, percent, kc) => {
    expect(chapterKnowledge({ topicLearningCurrencies: lcs, islandCount, bestTreasurePercent: percent })).toEqual({
      knowledgeEfficiency: percent,
      knowledgeCurrency: kc,
    });
  });

  it('chains from topic games and a treasure: two worked-example topics, 9 of 10 in the treasure', () => {
    const lc = scoreTopicAttempt(game(8, 12)).learningCurrency; // 87
    const treasure = percentCorrect(game(9, 8)); // 90
    // (87 + 87) / 2 x 90 / 100 = 78.3 -> 78
    expect(
      chapterKnowledge({ topicLearningCurrencies: [lc, lc], islandCount: 2, bestTreasurePercent: treasure }),
    ).toEqual({
      knowledgeEfficiency: 90,
      knowledgeCurrency: 78,
    });
  });

  it('rounds the exact half that float arithmetic lands just below', () => {
    // 5 islands x LC 39 = 195; treasure 5 of 6 = 83.33...%. Exactly 195 / 5 x 5/6 = 32.5 -> 33,
    // but in doubles 195 x 83.333.../500 = 32.49999999999999, which Math.round takes to 32.
    const treasure = percentCorrect(game(5, 8, 6));
    expect((195 * treasure) / 500).toBeLessThan(32.5);
    expect(
      chapterKnowledge({ topicLearningCurrencies: [39, 39, 39, 39, 39], islandCount: 5, bestTreasurePercent: treasure })
        .knowledgeCurrency,
    ).toBe(33);
  });

  it.each([
    ['no islands', [], 0, 50],
    ['fractional island count', [], 1.5, 50],
    ['more currencies than islands', [1, 2, 3], 2, 50],
    ['treasure above 100', [1], 1, 101],
    ['negative treasure', [1], 1, -1],
    ['NaN treasure', [1], 1, Number.NaN],
  ])('rejects %s', (_name, lcs, islandCount, percent) => {
    expect(() => chapterKnowledge({ topicLearningCurrencies: lcs, islandCount, bestTreasurePercent: percent })).toThrow(
      RangeError,
    );
  });

  it('keeps KC a whole number within 0..110, growing with the treasure score', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 110 }), { maxLength: 12 }),
        fc.integer({ min: 0, max: 6 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (lcs, extraIslands, p, q) => {
          const islandCount = Math.max(1, lcs.length + extraIslands);
          const kc = (percent: number) =>
            chapterKnowledge({ topicLearningCurrencies: lcs, islandCount, bestTreasurePercent: percent })
              .knowledgeCurrency;
          expect(Number.isInteger(kc(p))).toBe(true);
          expect(kc(p)).toBeGreaterThanOrEqual(0);
          expect(kc(p)).toBeLessThanOrEqual(110);
          expect(kc(Math.max(p, q))).toBeGreaterThanOrEqual(kc(Math.min(p, q)));
        },
      ),
      FC,
    );
  });
});

describe('mean, totalScore and studentScore (spec L49-L51)', () => {
  it.each([
    [[], 0],
    [[5], 5],
    [[80, 60], 70],
    [[1, 2, 3, 4], 2.5],
  ])('mean(%j) = %s', (values, expected) => {
    expect(mean(values)).toBe(expected);
  });

  it.each([
    [0, 0, 0],
    [100, 100, 100],
    [100, 0, 20],
    [0, 100, 80],
    [50, 100, 90],
    [70, 80, 78],
  ])('totalScore(%s, %s) = %s', (le, ke, expected) => {
    expect(totalScore(le, ke)).toBeCloseTo(expected, 12);
  });

  it('is 0 for a student with no completed topic or chapter', () => {
    expect(studentScore({ topicLearningEfficiencies: [], chapterKnowledgeEfficiencies: [] })).toEqual({
      learningEfficiency: 0,
      knowledgeEfficiency: 0,
      totalScore: 0,
    });
  });

  it('weighs topics before any treasure at 20% only', () => {
    expect(studentScore({ topicLearningEfficiencies: [100, 100], chapterKnowledgeEfficiencies: [] }).totalScore).toBe(
      20,
    );
  });

  it('averages topics and chapters, then weighs 20/80: LE 70, KE 80 -> 78', () => {
    const s = studentScore({ topicLearningEfficiencies: [80, 60], chapterKnowledgeEfficiencies: [90, 70] });
    expect(s.learningEfficiency).toBe(70);
    expect(s.knowledgeEfficiency).toBe(80);
    expect(s.totalScore).toBeCloseTo(78, 12);
  });

  it('keeps the total within 0..100 and between LE and KE', () => {
    const percents = fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { maxLength: 20 });
    fc.assert(
      fc.property(percents, percents, (les, kes) => {
        const s = studentScore({ topicLearningEfficiencies: les, chapterKnowledgeEfficiencies: kes });
        expect(s.totalScore).toBeGreaterThanOrEqual(0);
        expect(s.totalScore).toBeLessThanOrEqual(100);
        expect(s.learningEfficiency).toBeLessThanOrEqual(100);
        expect(s.knowledgeEfficiency).toBeLessThanOrEqual(100);
        const lo = Math.min(s.learningEfficiency, s.knowledgeEfficiency);
        const hi = Math.max(s.learningEfficiency, s.knowledgeEfficiency);
        expect(s.totalScore).toBeGreaterThanOrEqual(lo - 1e-9);
        expect(s.totalScore).toBeLessThanOrEqual(hi + 1e-9);
      }),
      FC,
    );
  });
});

describe('accuracyPercent (spec L53-L54) and completionPercent (spec L78-L80)', () => {
  it.each([
    [0, 0, 0],
    [7, 10, 70],
    [1, 3, 100 / 3],
    [5, 5, 100],
  ])('accuracyPercent(%s, %s) = %s', (correct, attempted, expected) => {
    expect(accuracyPercent(correct, attempted)).toBeCloseTo(expected, 12);
  });

  it.each([
    [11, 10],
    [-1, 5],
    [1, -1],
    [Number.NaN, 1],
  ])('accuracyPercent(%s, %s) throws', (correct, attempted) => {
    expect(() => accuracyPercent(correct, attempted)).toThrow(RangeError);
  });

  it.each([
    [0, 0, 0],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13], // 12.5 goes up
    [3, 8, 38], // 37.5 goes up
    [7, 7, 100],
  ])('completionPercent(%s, %s) = %s', (part, whole, expected) => {
    expect(completionPercent(part, whole)).toBe(expected);
  });

  it('completionPercent rejects a part larger than the whole', () => {
    expect(() => completionPercent(4, 3)).toThrow(RangeError);
  });
});

describe('quizQuestionMarks (spec L85-L86)', () => {
  it.each([
    ['correct at 0 s', right(0), 300],
    ['correct at 9.99 s', right(9.99), 300],
    ['correct at exactly 10 s', right(10), 300],
    ['correct at 10.01 s', right(10.01), 200],
    ['correct at exactly 20 s', right(20), 200],
    ['correct at 20.01 s', right(20.01), 100],
    ['correct at 30 s', right(30), 100],
    ['correct after the clock (120 s)', right(120), 100],
    ['correct with a negative time', right(-3), 300],
    ['correct with an unknown time', right(Number.NaN), 100],
    ['wrong and fast', wrong(1), 0],
    ['unanswered', skipped(1), 0],
    ['unanswered but flagged correct', { answered: false, correct: true, seconds: 1 }, 0],
  ])('%s -> %i', (_name, outcome, marks) => {
    expect(quizQuestionMarks(outcome)).toBe(marks);
  });
});

describe('testQuestionMarks (spec L87-L88)', () => {
  it.each([
    ['true_false', true, 100],
    ['true_false', false, 0],
    ['multiple_choice', true, 100],
    ['multiple_choice', false, 0],
    ['fill_blank', true, 100],
    ['multiple_select', false, 0],
    ['open_ended', true, null],
    ['open_ended', false, null],
  ] as const)('%s answered %s -> %s', (type, correct, marks) => {
    expect(testQuestionMarks(type, correct)).toBe(marks);
  });

  it('gives open-ended questions 200 marks to be awarded by a teacher', () => {
    expect(OPEN_ENDED_MAX_MARKS).toBe(200);
  });
});

describe('compareLeaderboard (spec L81-L82)', () => {
  const row = (
    name: string,
    totalScore: number,
    learningCurrency: number,
    lastActivityAt: LeaderboardEntry['lastActivityAt'],
  ) => ({
    name,
    totalScore,
    learningCurrency,
    lastActivityAt,
  });

  it('orders by total, then learning currency, then earlier last activity, missing activity last', () => {
    const rows = [
      row('low', 40, 500, '2024-01-01T00:00:00Z'),
      row('tieNoActivity', 80, 300, null),
      row('tieLate', 80, 300, new Date('2024-03-02T00:00:00Z')),
      row('top', 80.01, 10, null),
      row('tieMoreLC', 80, 301, '2024-06-01T00:00:00Z'),
      row('tieEarly', 80, 300, Date.parse('2024-03-01T00:00:00Z')),
    ];
    expect([...rows].sort(compareLeaderboard).map((r) => r.name)).toEqual([
      'top',
      'tieMoreLC',
      'tieEarly',
      'tieLate',
      'tieNoActivity',
      'low',
    ]);
  });

  it('treats an unparsable time as missing and reports full ties as 0', () => {
    const a = row('a', 50, 5, 'not a date');
    const b = row('b', 50, 5, null);
    const c = row('c', 50, 5, '2024-01-01T00:00:00.000Z');
    expect(compareLeaderboard(a, b)).toBe(0);
    expect(compareLeaderboard(c, a)).toBeLessThan(0);
    expect(compareLeaderboard(c, { ...c, lastActivityAt: new Date('2024-01-01T00:00:00Z') })).toBe(0);
  });

  it('is antisymmetric and transitive enough to sort', () => {
    const entryArb = fc.record({
      totalScore: fc.integer({ min: 0, max: 3 }).map((n) => n * 25),
      learningCurrency: fc.integer({ min: 0, max: 2 }),
      lastActivityAt: fc.option(fc.integer({ min: 0, max: 3 }).map((d) => new Date(Date.UTC(2024, 0, 1 + d)))),
    });
    fc.assert(
      fc.property(entryArb, entryArb, entryArb, (a, b, c) => {
        expect(Math.sign(compareLeaderboard(a, b))).toBe(-Math.sign(compareLeaderboard(b, a)) || 0);
        if (compareLeaderboard(a, b) <= 0 && compareLeaderboard(b, c) <= 0) {
          expect(compareLeaderboard(a, c)).toBeLessThanOrEqual(0);
        }
      }),
      FC,
    );
  });
});
