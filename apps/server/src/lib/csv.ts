import { Readable } from 'node:stream';
import Papa from 'papaparse';

/** Rows per piece of text: a few tens of KB, small enough to stay out of V8's large-object space. */
const PIECE_ROWS = 200;

/**
 * Papa Parse's writer: fields quoted only when they need it (a comma, a quote, a line break), so
 * numbers stay numbers. A text that a spreadsheet would run as a formula (it starts with =, +, -,
 * @, a tab or a carriage return: a student can name themselves "=HYPERLINK(...)") is written with
 * a leading apostrophe, which makes the spreadsheet show it as text (CSV injection, OWASP).
 */
const WRITE = { newline: '\n', escapeFormulae: true } as const;

/** Lines of CSV for the records, each ending with a line break. */
const lines = (records: unknown[][]): string => (records.length === 0 ? '' : `${Papa.unparse(records, WRITE)}\n`);

/**
 * A download as CSV: UTF-8 with a byte-order mark (spreadsheets then read Indian scripts
 * correctly), the header row, then one line per row, numbers as numbers. Rows arrive in chunks
 * (a database cursor's fetches) and are written a few hundred at a time as one piece of text: a
 * stream step per row cost more than the formatting itself.
 */
export function csvDownload<T>(columns: readonly string[], chunks: AsyncIterable<readonly T[]>, toRecord: (row: T) => unknown[]): Readable {
  async function* text() {
    yield `\uFEFF${lines([[...columns]])}`;
    for await (const rows of chunks) {
      for (let i = 0; i < rows.length; i += PIECE_ROWS) yield lines(rows.slice(i, i + PIECE_ROWS).map(toRecord));
    }
  }
  // Bytes, not objects: the stream then reads ahead about 64 KB, not 16 chunks of 5,000 rows.
  return Readable.from(text(), { objectMode: false });
}
