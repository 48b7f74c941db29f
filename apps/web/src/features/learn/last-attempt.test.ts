import { describe, expect, it } from 'vitest';
import type { BundleChapter, BundleQuestion, RecordInput } from '@ki/contracts';
import type { QueuedRecord } from '../../lib/learner-db';
import { latestRecord, reviewOfRecord } from './last-attempt';

const q = (id: number, type: BundleQuestion['type'], answer: number[]): BundleQuestion => ({
  id,
  type,
  text: `Q${id}`,
  options: ['a', 'b', 'c'],
  answer,
  solution: '',
  language: 'en',
});
const chapter: BundleChapter = {
  id: 7,
  slug: 'acids',
  name: 'Acids',
  nameLanguage: 'en',
  topics: [
    {
      id: 1,
      slug: 't1',
      name: 'T1',
      nameLanguage: 'en',
      concept: null,
      questions: [q(11, 'multiple_choice', [1]), q(12, 'multiple_select', [0, 2])],
    },
    { id: 2, slug: 't2', name: 'T2', nameLanguage: 'en', concept: null, questions: [q(21, 'true_false', [0])] },
  ],
};

const record = (over: { id?: string; status?: QueuedRecord['status']; input: Partial<RecordInput> }): QueuedRecord => ({
  id: over.id ?? 'r',
  ownerId: 1,
  status: over.status ?? 'saved',
  subjectSlug: 'science',
  local: { correct: 0, answered: 0, learningCurrency: null, learningEfficiency: null, percent: 0 },
  server: null,
  createdAt: 0,
  savedAt: null,
  rejection: null,
  input: {
    id: over.id ?? 'r',
    kind: 'treasure',
    chapterId: 7,
    startedAt: '2026-11-20T10:00:00.000Z',
    finishedAt: '2026-11-20T10:05:00.000Z',
    answers: [],
    ...over.input,
  },
});

describe('latestRecord', () => {
  it("picks the chapter's last finished record of the kind, never a rejected one", () => {
    const records = [
      record({ id: 'old', input: { finishedAt: '2026-11-20T10:05:00.000Z' } }),
      record({ id: 'new', status: 'pending', input: { finishedAt: '2026-11-21T10:05:00.000Z' } }),
      record({ id: 'rejected', status: 'rejected', input: { finishedAt: '2026-11-22T10:05:00.000Z' } }),
      record({ id: 'revise', input: { kind: 'revise', finishedAt: '2026-11-23T10:05:00.000Z' } }),
      record({ id: 'other chapter', input: { chapterId: 8, finishedAt: '2026-11-23T10:05:00.000Z' } }),
    ];
    expect(latestRecord(records, 'treasure', 7)?.id).toBe('new');
    expect(latestRecord(records, 'revise', 7)?.id).toBe('revise');
    expect(latestRecord(records, 'treasure', 9)).toBeNull();
    expect(latestRecord([], 'treasure', 7)).toBeNull();
  });
});

describe('reviewOfRecord', () => {
  it('marks each saved answer against the content, in the order played, leaving out removed questions', () => {
    const { questions, answers } = reviewOfRecord(
      chapter,
      record({
        input: {
          answers: [
            { questionId: 21, chosen: [0], seconds: 4 },
            { questionId: 12, chosen: [2, 0], seconds: 9 },
            { questionId: 11, chosen: [0], seconds: 6 },
            { questionId: 99, chosen: [1], seconds: 3 },
            { questionId: 11, chosen: null, seconds: 30 },
            { questionId: 12, chosen: [], seconds: 30 },
          ],
        },
      }),
    );
    expect(questions.map((x) => x.id)).toEqual([21, 12, 11, 11, 12]);
    expect(answers).toEqual([
      { questionId: 21, chosen: [0], seconds: 4, correct: true },
      { questionId: 12, chosen: [2, 0], seconds: 9, correct: true },
      { questionId: 11, chosen: [0], seconds: 6, correct: false },
      { questionId: 11, chosen: null, seconds: 30, correct: false },
      { questionId: 12, chosen: null, seconds: 30, correct: false },
    ]);
  });
});
