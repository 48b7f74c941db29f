import type { RecordInput } from '@ki/contracts';
import { learnerDb, type RecordFigures } from '../../lib/learner-db';
import { enqueueRecord } from '../../lib/records-queue';
import { syncRecords } from '../../lib/records-sync';

/**
 * A finished game becomes a learning record: written to the device first (a closed tab or a lost
 * network cannot lose it), then uploaded at once if the network allows.
 */
export async function finishActivity(entry: {
  ownerId: number;
  subjectSlug: string;
  input: RecordInput;
  local: RecordFigures;
}): Promise<void> {
  await enqueueRecord(learnerDb(), entry);
  if (navigator.onLine) void syncRecords(entry.ownerId).catch(() => undefined);
}
