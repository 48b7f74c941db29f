/**
 * Drives in the access world (issue #26): the teacher of A1's grade 7 has a folder, a worksheet shared
 * with grade 7 (every section, so Asha reads it), and spare files and shares to delete.
 * test/access-matrix-drive.ts calls the drive routes against them.
 */
import { randomUUID } from 'node:crypto';
import type { TestApp } from './build-test-app';

export interface DriveWork {
  folderId: number;
  /** Shared with A1 grade 7, every section. */
  sharedFileId: string;
  /** A file to delete, a new one each call. */
  spareFile(): string;
  /** A share to stop, a new one each call. */
  spareShare(): number;
}

export async function buildDriveWorld(
  t: TestApp,
  o: { teacherId: number; schoolA1: number; boardA: number; spares: number },
): Promise<DriveWork> {
  const db = t.database.db;
  const now = t.now();
  const key = await t.files.put(Buffer.from('%PDF-1.4\n%%EOF\n'));
  const folder = await db
    .insertInto('drive_folders')
    .values({ owner_id: o.teacherId, parent_id: null, name: 'Matrix folder', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const file = async (name: string) => {
    const id = randomUUID();
    await db
      .insertInto('drive_files')
      .values({
        id,
        owner_id: o.teacherId,
        folder_id: null,
        name,
        content_type: 'application/pdf',
        byte_size: 15,
        storage_key: key,
        created_at: now,
      })
      .execute();
    return id;
  };
  const share = async (fileId: string, section: string) =>
    Number(
      (
        await db
          .insertInto('drive_shares')
          .values({
            file_id: fileId,
            school_id: o.schoolA1,
            board_id: o.boardA,
            grade: 7,
            section,
            shared_by: o.teacherId,
            shared_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const sharedFileId = await file('Matrix worksheet.pdf');
  await share(sharedFileId, '');
  const spareFiles: string[] = [];
  const spareShares: number[] = [];
  for (let i = 0; i < o.spares; i++) {
    spareFiles.push(await file(`Spare ${i}.pdf`));
    spareShares.push(await share(sharedFileId, `S${i}`));
  }
  const take = <T>(list: T[], what: string) => {
    const next = list.shift();
    if (next === undefined) throw new Error(`world: no spare ${what} left`);
    return next;
  };
  return {
    folderId: Number(folder.id),
    sharedFileId,
    spareFile: () => take(spareFiles, 'drive file'),
    spareShare: () => take(spareShares, 'drive share'),
  };
}
