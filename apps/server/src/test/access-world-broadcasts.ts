/**
 * School notices in the access world (issue #26): notices to A1's grade 7 (one per call for those
 * who may delete it, one that stays for the rest) and one to B1's grade 7.
 */
import { PNG_1X1 } from './assessment-authoring-fixtures';
import type { TestApp } from './build-test-app';

export interface BroadcastsWork {
  /** A notice to A1 grade 7: a new one each call (for those who delete it). */
  freshA7(): number;
  /** A notice to A1 grade 7 that stays (those who may not delete it try it; readers read it). */
  standingA7: number;
  /** A notice to B1 grade 7. */
  b7: number;
}

export async function buildBroadcastsWorld(
  t: TestApp,
  o: { schoolA1: number; schoolB1: number; spares: number },
): Promise<BroadcastsWork> {
  const db = t.database.db;
  const notice = async (schoolId: number, title: string) =>
    (
      await db
        .insertInto('broadcasts')
        .values({ school_id: schoolId, author_id: null, grades: [7], title, created_at: t.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const spares: number[] = [];
  for (let i = 0; i < o.spares; i++) spares.push(await notice(o.schoolA1, `Spare notice ${i}`));
  const standingA7 = await notice(o.schoolA1, 'Standing notice');
  // With a picture, for the picture rows.
  await db
    .updateTable('broadcasts')
    .set({ picture_key: await t.files.put(PNG_1X1), picture_type: 'image/png' })
    .where('id', '=', standingA7)
    .execute();
  const b7 = await notice(o.schoolB1, 'Notice of chain B');
  return {
    standingA7,
    b7,
    freshA7() {
      const next = spares.shift();
      if (!next) throw new Error('world: no spare notice left');
      return next;
    },
  };
}
