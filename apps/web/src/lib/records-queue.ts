/**
 * The records queue: every finished activity is written here first, then uploaded in batches and
 * marked saved only when the server confirms it (stored, or already stored). Rejected records leave
 * the queue with their reason; network failures leave records pending for the next try.
 */
import { MAX_RECORDS_PER_BATCH, type PostRecordsResponse, type RecordInput } from '@ki/contracts';
import type { LearnerDb, QueuedRecord, RecordFigures } from './learner-db';

/** Adds a finished activity to the queue (before anything else: a closed tab must not lose it). */
export async function enqueueRecord(
  db: LearnerDb,
  entry: { ownerId: number; input: RecordInput; subjectSlug: string; local: RecordFigures; now?: number },
): Promise<QueuedRecord> {
  const record: QueuedRecord = {
    id: entry.input.id,
    ownerId: entry.ownerId,
    status: 'pending',
    input: entry.input,
    subjectSlug: entry.subjectSlug,
    local: entry.local,
    server: null,
    createdAt: entry.now ?? Date.now(),
    savedAt: null,
    rejection: null,
  };
  await db.records.put(record);
  return record;
}

/** One student's records waiting for upload, in the order they were played. */
export async function pendingRecords(db: LearnerDb, ownerId: number): Promise<QueuedRecord[]> {
  const rows = await db.records.where('[ownerId+status]').equals([ownerId, 'pending']).toArray();
  return rows.sort((a, b) => a.input.finishedAt.localeCompare(b.input.finishedAt) || a.createdAt - b.createdAt);
}

/**
 * Records per upload request. The server takes up to MAX_RECORDS_PER_BATCH, but on a patchy
 * network a smaller request is likelier to arrive, and a lost one costs less to send again.
 */
export const UPLOAD_BATCH_SIZE = Math.min(50, MAX_RECORDS_PER_BATCH);

/** Splits records into upload batches within the server's limit, keeping their order. */
export function toBatches<T>(items: readonly T[], size: number = UPLOAD_BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

export interface UploadOutcome {
  saved: string[];
  rejected: { id: string; code: string; message: string }[];
  /** Neither confirmed nor rejected (should not happen): stays pending for the next try. */
  unresolved: string[];
}

/**
 * What a server answer means for a batch: stored and duplicate ids are saved; a rejection is final
 * (the same record would be rejected again), except DUPLICATE_IN_BATCH, which only says the id was
 * sent twice: its first copy's fate decides.
 */
export function interpretUpload(
  batch: readonly Pick<QueuedRecord, 'id'>[],
  response: PostRecordsResponse,
): UploadOutcome {
  const saved = new Set([...response.stored, ...response.duplicates].map((id) => id.toLowerCase()));
  const rejected = new Map<string, { code: string; message: string }>();
  for (const r of response.rejected) {
    const id = (r.id ?? batch[r.index]?.id)?.toLowerCase();
    if (!id || r.code === 'DUPLICATE_IN_BATCH' || saved.has(id)) continue;
    rejected.set(id, { code: r.code, message: r.message });
  }
  const outcome: UploadOutcome = { saved: [], rejected: [], unresolved: [] };
  for (const { id } of batch) {
    const key = id.toLowerCase();
    if (saved.has(key)) outcome.saved.push(id);
    else if (rejected.has(key)) outcome.rejected.push({ id, ...rejected.get(key)! });
    else outcome.unresolved.push(id);
  }
  return outcome;
}

/** Writes an upload's outcome: saved with the server's figures, or rejected with the reason. */
export async function applyUpload(
  db: LearnerDb,
  outcome: UploadOutcome,
  response: PostRecordsResponse,
  now: number = Date.now(),
): Promise<void> {
  const marked = new Map(response.marked.map((m) => [m.id.toLowerCase(), m]));
  await db.transaction('rw', db.records, async () => {
    for (const id of outcome.saved) {
      const m = marked.get(id.toLowerCase());
      await db.records.update(id, {
        status: 'saved',
        savedAt: now,
        server: m
          ? {
              correct: m.correct,
              answered: m.answered,
              learningCurrency: m.learningCurrency,
              learningEfficiency: m.learningEfficiency,
              percent: m.percent,
            }
          : null,
      });
    }
    for (const r of outcome.rejected)
      await db.records.update(r.id, { status: 'rejected', rejection: { code: r.code, message: r.message } });
  });
}

const isTooLarge = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 413;

/** Saved records are kept a while (their result screens show the server's figures), then dropped. */
export const KEEP_SAVED_MS = 14 * 24 * 60 * 60 * 1000;

/** Drops one student's saved and rejected records older than `keepMs`; pending records are never dropped. */
export async function pruneSettled(
  db: LearnerDb,
  ownerId: number,
  now: number = Date.now(),
  keepMs: number = KEEP_SAVED_MS,
): Promise<number> {
  const settled = await db.records
    .where('[ownerId+status]')
    .anyOf([
      [ownerId, 'saved'],
      [ownerId, 'rejected'],
    ])
    .filter((r) => (r.savedAt ?? r.createdAt) < now - keepMs)
    .primaryKeys();
  await db.records.bulkDelete(settled);
  return settled.length;
}

export type PostBatch = (records: RecordInput[]) => Promise<PostRecordsResponse>;

export interface SyncResult {
  saved: number;
  rejected: { id: string; code: string; message: string }[];
  /** Set when an upload failed (offline, server error): the rest waits for the next try. */
  error: unknown;
}

/**
 * Uploads one student's pending records in order, batch by batch. Stops at the first failed
 * request: nothing is marked saved without the server's word, so a retry later is always safe
 * (the server stores a record id once).
 */
export async function uploadPending(
  db: LearnerDb,
  ownerId: number,
  post: PostBatch,
  batchSize: number = UPLOAD_BATCH_SIZE,
): Promise<SyncResult> {
  const result: SyncResult = { saved: 0, rejected: [], error: null };
  for (const batch of toBatches(await pendingRecords(db, ownerId), batchSize)) {
    let response: PostRecordsResponse;
    try {
      response = await post(batch.map((r) => r.input));
    } catch (error) {
      // A body over the server's size limit: the rest goes again in smaller batches.
      if (isTooLarge(error) && batch.length > 1) {
        const rest = await uploadPending(db, ownerId, post, Math.ceil(batch.length / 2));
        return {
          saved: result.saved + rest.saved,
          rejected: [...result.rejected, ...rest.rejected],
          error: rest.error,
        };
      }
      result.error = error;
      return result;
    }
    const outcome = interpretUpload(batch, response);
    await applyUpload(db, outcome, response);
    result.saved += outcome.saved.length;
    result.rejected.push(...outcome.rejected);
  }
  return result;
}
