// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '@ki/contracts';
import { ApiError } from './api-client';
import { clearCachedContent, LearnerDb } from './learner-db';
import { answerOwner, SAVED_ANSWER_MAX_AGE_MS, savedAnswerKey, SavedAnswers, wantsDeviceCopy } from './saved-answers';

const student = (id: number) => ({ user: { id }, abilities: { writeRecords: true } }) as unknown as MeResponse;
const staff = (id: number) => ({ user: { id }, abilities: { writeRecords: false } }) as unknown as MeResponse;

let db: LearnerDb;
let client: QueryClient;
let keeper: SavedAnswers;
let n = 0;
const NOW = Date.parse('2026-11-26T06:30:00Z');

beforeEach(() => {
  db = new LearnerDb(`answers-test-${++n}`);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  keeper = new SavedAnswers(client, db, () => NOW);
});
afterEach(async () => {
  client.clear();
  db.close();
  await db.delete();
});

const subjectsKey = ['me', 'subjects'];
const subjectsHash = JSON.stringify(subjectsKey);

/** Runs a learner query through an observer, as a page does, with the given answer or failure. */
async function observe(answer: () => Promise<unknown>, meta: { saveOnDevice?: boolean } = { saveOnDevice: true }) {
  const observer = new QueryObserver(client, { queryKey: subjectsKey, queryFn: answer, meta });
  const stop = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));
  return { observer, stop };
}

const unreachable = () => Promise.reject(new ApiError(0, 'NETWORK', 'Could not connect to server.'));

describe('answerOwner and wantsDeviceCopy', () => {
  it("keeps a student's own answers only", () => {
    expect(answerOwner(student(7))).toBe(7);
    expect(answerOwner(staff(7))).toBeUndefined();
    expect(answerOwner(null)).toBeUndefined();
  });
  it('wants the device copy when an opted-in query has nothing and cannot ask the server', () => {
    const state = (s: object) =>
      ({
        meta: { saveOnDevice: true },
        state: { data: undefined, fetchStatus: 'idle', status: 'pending', error: null, ...s },
      }) as never;
    expect(wantsDeviceCopy(state({ fetchStatus: 'paused' }))).toBe(true);
    expect(wantsDeviceCopy(state({ status: 'error', error: new ApiError(0, 'NETWORK', '') }))).toBe(true);
    expect(wantsDeviceCopy(state({ status: 'error', error: new ApiError(503, 'INTERNAL', '') }))).toBe(true);
    // The server answered "no": the device does not overrule it.
    expect(wantsDeviceCopy(state({ status: 'error', error: new ApiError(403, 'FORBIDDEN', '') }))).toBe(false);
    expect(wantsDeviceCopy(state({ fetchStatus: 'paused', data: {} }))).toBe(false);
  });
});

describe('SavedAnswers', () => {
  it("saves a student's answers under their id, and nothing for staff or queries that did not opt in", async () => {
    client.setQueryData(['me'], student(7));
    keeper.start();
    await observe(() => Promise.resolve({ subjects: ['science'] }));
    await vi.waitFor(async () => expect(await db.answers.get(savedAnswerKey(7, subjectsHash))).toBeDefined());
    const row = await db.answers.get(savedAnswerKey(7, subjectsHash));
    expect(row).toMatchObject({ ownerId: 7, queryKey: subjectsKey, data: { subjects: ['science'] } });

    const other = new QueryObserver(client, { queryKey: ['not', 'kept'], queryFn: () => Promise.resolve(1) });
    other.subscribe(() => undefined);
    await vi.waitFor(() => expect(other.getCurrentResult().data).toBe(1));
    client.setQueryData(['me'], staff(8));
    await client.refetchQueries({ queryKey: subjectsKey });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await db.answers.toArray()).map((r) => r.key)).toEqual([savedAnswerKey(7, subjectsHash)]);
  });

  it('restores the saved answer, with its time, when the server cannot be reached; the next answer replaces it', async () => {
    const savedAt = NOW - 60 * 60_000;
    await db.answers.put({
      key: savedAnswerKey(7, subjectsHash),
      ownerId: 7,
      queryKey: subjectsKey,
      data: { subjects: ['saved'] },
      savedAt,
    });
    client.setQueryData(['me'], student(7));
    keeper.start();
    const { observer } = await observe(unreachable);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ subjects: ['saved'] }));
    const query = client.getQueryCache().find({ queryKey: subjectsKey })!;
    expect(query.state.dataUpdatedAt).toBe(savedAt);
    expect(keeper.isFromDevice(query)).toBe(true);
    expect(keeper.isLooking()).toBe(false);

    observer.setOptions({
      queryKey: subjectsKey,
      queryFn: () => Promise.resolve({ subjects: ['fresh'] }),
      meta: { saveOnDevice: true },
    });
    await observer.refetch();
    expect(observer.getCurrentResult().data).toEqual({ subjects: ['fresh'] });
    expect(keeper.isFromDevice(query)).toBe(false);
  });

  it("never shows one student another's saved answers (a shared phone)", async () => {
    await db.answers.put({
      key: savedAnswerKey(7, subjectsHash),
      ownerId: 7,
      queryKey: subjectsKey,
      data: { subjects: ['his'] },
      savedAt: NOW,
    });
    client.setQueryData(['me'], student(9));
    keeper.start();
    const { observer } = await observe(unreachable);
    await vi.waitFor(() => expect(keeper.isLooking()).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(observer.getCurrentResult().data).toBeUndefined();
  });

  it('drops answers older than the maximum age instead of showing them', async () => {
    const old = NOW - SAVED_ANSWER_MAX_AGE_MS - 1;
    await db.answers.put({
      key: savedAnswerKey(7, subjectsHash),
      ownerId: 7,
      queryKey: subjectsKey,
      data: { subjects: ['old'] },
      savedAt: old,
    });
    client.setQueryData(['me'], student(7));
    keeper.start();
    const { observer } = await observe(unreachable);
    await vi.waitFor(async () => expect(await db.answers.count()).toBe(0));
    expect(observer.getCurrentResult().data).toBeUndefined();
  });

  it('logout clears the saved answers with the cached content', async () => {
    await db.answers.put({
      key: savedAnswerKey(7, subjectsHash),
      ownerId: 7,
      queryKey: subjectsKey,
      data: {},
      savedAt: NOW,
    });
    await clearCachedContent(db);
    expect(await db.answers.count()).toBe(0);
  });
});
