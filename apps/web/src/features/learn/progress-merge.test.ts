import { describe, expect, it } from 'vitest';
import type { SubjectChaptersResponse } from '@ki/contracts';
import type { QueuedRecord } from '../../lib/learner-db';
import { islandLayout } from './island-layout';
import { mergeChapterProgress, unconfirmedRecords } from './progress-merge';

type ServerChapter = SubjectChaptersResponse['chapters'][number];
const server = (over: Partial<ServerChapter> = {}): ServerChapter => ({
  id: 1,
  slug: 'c',
  name: 'C',
  topics: 3,
  topicsCompleted: 0,
  isCompleted: false,
  topicProgress: [],
  learningCurrency: 0,
  reviseAttempts: 0,
  treasureAttempts: 0,
  knowledgeEfficiency: null,
  knowledgeCurrency: 0,
  locks: {
    revise: { locked: true, reason: 'TOPICS_INCOMPLETE', done: false },
    treasure: { locked: true, reason: 'TOPICS_INCOMPLETE', done: false },
  },
  ...over,
});
let n = 0;
const record = (
  kind: 'topic' | 'revise' | 'treasure',
  opts: {
    topicId?: number;
    lc?: number;
    le?: number;
    percent?: number;
    status?: QueuedRecord['status'];
    savedAt?: number;
  } = {},
): QueuedRecord => ({
  id: `r${++n}`,
  ownerId: 1,
  status: opts.status ?? 'pending',
  input: {
    id: `r${n}`,
    kind,
    chapterId: 1,
    topicId: opts.topicId ?? null,
    startedAt: '',
    finishedAt: `2026-11-20T10:${String(n).padStart(2, '0')}:00Z`,
    answers: [],
  },
  subjectSlug: 's',
  local: {
    correct: 0,
    answered: 10,
    learningCurrency: opts.lc ?? null,
    learningEfficiency: opts.le ?? null,
    percent: opts.percent ?? null,
  },
  server: null,
  createdAt: n,
  savedAt: opts.savedAt ?? null,
  rejection: null,
});

describe('progress on the device', () => {
  it('lets a student go topic -> revise -> treasure offline: queued records open the locks', () => {
    const topics = [1, 2, 3].map((topicId) => record('topic', { topicId, lc: 87, le: 79.27 }));
    const afterTopics = mergeChapterProgress(server(), 3, topics);
    expect(afterTopics).toMatchObject({ topicsCompleted: 3, learningCurrency: 261, pending: 3 });
    expect(afterTopics.locks.revise.locked).toBe(false);
    expect(afterTopics.locks.treasure.reason).toBe('REVISE_INCOMPLETE');
    const afterRevise = mergeChapterProgress(server(), 3, [...topics, record('revise', { percent: 70 })]);
    expect(afterRevise.locks.treasure.locked).toBe(false);
    // KC_ch = round(261 / 3 x 90 / 100) = 78.
    const afterTreasure = mergeChapterProgress(server(), 3, [
      ...topics,
      record('revise'),
      record('treasure', { percent: 90 }),
    ]);
    expect(afterTreasure).toMatchObject({ treasureDone: true, knowledgeEfficiency: 90, knowledgeCurrency: 78 });
  });

  it('discounts a replay by its attempt number and keeps the better LE_topic', () => {
    const s = server({
      topicsCompleted: 1,
      topicProgress: [{ topicId: 1, attempts: 1, learningEfficiency: 50, learningCurrency: 55 }],
    });
    const better = mergeChapterProgress(s, 3, [record('topic', { topicId: 1, lc: 87, le: 79.27 })]);
    expect(better.topics.get(1)).toEqual({ attempts: 2, learningEfficiency: 79.27 * 0.9, learningCurrency: 87 });
    const worse = mergeChapterProgress(s, 3, [record('topic', { topicId: 1, lc: 40, le: 40 })]);
    expect(worse.topics.get(1)).toEqual({ attempts: 2, learningEfficiency: 50, learningCurrency: 55 });
  });

  it('counts a saved record only while the server’s progress predates it', () => {
    const saved = record('topic', { topicId: 1, status: 'saved', savedAt: 1000 });
    const rejected = record('topic', { topicId: 2, status: 'rejected' });
    expect(unconfirmedRecords([saved, rejected], 500)).toEqual([saved]);
    expect(unconfirmedRecords([saved, rejected], 2000)).toEqual([]);
    expect(unconfirmedRecords([saved], null)).toEqual([saved]);
  });

  it('shows the server’s figures as they are when nothing is waiting', () => {
    const view = mergeChapterProgress(
      server({ reviseAttempts: 1, treasureAttempts: 1, knowledgeEfficiency: 80, knowledgeCurrency: 70 }),
      3,
      [],
    );
    expect(view).toMatchObject({
      reviseDone: true,
      treasureDone: true,
      knowledgeCurrency: 70,
      knowledgeEfficiency: 80,
    });
  });
});

describe('island layout', () => {
  it('numbers one stop per topic, then revise and treasure, top to bottom within the width', () => {
    const layout = islandLayout(5);
    expect(layout.stops.map((s) => s.kind)).toEqual([
      'topic',
      'topic',
      'topic',
      'topic',
      'topic',
      'revise',
      'treasure',
    ]);
    expect(layout.stops.filter((s) => s.kind === 'topic').map((s) => s.index)).toEqual([0, 1, 2, 3, 4]);
    for (let i = 1; i < layout.stops.length; i++) expect(layout.stops[i]!.y).toBeGreaterThan(layout.stops[i - 1]!.y);
    for (const s of layout.stops) {
      expect(s.x).toBeGreaterThanOrEqual(44);
      expect(s.x).toBeLessThanOrEqual(layout.width - 44);
      expect(s.y).toBeLessThan(layout.height - 44);
    }
    expect(layout.path.startsWith(`M ${layout.stops[0]!.x} ${layout.stops[0]!.y}`)).toBe(true);
    expect(layout.path.match(/C /g)).toHaveLength(6);
  });
  it('still draws revise and treasure for an empty chapter', () => {
    expect(islandLayout(0).stops.map((s) => s.kind)).toEqual(['revise', 'treasure']);
  });
});
