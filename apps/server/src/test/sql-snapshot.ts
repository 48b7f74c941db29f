/**
 * SQL snapshots (docs/DECISIONS.md, "SQL snapshots"): the statements a repository function sends,
 * compiled for PostgreSQL by a Kysely instance that runs nothing, and written out for review. The
 * repositories are called as they are, so a snapshot is the SQL production sends, not a copy of it.
 */
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type Transaction,
} from 'kysely';
import type { DB } from '../db/schema';

/** What a recorded statement answers: rows for the function to read, in the order it asks. */
type Answers = readonly (readonly object[])[];

/** A driver that keeps every compiled statement and answers each with the next canned rows. */
class RecordingDriver implements Driver {
  readonly statements: CompiledQuery[] = [];

  constructor(private readonly answers: Answers) {}

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the connection reports to its driver
    const driver = this;
    return {
      async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
        const rows = (driver.answers[driver.statements.length] ?? []) as R[];
        driver.statements.push(compiled);
        return { rows };
      },
      async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
        driver.statements.push(compiled);
        yield* [];
      },
    };
  }
  async beginTransaction(): Promise<void> {}
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/**
 * The statements `run` sends, formatted: each with its parameters as comments, then its SQL.
 *
 * @param run calls repository functions on the database handle it is given (a transaction's, for
 *   functions that need one); an async iterable (a streamed report) is read to its end
 * @param answers rows the statements answer, one list per statement in order (none by default)
 */
export async function recordSql(
  run: (db: Transaction<DB>) => Promise<unknown> | AsyncIterable<unknown>,
  answers: Answers = [],
): Promise<string> {
  const driver = new RecordingDriver(answers);
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  await db.transaction().execute(async (trx) => {
    const result = run(trx);
    if (result && Symbol.asyncIterator in result) for await (const _ of result) void _;
    else await result;
  });
  return `${driver.statements.map(formatStatement).join('\n\n')}\n`;
}

/** One statement for a reader: numbered parameters as comments, then the SQL, dedented. */
export function formatStatement(compiled: CompiledQuery): string {
  const parameters = compiled.parameters.map((value, i) => `-- $${i + 1} = ${formatValue(value)}`);
  const text = compiled.sql.includes('\n') ? dedent(compiled.sql) : breakLines(compiled.sql);
  return [...parameters, `${text};`].join('\n');
}

/** Longest parameter shown whole; a longer one (rows as JSON) is cut, the statement is what matters. */
const MAX_PARAMETER_LENGTH = 100;

function formatValue(value: unknown): string {
  const text =
    value instanceof Date
      ? `'${value.toISOString()}'`
      : typeof value === 'string'
        ? `'${value}'`
        : JSON.stringify(value);
  return text.length <= MAX_PARAMETER_LENGTH
    ? text
    : `${text.slice(0, MAX_PARAMETER_LENGTH)}... (${text.length} characters)`;
}

/** A hand-written statement as its source lays it out, without the source's indentation. */
function dedent(text: string): string {
  const lines = text.split('\n').map((line) => line.trimEnd());
  while (lines.length && lines[0] === '') lines.shift();
  while (lines.length && lines.at(-1) === '') lines.pop();
  const indentOf = (l: string) => l.length - l.trimStart().length;
  // The first line has no indentation when the statement's text starts on the opening line.
  const indented = lines.filter((l, i) => l.trim() !== '' && (i > 0 || indentOf(l) > 0));
  const common = Math.min(...indented.map(indentOf), Infinity);
  return lines.map((l) => l.slice(Math.min(common, indentOf(l)))).join('\n');
}

/** Clauses that start a line when a statement comes as one line (query builders). */
const CLAUSES = [
  'select',
  'from',
  'inner join',
  'left join',
  'where',
  'group by',
  'order by',
  'limit',
  'offset',
  'on conflict',
  'do update set',
  'returning',
  'values',
];
const LINE_WIDTH = 120;

/**
 * A one-line statement (a query builder's, or one put together from raw parts) broken before its
 * clauses, indented by parenthesis depth; the common table expressions of a `with` one to a line,
 * and long lists wrapped at their commas.
 */
function breakLines(text: string): string {
  const lines: string[] = [];
  let line = '';
  let depth = 0;
  let quote: string | null = null;
  const newLine = (indent: number) => {
    if (line.trim() !== '') lines.push(line.trimEnd());
    line = '  '.repeat(indent);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
      line += c;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === ' ') {
      const rest = text.slice(i + 1).toLowerCase();
      const clause = CLAUSES.find((k) => rest.startsWith(`${k} `) || rest === k);
      if (clause && line.trim() !== 'delete') {
        newLine(depth);
        continue;
      }
      if (depth === 0 && line.endsWith('),') && text.toLowerCase().startsWith('with ')) {
        newLine(0);
        continue;
      }
    }
    line += c;
  }
  newLine(0);
  return lines.flatMap(wrap).join('\n');
}

/** A line longer than LINE_WIDTH, broken after commas, continued four spaces further in. */
function wrap(line: string): string[] {
  if (line.length <= LINE_WIDTH) return [line];
  const indent = ' '.repeat(line.length - line.trimStart().length + 4);
  const out: string[] = [];
  let current = '';
  for (const part of line.split(/(?<=, )/)) {
    if (current && (current + part).trimEnd().length > LINE_WIDTH) {
      out.push(current.trimEnd());
      current = indent + part;
    } else current += part;
  }
  out.push(current.trimEnd());
  return out;
}
