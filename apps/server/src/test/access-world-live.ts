/**
 * Live classes in the access world (issue #26): A1 has the liveclasses product; a live class of
 * A1's grade-7 science open now (from five minutes ago for two hours), and one of chain B's B1.
 * test/access-matrix-live-classes.ts calls the live class routes against them.
 */
import type { TestApp } from './build-test-app';

export interface LiveWork {
  /** A1 grade 7 science, open now: its id and room. */
  a7: { id: number; room: string };
  /** B1 grade 7 (chain B), open now. */
  b1: { id: number; room: string };
}

export async function buildLiveWorld(
  t: TestApp,
  o: { schoolA1: number; schoolB1: number; boardA: number; boardB: number; scienceA: number },
): Promise<LiveWork> {
  const db = t.database.db;
  const now = t.now();
  await db
    .updateTable('schools')
    .set({ activated_products: ['liveclasses'] })
    .where('id', 'in', [o.schoolA1, o.schoolB1])
    .execute();
  const insert = async (schoolId: number, boardId: number, subjectId: number | null, room: string) => {
    const row = await db
      .insertInto('calendar_events')
      .values({
        school_id: schoolId,
        board_id: boardId,
        grade: 7,
        subject_id: subjectId,
        name: 'Matrix live class',
        starts_at: new Date(now.getTime() - 5 * 60_000),
        ends_at: new Date(now.getTime() + 120 * 60_000),
        type: 'class',
        join_url: null,
        service_name: 'jitsi',
        live_room: room,
        live_provider: 'jitsi',
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), room };
  };
  return {
    a7: await insert(o.schoolA1, o.boardA, o.scienceA, 'matrixa7room'),
    b1: await insert(o.schoolB1, o.boardB, null, 'matrixb1room'),
  };
}
