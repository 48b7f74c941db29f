/**
 * Uploads the signed-in student's queued records: at start, when the network returns, every minute,
 * and on demand after a game. Web Locks make two tabs take turns (the server would not count a
 * record twice anyway: it is idempotent by id).
 */
import type { PostRecordsResponse, RecordInput } from '@ki/contracts';
import { apiRequest } from './api-client';
import { learnerDb } from './learner-db';
import { pendingRecords, pruneSettled, uploadPending, type SyncResult } from './records-queue';

const LOCK_NAME = 'ki-records-upload';
const PERIOD_MS = 60_000;
/**
 * An upload that has not been answered by then is given up (and tried again later): on a patchy
 * network a request can hang for minutes, and it would hold the upload lock all that time.
 */
const UPLOAD_TIMEOUT_MS = 30_000;

/** Names the player: the server refuses the batch if this tab's session is now someone else's. */
const postBatch = (ownerId: number) => (records: RecordInput[]) =>
  apiRequest<PostRecordsResponse>('POST', '/records', {
    body: { records, studentId: ownerId },
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });

/** When the student's records not sent yet were finished (the daily streak counts their days). */
export async function pendingFinishTimes(ownerId: number): Promise<string[]> {
  return (await pendingRecords(learnerDb(), ownerId)).map((r) => r.input.finishedAt);
}

type Listener = (result: SyncResult) => void;
const listeners = new Set<Listener>();

/** Hears every finished sync (to report rejected records). */
export function onSynced(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Uploads what `ownerId` has pending; one upload at a time across the tabs of this browser. */
export async function syncRecords(ownerId: number): Promise<SyncResult> {
  const run = async () => {
    const result = await uploadPending(learnerDb(), ownerId, postBatch(ownerId));
    await pruneSettled(learnerDb(), ownerId);
    return result;
  };
  const result =
    typeof navigator !== 'undefined' && 'locks' in navigator
      ? await navigator.locks.request(LOCK_NAME, run)
      : await run();
  for (const listener of listeners) listener(result);
  return result;
}

/** Starts syncing for the signed-in student; returns the stop function (sign-out, another user). */
export function startRecordsSync(ownerId: number): () => void {
  const tick = () => {
    if (navigator.onLine) void syncRecords(ownerId).catch(() => undefined);
  };
  tick();
  window.addEventListener('online', tick);
  const timer = window.setInterval(tick, PERIOD_MS);
  return () => {
    window.removeEventListener('online', tick);
    window.clearInterval(timer);
  };
}
