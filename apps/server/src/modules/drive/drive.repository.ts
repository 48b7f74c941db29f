/**
 * SQL of drives (issue #26): folders, files, shares, a file's facts for the policy, a class's place,
 * and what is shared with a class. Typed rows, no rules (policy/drive.ts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export interface FolderRow {
  id: number;
  name: string;
  parent_id: number | null;
  created_at: Date;
  owner_id: number;
}

const folderColumns = ['id', 'name', 'parent_id', 'created_at', 'owner_id'] as const;
const normaliseFolder = (r: FolderRow): FolderRow => ({
  ...r,
  id: Number(r.id),
  parent_id: r.parent_id === null ? null : Number(r.parent_id),
  owner_id: Number(r.owner_id),
});

export async function folderById(db: Db, id: number): Promise<FolderRow | undefined> {
  const row = await db.selectFrom('drive_folders').select(folderColumns).where('id', '=', id).executeTakeFirst();
  return row && normaliseFolder(row);
}

/** The folder and its ancestors, from the top. */
export async function pathOf(db: Db, id: number): Promise<{ id: number; name: string }[]> {
  const { rows } = await sql<{ id: number; name: string; depth: number }>`
    with recursive up as (
      select id, name, parent_id, 0 as depth from drive_folders where id = ${id}
      union all
      select f.id, f.name, f.parent_id, up.depth + 1 from drive_folders f join up on f.id = up.parent_id
    )
    select id, name, depth from up order by depth desc`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function foldersIn(db: Db, ownerId: number, parentId: number | null): Promise<FolderRow[]> {
  const rows = await db
    .selectFrom('drive_folders')
    .select(folderColumns)
    .where('owner_id', '=', ownerId)
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .orderBy(sql`lower(name)`)
    .execute();
  return rows.map(normaliseFolder);
}

export async function insertFolder(
  db: Db,
  ownerId: number,
  parentId: number | null,
  name: string,
  now: Date,
): Promise<number | undefined> {
  // The unique index on (owner, parent, lower(name)) decides a race between two tabs.
  const { rows } = await sql<{ id: number }>`
    insert into drive_folders (owner_id, parent_id, name, created_at) values (${ownerId}, ${parentId}::bigint, ${name}, ${now})
    on conflict (owner_id, (coalesce(parent_id, 0)), (lower(name))) do nothing
    returning id`.execute(db);
  return rows[0] && Number(rows[0].id);
}

export async function folderIsEmpty(db: Db, id: number): Promise<boolean> {
  const { rows } = await sql<{ empty: boolean }>`
    select not exists (select 1 from drive_folders where parent_id = ${id})
      and not exists (select 1 from drive_files where folder_id = ${id}) as empty`.execute(db);
  return rows[0]!.empty;
}

export async function deleteFolder(db: Db, id: number): Promise<void> {
  await db.deleteFrom('drive_folders').where('id', '=', id).execute();
}

export interface FileRow {
  id: string;
  owner_id: number;
  folder_id: number | null;
  name: string;
  content_type: string;
  byte_size: number;
  storage_key: string;
  created_at: Date;
}

export async function filesIn(db: Db, ownerId: number, folderId: number | null): Promise<FileRow[]> {
  const rows = await db
    .selectFrom('drive_files')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where((eb) => (folderId === null ? eb('folder_id', 'is', null) : eb('folder_id', '=', folderId)))
    .orderBy(sql`lower(name)`)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    ...r,
    owner_id: Number(r.owner_id),
    folder_id: r.folder_id === null ? null : Number(r.folder_id),
  }));
}

export async function fileById(db: Db, id: string): Promise<FileRow | undefined> {
  const r = await db.selectFrom('drive_files').selectAll().where('id', '=', id).executeTakeFirst();
  return r && { ...r, owner_id: Number(r.owner_id), folder_id: r.folder_id === null ? null : Number(r.folder_id) };
}

export async function usedBytes(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('drive_files')
    .select(sql<number>`coalesce(sum(byte_size), 0)::bigint`.as('used'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

/**
 * Adds a file when the owner's drive has room for it. One upload of an owner at a time checks and
 * adds (a transaction-scoped advisory lock on the owner), so two uploads racing at the end of a
 * drive cannot both pass the check.
 */
export async function insertFileWithin(
  db: Db,
  f: Omit<FileRow, 'created_at'>,
  quota: number,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(9, (${f.owner_id}::bigint % 2147483647)::int)`.execute(trx);
    const { rows } = await sql<{ id: string }>`
      insert into drive_files (id, owner_id, folder_id, name, content_type, byte_size, storage_key, created_at)
      select ${f.id}::uuid, ${f.owner_id}, ${f.folder_id}::bigint, ${f.name}, ${f.content_type}, ${f.byte_size}, ${f.storage_key}, ${now}
      where (select coalesce(sum(byte_size), 0) from drive_files where owner_id = ${f.owner_id}) + ${f.byte_size} <= ${quota}
      returning id`.execute(trx);
    return rows.length === 1;
  });
}

export async function deleteFile(db: Db, id: string): Promise<void> {
  await db.deleteFrom('drive_files').where('id', '=', id).execute();
}

export interface ShareRow {
  id: number;
  file_id: string;
  school_id: number;
  school_name: string;
  board_id: number;
  board_name: string;
  grade: number;
  section: string;
  shared_at: Date;
}

export async function sharesOf(db: Db, fileIds: string[]): Promise<ShareRow[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .selectFrom('drive_shares as d')
    .innerJoin('schools as s', 's.id', 'd.school_id')
    .innerJoin('boards as b', 'b.id', 'd.board_id')
    .select([
      'd.id',
      'd.file_id',
      'd.school_id',
      's.name as school_name',
      'd.board_id',
      'b.name as board_name',
      'd.grade',
      'd.section',
      'd.shared_at',
    ])
    .where('d.file_id', 'in', fileIds)
    .orderBy('d.shared_at')
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), grade: Number(r.grade) }));
}

export async function shareById(db: Db, id: number): Promise<{ file_id: string } | undefined> {
  return db.selectFrom('drive_shares').select('file_id').where('id', '=', id).executeTakeFirst();
}

/** The class's school chain, and whether the school teaches the board and grade. */
export async function classPlace(
  db: Db,
  schoolId: number,
  boardId: number,
  grade: number,
): Promise<{ chainId: number | null } | undefined> {
  const row = await db
    .selectFrom('schools as s')
    .innerJoin('school_boards as sb', 'sb.school_id', 's.id')
    .select('s.chain_id')
    .where('s.id', '=', schoolId)
    .where('sb.board_id', '=', boardId)
    .where(sql<boolean>`${grade}::int = any(sb.grades)`)
    .executeTakeFirst();
  return row && { chainId: row.chain_id };
}

export async function insertShare(
  db: Db,
  s: { fileId: string; schoolId: number; boardId: number; grade: number; section: string },
  by: number,
  now: Date,
): Promise<void> {
  await db
    .insertInto('drive_shares')
    .values({
      file_id: s.fileId,
      school_id: s.schoolId,
      board_id: s.boardId,
      grade: s.grade,
      section: s.section,
      shared_by: by,
      shared_at: now,
    })
    .onConflict((oc) => oc.columns(['file_id', 'school_id', 'board_id', 'grade', 'section']).doNothing())
    .execute();
}

export async function deleteShare(db: Db, id: number): Promise<void> {
  await db.deleteFrom('drive_shares').where('id', '=', id).execute();
}

export interface SharedRow {
  id: string;
  name: string;
  content_type: string;
  byte_size: number;
  shared_at: Date;
  first_name: string;
  last_name: string;
}

/** Files shared with a class (its section or all sections), newest share first, one row per file. */
export async function sharedWithClass(
  db: Db,
  c: { schoolId: number; boardId: number; grade: number; section: string },
  limit: number,
): Promise<SharedRow[]> {
  const { rows } = await sql<SharedRow>`
    select distinct on (f.id) f.id, f.name, f.content_type, f.byte_size, d.shared_at, u.first_name, u.last_name
    from drive_shares d
    join drive_files f on f.id = d.file_id
    join users u on u.id = f.owner_id
    where d.school_id = ${c.schoolId} and d.board_id = ${c.boardId} and d.grade = ${c.grade} and d.section in ('', ${c.section})
    order by f.id, d.shared_at desc`.execute(db);
  return rows.sort((a, b) => b.shared_at.getTime() - a.shared_at.getTime() || a.id.localeCompare(b.id)).slice(0, limit);
}
