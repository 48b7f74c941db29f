import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PostRecordsResponse, RecordInput } from '@ki/contracts';
import { LearnerDb, clearCachedContent } from './learner-db';
import {
  enqueueRecord,
  interpretUpload,
  pendingRecords,
  pruneSettled,
  toBatches,
  uploadPending,
  type PostBatch,
} from './records-queue';

let db: LearnerDb;
let n = 0;
beforeEach(() => {
  db = new LearnerDb(`test-${++n}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const local = { correct: 8, answered: 10, learningCurrency: 87, learningEfficiency: 79.27, percent: 80 };
const input = (id: string, finishedAt: string): RecordInput => ({
  id,
  kind: 'topic',
  chapterId: 1,
  topicId: 2,
  startedAt: '2026-11-20T09:00:00Z',
  finishedAt,
  answers: [{ questionId: 1, chosen: [1], seconds: 5 }],
});
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const add = (ownerId: number, i: number, finishedAt = `2026-11-20T10:${String(i).padStart(2, '0')}:00Z`) =>
  enqueueRecord(db, { ownerId, input: input(uuid(i), finishedAt), subjectSlug: 'science', local });

/** A server that stores each id once, like POST /records. */
function fakeServer(opts: { reject?: Set<string>; failAfter?: number } = {}) {
  const stored = new Set<string>();
  const calls: string[][] = [];
  const post: PostBatch = async (records) => {
    if (opts.failAfter !== undefined && calls.length >= opts.failAfter) throw new Error('network down');
    calls.push(records.map((r) => r.id));
    const response: PostRecordsResponse = { stored: [], duplicates: [], rejected: [], marked: [] };
    records.forEach((r, index) => {
      if (opts.reject?.has(r.id)) response.rejected.push({ index, id: r.id, code: 'UNKNOWN_TOPIC', message: 'gone' });
      else if (stored.has(r.id)) response.duplicates.push(r.id);
      else {
        stored.add(r.id);
        response.stored.push(r.id);
      }
      if (!opts.reject?.has(r.id))
        response.marked.push({
          id: r.id,
          kind: 'topic',
          answered: 10,
          correct: 8,
          learningCurrency: 87,
          learningEfficiency: 79.27,
          percent: 80,
        });
    });
    return response;
  };
  return { post, stored, calls };
}

describe('records queue', () => {
  it('keeps records pending until the server confirms them, then saved with the server’s figures', async () => {
    await add(7, 1);
    await add(7, 2);
    expect((await pendingRecords(db, 7)).map((r) => r.id)).toEqual([uuid(1), uuid(2)]);
    const server = fakeServer();
    const result = await uploadPending(db, 7, server.post);
    expect(result).toMatchObject({ saved: 2, rejected: [], error: null });
    expect(await pendingRecords(db, 7)).toEqual([]);
    const saved = await db.records.get(uuid(1));
    expect(saved).toMatchObject({ status: 'saved', server: { learningCurrency: 87, correct: 8 } });
    expect(saved?.savedAt).toEqual(expect.any(Number));
  });

  it('uploads in the order played and in batches within the server’s limit', async () => {
    await add(7, 3, '2026-11-20T10:30:00Z');
    await add(7, 1, '2026-11-20T10:10:00Z');
    await add(7, 2, '2026-11-20T10:20:00Z');
    const server = fakeServer();
    await uploadPending(db, 7, server.post, 2);
    expect(server.calls).toEqual([[uuid(1), uuid(2)], [uuid(3)]]);
    expect(toBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('leaves records pending when the network fails, and counts nothing twice on the retry', async () => {
    await add(7, 1);
    await add(7, 2);
    await add(7, 3);
    const server = fakeServer({ failAfter: 1 });
    const first = await uploadPending(db, 7, server.post, 1);
    expect(first.saved).toBe(1);
    expect(first.error).toBeInstanceOf(Error);
    expect((await pendingRecords(db, 7)).map((r) => r.id)).toEqual([uuid(2), uuid(3)]);
    // A tab closed after the server stored a batch but before the device heard back: the record is
    // still pending here and is sent again; the server reports it as a duplicate.
    await db.records.update(uuid(1), { status: 'pending' });
    const retry = fakeServer();
    retry.stored.add(uuid(1));
    const second = await uploadPending(db, 7, retry.post);
    expect(second).toMatchObject({ saved: 3, error: null });
    expect(retry.stored.size).toBe(3);
    expect(await pendingRecords(db, 7)).toEqual([]);
  });

  it('takes rejected records out of the queue with their reason, and reports them', async () => {
    await add(7, 1);
    await add(7, 2);
    const result = await uploadPending(db, 7, fakeServer({ reject: new Set([uuid(2)]) }).post);
    expect(result.rejected).toEqual([{ id: uuid(2), code: 'UNKNOWN_TOPIC', message: 'gone' }]);
    expect(await db.records.get(uuid(2))).toMatchObject({ status: 'rejected', rejection: { code: 'UNKNOWN_TOPIC' } });
    expect(await pendingRecords(db, 7)).toEqual([]);
  });

  it('never uploads one student’s records in another student’s session', async () => {
    await add(7, 1);
    await add(8, 2);
    const server = fakeServer();
    await uploadPending(db, 8, server.post);
    expect(server.calls).toEqual([[uuid(2)]]);
    expect((await pendingRecords(db, 7)).map((r) => r.id)).toEqual([uuid(1)]);
  });

  it('keeps the queue when cached content is cleared (logout)', async () => {
    await add(7, 1);
    await db.bundles.put({
      key: '7:science',
      ownerId: 7,
      slug: 'science',
      etag: '"v"',
      bundle: {} as never,
      fetchedAt: 0,
    });
    await clearCachedContent(db);
    expect(await db.bundles.count()).toBe(0);
    expect(await pendingRecords(db, 7)).toHaveLength(1);
  });
});

describe('queue upkeep', () => {
  it('halves the batch when the server finds a request too large', async () => {
    for (let i = 1; i <= 4; i++) await add(7, i);
    const server = fakeServer();
    const post: PostBatch = (records) =>
      records.length > 2
        ? Promise.reject(Object.assign(new Error('too large'), { status: 413 }))
        : server.post(records);
    const result = await uploadPending(db, 7, post);
    expect(result).toMatchObject({ saved: 4, error: null });
    expect(server.calls.map((c) => c.length)).toEqual([2, 2]);
  });

  it('drops settled records after two weeks, never pending ones', async () => {
    await add(7, 1);
    await add(7, 2);
    await uploadPending(db, 7, fakeServer().post);
    await add(7, 3);
    const later = Date.now() + 15 * 24 * 60 * 60 * 1000;
    expect(await pruneSettled(db, 7, Date.now())).toBe(0);
    expect(await pruneSettled(db, 7, later)).toBe(2);
    expect((await db.records.toArray()).map((r) => r.id)).toEqual([uuid(3)]);
  });
});

describe('interpretUpload', () => {
  it('treats a DUPLICATE_IN_BATCH rejection as no verdict on the record', () => {
    const out = interpretUpload([{ id: uuid(1) }, { id: uuid(1) }], {
      stored: [uuid(1)],
      duplicates: [],
      rejected: [{ index: 1, id: uuid(1), code: 'DUPLICATE_IN_BATCH', message: '' }],
      marked: [],
    });
    expect(out).toEqual({ saved: [uuid(1), uuid(1)], rejected: [], unresolved: [] });
  });
  it('leaves ids the server did not mention unresolved (pending)', () => {
    expect(
      interpretUpload([{ id: uuid(1) }], { stored: [], duplicates: [], rejected: [], marked: [] }).unresolved,
    ).toEqual([uuid(1)]);
  });
  it('finds a rejected record by index when the server could not read its id', () => {
    const out = interpretUpload([{ id: uuid(4) }], {
      stored: [],
      duplicates: [],
      rejected: [{ index: 0, id: null, code: 'INVALID_RECORD', message: 'bad' }],
      marked: [],
    });
    expect(out.rejected).toEqual([{ id: uuid(4), code: 'INVALID_RECORD', message: 'bad' }]);
  });
});
