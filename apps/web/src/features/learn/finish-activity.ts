import type { RecordInput } from '@ki/contracts';
import { deviceDb } from '../../lib/device-db';
import type { RecordFigures } from '../../lib/learner-db';
import { enqueueRecord } from '../../lib/records-queue';

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
  // The device database and the uploader come with the first finished game, not with the game's code.
  const { learnerDb } = await deviceDb();
  await enqueueRecord(learnerDb(), entry);
  if (navigator.onLine)
    void import('../../lib/records-sync').then((sync) => sync.syncRecords(entry.ownerId)).catch(() => undefined);
}
