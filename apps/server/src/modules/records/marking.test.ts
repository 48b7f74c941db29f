/** Marking of one record and the rules over a batch (issue #21), without a database. */
import { describe, expect, it } from 'vitest';
import type { RecordInput } from '@ki/contracts';
import {
  applyBatchRules,
  MAX_GAMES_PER_HOUR,
  outlierReason,
  refuseDenseGames,
  refuseLockedActivities,
} from './batch-rules';
import { markRecord, type MarkedRecord, type MarkingContext, type QuestionKey } from './marking';

const CHAPTER = 1;
const TOPICS = [11, 12];
const questions = new Map<number, QuestionKey>(
  TOPICS.flatMap((topicId) =>
    Array.from({ length: 10 }, (_, i): [number, QuestionKey] => {
      const id = topicId * 100 + i;
      return [id, { id, topicId, chapterId: CHAPTER, type: 'multiple_choice', answer: [1] }];
    }),
  ),
);
const ctx: MarkingContext = {
  studentId: 7,
  enrolment: { schoolId: 1, boardId: 1, grade: 7, enrolledAt: new Date('2026-06-01T00:00:00Z') },
  now: new Date('2026-11-20T10:00:00Z'),
  chapters: new Map([[CHAPTER, { id: CHAPTER, subjectId: 1, boardId: 1, grade: 7 }]]),
  topicChapters: new Map(TOPICS.map((t) => [t, CHAPTER])),
  questions,
};

let n = 0;
/** A record of 10 answered questions, `seconds` each, spanning `spanSeconds` up to `finishedAt`. */
function input(
  kind: RecordInput['kind'],
  opts: { seconds: number; spanSeconds: number; finishedAt?: string; topicId?: number },
): RecordInput {
  const finished = Date.parse(opts.finishedAt ?? '2026-11-19T10:00:00Z');
  const topicId = opts.topicId ?? TOPICS[0]!;
  return {
    id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    kind,
    chapterId: CHAPTER,
    ...(kind === 'topic' ? { topicId } : {}),
    startedAt: new Date(finished - opts.spanSeconds * 1000).toISOString(),
    finishedAt: new Date(finished).toISOString(),
    answers: Array.from({ length: 10 }, (_, i) => ({
      questionId: topicId * 100 + i,
      chosen: [1],
      seconds: opts.seconds,
    })),
  };
}
const marked = (record: RecordInput): MarkedRecord => {
  const result = markRecord(record, ctx);
  if (!result.ok) throw new Error(result.code);
  return result.record;
};

describe('markRecord: seconds against the record’s span', () => {
  it('counts an answer of 0 s as the 1 s minimum (the game of 10 answers taking 30 s)', () => {
    const record = marked(input('topic', { seconds: 0, spanSeconds: 30 }));
    expect(record.question_seconds).toBe(10);
    expect(record.learning_currency).toBe(110);
  });

  it('counts ten answers of 0 s in 2 s (a robot, or a tap faster than 1 s) as 1 s each', () => {
    expect(marked(input('topic', { seconds: 0, spanSeconds: 2 })).question_seconds).toBe(10);
  });

  it.each([
    ['ten answers of 12 s (120 s) in a 60 s span', 12, 60],
    // 120 s claimed; 104 s + 5 s + 10 x 1 s = 119 s allowed.
    ['ten answers of 12 s in 104 s', 12, 104],
  ])('refuses %s', (_name, seconds, spanSeconds) => {
    expect(markRecord(input('topic', { seconds, spanSeconds }), ctx)).toMatchObject({
      ok: false,
      code: 'SECONDS_IMPLAUSIBLE',
    });
  });

  it('allows 5 s and 1 s an answer between the device’s two clocks, and counts a game question at most T', () => {
    expect(markRecord(input('topic', { seconds: 12, spanSeconds: 105 }), ctx).ok).toBe(true);
    // 200 s an answer counts 30 s: 300 s fit a span of 300 s.
    expect(marked(input('topic', { seconds: 200, spanSeconds: 300 })).question_seconds).toBe(300);
  });

  it('checks a quiz’s seconds as given, not capped at T', () => {
    expect(markRecord(input('quiz', { seconds: 40, spanSeconds: 400 }), ctx).ok).toBe(true);
    expect(markRecord(input('quiz', { seconds: 40, spanSeconds: 300 }), ctx)).toMatchObject({
      ok: false,
      code: 'SECONDS_IMPLAUSIBLE',
    });
  });
});

describe('refuseDenseGames: at most 72 games finish within an hour', () => {
  const at = (ms: number) =>
    marked(
      input('topic', {
        seconds: 4,
        spanSeconds: 45,
        finishedAt: new Date(Date.parse('2026-11-10T09:00:00Z') + ms).toISOString(),
      }),
    );

  it('is 3600 s / (10 questions x R = 50 s)', () => {
    expect(MAX_GAMES_PER_HOUR).toBe(72);
  });

  it('refuses the 73rd game within less than an hour, the latest to finish', () => {
    const games = Array.from({ length: 73 }, (_, i) => at(i * 45_000));
    const refused = refuseDenseGames([...games].reverse(), []);
    expect([...refused]).toEqual([games[72]]);
  });

  it('accepts 73 games spanning exactly one hour, and counts stored games', () => {
    const spread = Array.from({ length: 73 }, (_, i) => at((i * 3_600_000) / 72));
    expect(refuseDenseGames(spread, []).size).toBe(0);
    const stored = Array.from({ length: 72 }, (_, i) => Date.parse('2026-11-10T09:00:00Z') + i * 10_000);
    expect(refuseDenseGames([at(30 * 60_000)], stored).size).toBe(1);
    expect(refuseDenseGames([at(12 * 60_000 + 1 + 3_600_000)], stored).size).toBe(0);
  });
});

describe('refuseLockedActivities: a treasure needs every topic of its chapter', () => {
  const stored = { gameFinishes: [], chapterTopics: new Map([[CHAPTER, TOPICS]]), completedTopics: new Set<number>() };
  const treasure = () => marked(input('treasure', { seconds: 10, spanSeconds: 100 }));
  const topic = (topicId: number) => marked(input('topic', { seconds: 10, spanSeconds: 100, topicId }));

  it('refuses a treasure with a topic missing, stored or in the batch', () => {
    const t = treasure();
    expect([...refuseLockedActivities([t, topic(11)], stored).keys()]).toEqual([t]);
    expect(refuseLockedActivities([t], { ...stored, completedTopics: new Set([12]) }).get(t)).toContain('missing: 11');
  });

  it('accepts it after topics stored earlier or in the same batch, in any order', () => {
    expect(refuseLockedActivities([treasure(), topic(12)], { ...stored, completedTopics: new Set([11]) }).size).toBe(0);
    expect(refuseLockedActivities([treasure(), topic(12), topic(11)], stored).size).toBe(0);
  });

  it('does not open a treasure with a topic game the density rule refused', () => {
    // The treasure finishes an hour after the crowded hour: only its missing topic refuses it.
    const t = marked(input('treasure', { seconds: 10, spanSeconds: 100, finishedAt: '2026-11-19T11:00:00Z' }));
    const stored72 = {
      ...stored,
      gameFinishes: Array.from({ length: 72 }, (_, i) => Date.parse('2026-11-19T09:30:00Z') + i * 1000),
      completedTopics: new Set([11]),
    };
    const late = topic(12);
    const { accepted, refused } = applyBatchRules([late, t], stored72);
    expect(accepted).toEqual([]);
    expect(refused.map((r) => [r.record, r.code])).toEqual([
      [late, 'TOO_MANY_GAMES'],
      [t, 'ACTIVITY_LOCKED'],
    ]);
  });
});

describe('outlierReason: far above the usual accuracy at implausible speed', () => {
  const perfectAt = (seconds: number) => marked(input('topic', { seconds, spanSeconds: 100 }));

  it('flags 100 % at 2 s a question against a usual 50 % over 60 answers', () => {
    expect(outlierReason(perfectAt(2), { answered: 60, correct: 30 })).toEqual({
      accuracy: 100,
      secondsPerQuestion: 2,
      usualAccuracy: 50,
      historyAnswers: 60,
    });
  });

  it.each([
    ['at R = 5 s a question or slower', 5, { answered: 60, correct: 30 }],
    ['less than 40 points above the usual', 2, { answered: 60, correct: 37 }],
    ['with fewer than 50 answers of history', 2, { answered: 40, correct: 0 }],
  ])('does not flag a game %s', (_name, seconds, history) => {
    expect(outlierReason(perfectAt(seconds), history)).toBeNull();
  });
});
