/**
 * Drives through the real app (issue #26): folders (names unique side by side, empty to delete, at
 * most 5 deep), uploads (type read from the bytes, 10 MB, the 500 MB quota), sharing with one's
 * classes, and what a class's students then read; nobody else sees into a drive.
 */
import {
  DRIVE_FOLDER_NAME_REQUIRED,
  DRIVE_QUOTA_BYTES,
  type DriveFile,
  type DriveFolder,
  type DriveListing,
  type SharedFiles,
} from '@ki/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, PNG_1X1 } from '../../test/assessment-authoring-fixtures';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  createBoard,
  createChain,
  createSchool,
  createStaff,
  createStudent,
  createUser,
  sessionCookie,
} from '../../test/factories';

let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
let school = 0;
let board = 0;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function call(who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookies[who] ? { cookie: cookies[who] } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
function upload(who: string, data: Buffer, filename: string, folderId?: number) {
  const body = multipart([
    { name: 'file', filename, contentType: 'application/octet-stream', data },
    ...(folderId ? [{ name: 'folderId', data: String(folderId) }] : []),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/drive/files',
    headers: { cookie: cookies[who]!, 'content-type': body.contentType },
    payload: body.payload,
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const chain = await createChain(db, 'Drive Trust');
  board = await createBoard(db, 'DRV');
  school = await createSchool(db, { chainId: chain, boardId: board, grades: [7, 8], name: 'Drive School' });
  ids.teacher = await createStaff(db, 'teacher', {
    schoolIds: [school],
    assignments: [{ schoolId: school, grade: 7 }],
  });
  ids.other = await createStaff(db, 'teacher', { schoolIds: [school], assignments: [{ schoolId: school, grade: 8 }] });
  ids.sevenA = await createStudent(db, { schoolId: school, boardId: board, grade: 7 });
  ids.sevenB = await createStudent(db, { schoolId: school, boardId: board, grade: 7 });
  await db.updateTable('student_enrolments').set({ section: 'B' }).where('student_id', '=', ids.sevenB).execute();
  ids.eight = await createStudent(db, { schoolId: school, boardId: board, grade: 8 });
  ids.parent = await createUser(db, 'parent');
  for (const [name, id] of Object.entries(ids)) cookies[name] = await sessionCookie(db, id, t.now());
});

afterAll(async () => {
  await t.close();
});

describe('drive', () => {
  it('keeps folders: a name once side by side, refused when blank, deleted only when empty', async () => {
    const made = await call('teacher', 'POST', '/drive/folders', { name: 'Worksheets' });
    expect(made.statusCode, made.body).toBe(201);
    const folder = made.json() as DriveFolder;
    expect((await call('teacher', 'POST', '/drive/folders', { name: 'worksheets' })).json().code).toBe(
      'DRIVE_NAME_TAKEN',
    );
    const blank = await call('teacher', 'POST', '/drive/folders', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(DRIVE_FOLDER_NAME_REQUIRED);
    // Another teacher has their own drive: the same name is theirs to use; the first one's folder does not exist for them.
    expect((await call('other', 'POST', '/drive/folders', { name: 'Worksheets' })).statusCode).toBe(201);
    expect((await call('other', 'GET', `/drive?folderId=${folder.id}`)).statusCode).toBe(404);
    expect((await call('other', 'POST', '/drive/folders', { name: 'Mine', parentId: folder.id })).statusCode).toBe(404);

    const inner = (
      await call('teacher', 'POST', '/drive/folders', { name: 'Fractions', parentId: folder.id })
    ).json() as DriveFolder;
    const listing = (await call('teacher', 'GET', `/drive?folderId=${inner.id}`)).json() as DriveListing;
    expect(listing.path.map((f) => f.name)).toEqual(['Worksheets', 'Fractions']);
    expect((await call('teacher', 'DELETE', `/drive/folders/${folder.id}`)).json().code).toBe('DRIVE_FOLDER_NOT_EMPTY');
    expect((await call('teacher', 'DELETE', `/drive/folders/${inner.id}`)).statusCode).toBe(204);
    // Five deep at most.
    let parent = folder.id;
    for (let depth = 2; depth <= 5; depth++)
      parent = (
        (
          await call('teacher', 'POST', '/drive/folders', { name: `Level ${depth}`, parentId: parent })
        ).json() as DriveFolder
      ).id;
    expect((await call('teacher', 'POST', '/drive/folders', { name: 'Too deep', parentId: parent })).json().code).toBe(
      'DRIVE_TOO_DEEP',
    );
  });

  it('takes pictures and documents by their bytes, not their names, and counts the space', async () => {
    const png = await upload('teacher', PNG_1X1, 'chart.pdf');
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json()).toMatchObject({
      name: 'chart.pdf',
      contentType: 'image/png',
      byteSize: PNG_1X1.length,
      shares: [],
    });
    const script = await upload('teacher', Buffer.from('<script>alert(1)</script>'), 'notes.pdf');
    expect(script.statusCode).toBe(415);
    const top = (await call('teacher', 'GET', '/drive')).json() as DriveListing;
    expect(top).toMatchObject({ usedBytes: PNG_1X1.length, quotaBytes: DRIVE_QUOTA_BYTES });
    expect(top.files.map((f) => f.name)).toEqual(['chart.pdf']);
    expect((await call('other', 'GET', `/drive/files/${(png.json() as DriveFile).id}`)).statusCode).toBe(404);
  });

  it('refuses an upload past the quota, writing nothing', async () => {
    await t.database.db
      .insertInto('drive_files')
      .values({
        id: '1d7e5b0a-35b7-4c3a-9a1e-2c6d4f8b9e01',
        owner_id: ids.other!,
        folder_id: null,
        name: 'big.pdf',
        content_type: 'application/pdf',
        byte_size: DRIVE_QUOTA_BYTES - 10,
        storage_key: 'a'.repeat(64),
        created_at: t.now(),
      })
      .execute();
    const res = await upload('other', PDF, 'one-more.pdf');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('DRIVE_FULL');
    expect(((await call('other', 'GET', '/drive')).json() as DriveListing).files.map((f) => f.name)).toEqual([
      'big.pdf',
    ]);
    // Room for one more file: two uploads at the same moment, one passes (on PostgreSQL they race).
    await t.database.db
      .updateTable('drive_files')
      .set({ byte_size: DRIVE_QUOTA_BYTES - 2 * PDF.length + 1 })
      .where('owner_id', '=', ids.other!)
      .execute();
    const both = await Promise.all([upload('other', PDF, 'first.pdf'), upload('other', PDF, 'second.pdf')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(((await call('other', 'GET', '/drive')).json() as DriveListing).usedBytes).toBe(
      DRIVE_QUOTA_BYTES - PDF.length + 1,
    );
  });

  it('shares a file with the owner’s classes: a section’s students or every section’s read it, others find nothing', async () => {
    const file = (await upload('teacher', PDF, 'Fractions worksheet.pdf')).json() as DriveFile;
    expect(
      (await call('other', 'POST', `/drive/files/${file.id}/shares`, { schoolId: school, boardId: board, grade: 7 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('teacher', 'POST', `/drive/files/${file.id}/shares`, { schoolId: school, boardId: board, grade: 8 }))
        .statusCode,
    ).toBe(403);
    const shared = await call('teacher', 'POST', `/drive/files/${file.id}/shares`, {
      schoolId: school,
      boardId: board,
      grade: 7,
      section: 'A',
    });
    expect(shared.statusCode, shared.body).toBe(201);
    expect((shared.json() as DriveFile).shares).toMatchObject([{ grade: 7, section: 'A', schoolName: 'Drive School' }]);

    const mine = (await call('sevenA', 'GET', '/me/shared-files')).json() as SharedFiles;
    expect(mine.files.map((f) => f.name)).toEqual(['Fractions worksheet.pdf']);
    const bytes = await call('sevenA', 'GET', `/drive/files/${file.id}`);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Fractions%20worksheet.pdf");
    expect(bytes.rawPayload.equals(PDF)).toBe(true);
    expect((await call('sevenB', 'GET', `/drive/files/${file.id}`)).statusCode).toBe(404);
    expect(((await call('sevenB', 'GET', '/me/shared-files')).json() as SharedFiles).files).toEqual([]);

    // Every section of grade 7, then stopping the section A share: B reads it, A still does (every section).
    const all = (
      await call('teacher', 'POST', `/drive/files/${file.id}/shares`, { schoolId: school, boardId: board, grade: 7 })
    ).json() as DriveFile;
    expect((await call('sevenB', 'GET', `/drive/files/${file.id}`)).statusCode).toBe(200);
    expect((await call('eight', 'GET', `/drive/files/${file.id}`)).statusCode).toBe(404);
    expect((await call('other', 'DELETE', `/drive/shares/${all.shares[0]!.id}`)).statusCode).toBe(404);
    expect((await call('teacher', 'DELETE', `/drive/shares/${all.shares[0]!.id}`)).statusCode).toBe(204);
    expect((await call('sevenA', 'GET', `/drive/files/${file.id}`)).statusCode).toBe(200);

    expect((await call('teacher', 'DELETE', `/drive/files/${file.id}`)).statusCode).toBe(204);
    expect((await call('sevenB', 'GET', `/drive/files/${file.id}`)).statusCode).toBe(404);
    expect(((await call('sevenB', 'GET', '/me/shared-files')).json() as SharedFiles).files).toEqual([]);
  });

  it('has no drive for students and parents, and asks strangers to sign in', async () => {
    expect((await call('sevenA', 'GET', '/drive')).statusCode).toBe(403);
    expect((await call('parent', 'GET', '/drive')).statusCode).toBe(403);
    expect((await call('parent', 'GET', '/me/shared-files')).statusCode).toBe(403);
    expect((await call('nobody', 'GET', '/drive')).statusCode).toBe(401);
  });
});
