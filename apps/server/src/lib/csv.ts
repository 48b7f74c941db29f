import { Readable } from 'node:stream';
import Papa from 'papaparse';

/** Rows per piece of text: a few tens of KB, small enough to stay out of V8's large-object space. */
const PIECE_ROWS = 200;

/**
 * First characters that make a spreadsheet run a cell as a formula (CSV injection, OWASP): =, +, -,
 * @, a tab, a carriage return or a line feed, and the full-width =, +, - and @, which some
 * spreadsheets read as the ASCII ones. Only the first character counts: Papa Parse's own
 * escapeFormulae pattern (/^[=+\-@\t\r].*$/, without the dotall flag) misses a text with a line
 * break or U+2028 after the formula, such as "=1+2\n".
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A text a spreadsheet would run as a formula (a student can name themselves "=HYPERLINK(...)")
 * gets a leading apostrophe, which makes the spreadsheet show it as text. Numbers stay numbers.
 */
function escapeFormula(value: unknown): unknown {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Papa Parse's writer: fields quoted only when they need it (a comma, a quote, a line break), so
 * numbers stay numbers, and escaped texts quoted as well (as Papa Parse's own escaping did, so
 * files look as before).
 */
const WRITE = {
  newline: '\n',
  quotes: (value: unknown) => typeof value === 'string' && value.startsWith("'"),
} as const;

/** Lines of CSV for the records, each ending with a line break. */
const lines = (records: unknown[][]): string =>
  records.length === 0
    ? ''
    : `${Papa.unparse(
        records.map((record) => record.map(escapeFormula)),
        WRITE,
      )}\n`;

/**
 * A download as CSV: UTF-8 with a byte-order mark (spreadsheets then read Indian scripts
 * correctly), the header row, then one line per row, numbers as numbers. Rows arrive in chunks
 * (a database cursor's fetches) and are written a few hundred at a time as one piece of text: a
 * stream step per row cost more than the formatting itself.
 */
export function csvDownload<T>(
  columns: readonly string[],
  chunks: AsyncIterable<readonly T[]>,
  toRecord: (row: T) => unknown[],
): Readable {
  async function* text() {
    yield `\uFEFF${lines([[...columns]])}`;
    for await (const rows of chunks) {
      for (let i = 0; i < rows.length; i += PIECE_ROWS) yield lines(rows.slice(i, i + PIECE_ROWS).map(toRecord));
    }
  }
  // Bytes, not objects: the stream then reads ahead about 64 KB, not 16 chunks of 5,000 rows.
  return Readable.from(text(), { objectMode: false });
}
