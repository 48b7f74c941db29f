import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AVATARS,
  CONTENT_STATUSES,
  ENTITY_TYPES,
  LEADERBOARD_MODES,
  PARENT_LINK_REQUEST_STATUSES,
  RECORD_KINDS,
  SUBMISSION_STATUSES,
} from '@ki/contracts';
import { GRADES, LANGUAGES, QUESTION_TYPES, USER_ROLES } from '@ki/domain';
import { readDeclaredSchema, type DeclaredSchema, type ValueKind } from '../test/declared-schema';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

/**
 * db/schema.ts is written by hand; this holds it to the migrated database, both ways: every table
 * and column, nullability, the broad type the driver returns, and which columns an insert may leave
 * to a default. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

interface DatabaseColumn {
  table: string;
  column: string;
  dataType: string;
  udtName: string;
  isNullable: boolean;
  /** A default, an identity or a generated expression fills it when an insert leaves it out. */
  hasDefault: boolean;
}

/** What the drivers return for each SQL type (db/database.ts: int8 and numeric as numbers, date as 'YYYY-MM-DD'). */
const KIND_OF_SQL_TYPE: Record<string, ValueKind> = {
  text: 'text',
  'character varying': 'text',
  character: 'text',
  uuid: 'text',
  date: 'text',
  smallint: 'number',
  integer: 'number',
  bigint: 'number',
  numeric: 'number',
  real: 'number',
  'double precision': 'number',
  boolean: 'boolean',
  'timestamp with time zone': 'timestamp',
  'timestamp without time zone': 'timestamp',
  json: 'json',
  jsonb: 'json',
};
const KIND_OF_ARRAY_ELEMENT: Record<string, ValueKind> = {
  _text: 'text[]',
  _int2: 'number[]',
  _int4: 'number[]',
  _int8: 'number[]',
  _bool: 'boolean[]',
};

function kindOf(column: DatabaseColumn): ValueKind | undefined {
  return column.dataType === 'ARRAY' ? KIND_OF_ARRAY_ELEMENT[column.udtName] : KIND_OF_SQL_TYPE[column.dataType];
}

let t: TestDatabase;
let declared: DeclaredSchema;
let columns: DatabaseColumn[];
/** table.column -> the values of its `column in (...)` CHECK. */
let checkedValues: Map<string, string[]>;
/** table.column -> its other single-column CHECK definitions. */
let otherChecks: Map<string, string>;

beforeAll(async () => {
  t = await createTestDatabase();
  declared = readDeclaredSchema();
  const { rows } = await sql<{
    table: string;
    column: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
    has_default: boolean;
  }>`
    select c.table_name as table, c.column_name as column, c.data_type, c.udt_name, c.is_nullable,
      (c.column_default is not null or c.is_identity = 'YES' or c.is_generated = 'ALWAYS') as has_default
    from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where c.table_schema = current_schema() and tb.table_type in ('BASE TABLE', 'VIEW')
    order by 1, c.ordinal_position`.execute(t.database.db);
  columns = rows.map((r) => ({
    table: r.table,
    column: r.column,
    dataType: r.data_type,
    udtName: r.udt_name,
    isNullable: r.is_nullable === 'YES',
    hasDefault: r.has_default,
  }));

  const checks = await sql<{ table: string; column: string; definition: string }>`
    select c.relname as table, a.attname as column, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1]
    where k.contype = 'c' and n.nspname = current_schema() and cardinality(k.conkey) = 1
    order by 1, 2`.execute(t.database.db);
  checkedValues = new Map();
  otherChecks = new Map();
  for (const { table, column, definition } of checks.rows) {
    // Both servers print `column in ('a', 'b')` as `CHECK ((column = ANY (ARRAY['a'::text, 'b'::text])))`.
    if (/= ANY \(+ARRAY\[/.test(definition)) {
      const values = [...definition.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]!.replace(/''/g, "'"));
      checkedValues.set(`${table}.${column}`, values.sort());
    } else {
      otherChecks.set(`${table}.${column}`, definition);
    }
  }
});
afterAll(() => t.cleanup());

describe('db/schema.ts against the migrated database', () => {
  it('declares every table, and no table the database lacks', () => {
    const inDatabase = [...new Set(columns.map((c) => c.table))].sort();
    expect([...declared.keys()].sort()).toEqual(inDatabase);
  });

  it('declares every column of each table, and no column the database lacks', () => {
    const problems: string[] = [];
    const tables = new Set(columns.map((c) => c.table));
    for (const table of tables) {
      const inDatabase = new Set(columns.filter((c) => c.table === table).map((c) => c.column));
      const inSchema = new Set(declared.get(table)?.keys() ?? []);
      for (const column of inDatabase)
        if (!inSchema.has(column)) problems.push(`${table}.${column} is in the database but not in schema.ts`);
      for (const column of inSchema)
        if (!inDatabase.has(column)) problems.push(`${table}.${column} is in schema.ts but not in the database`);
    }
    expect(problems).toEqual([]);
  });

  it('gives each column its nullability, the type the driver returns, and its default', () => {
    const problems: string[] = [];
    for (const column of columns) {
      const d = declared.get(column.table)?.get(column.column);
      if (!d) continue; // reported by the test above
      const name = `${column.table}.${column.column}`;
      const expected = kindOf(column);
      if (!expected)
        problems.push(
          `${name}: no broad type for SQL type ${column.dataType} (${column.udtName}); add it to this test`,
        );
      else if (d.kinds.length !== 1 || d.kinds[0] !== expected)
        problems.push(`${name}: the driver returns ${expected}, schema.ts says ${d.kinds.join(' | ')}`);
      if (column.isNullable !== d.isNullable)
        problems.push(
          `${name}: ${column.isNullable ? 'nullable, schema.ts lacks | null' : 'not null, schema.ts has | null'}`,
        );
      if (column.hasDefault && !column.isNullable && !d.isInsertOptional && !d.isInsertNever) {
        problems.push(`${name}: has a default, declare it Generated<> (or an insert type with undefined)`);
      }
      if (!column.hasDefault && !column.isNullable && (d.isInsertOptional || d.isInsertNever)) {
        problems.push(`${name}: no default, yet schema.ts lets an insert leave it out`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('types each `column in (...)` CHECK as exactly its values', () => {
    const problems: string[] = [];
    for (const [name, values] of checkedValues) {
      const [table, column] = name.split('.') as [string, string];
      const literals = declared.get(table)?.get(column)?.literals;
      if (!literals)
        problems.push(`${name}: CHECK allows ${values.join(', ')}; schema.ts should name them, not take any string`);
      else if (literals.join() !== values.join())
        problems.push(`${name}: CHECK allows ${values.join(', ')}, schema.ts ${literals.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  // The same lists, compared at run time with the constants the contracts validate requests with.
  it.each([
    ['users.role', USER_ROLES],
    ['users.language', LANGUAGES],
    ['concepts.language', LANGUAGES],
    ['users.avatar', AVATARS],
    ['questions.type', QUESTION_TYPES],
    ['learning_records.kind', RECORD_KINDS],
    ['subjects.status', CONTENT_STATUSES],
    ['chapters.status', CONTENT_STATUSES],
    ['topics.status', CONTENT_STATUSES],
    ['concepts.status', CONTENT_STATUSES],
    ['questions.status', CONTENT_STATUSES],
    ['content_submissions.root_type', ENTITY_TYPES],
    ['content_revisions.entity_type', ENTITY_TYPES],
    ['content_submissions.status', SUBMISSION_STATUSES],
    ['schools.leaderboard_mode', LEADERBOARD_MODES],
    ['grade_leaderboard_settings.mode', LEADERBOARD_MODES],
    ['parent_link_requests.status', PARENT_LINK_REQUEST_STATUSES],
  ] as const)('%s allows the values of its shared list', (name, list) => {
    expect(checkedValues.get(name)).toEqual([...list].sort());
  });

  it('grades.grade allows the grades of @ki/domain', () => {
    expect(otherChecks.get('grades.grade')).toMatch(
      new RegExp(`grade >= ${Math.min(...GRADES)}\\b.*grade <= ${Math.max(...GRADES)}\\b`),
    );
  });
});
