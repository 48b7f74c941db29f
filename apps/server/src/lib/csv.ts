import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';

/**
 * A download as CSV: UTF-8 with a byte-order mark (spreadsheets then read Indian scripts
 * correctly), the header row, then one line per row, numbers as numbers. Rows arrive in chunks
 * (a database cursor's fetches) and each chunk is written as one piece of text: a stream step per
 * row cost more than the formatting itself.
 */
export function csvDownload<T>(columns: readonly string[], chunks: AsyncIterable<readonly T[]>, toRecord: (row: T) => unknown[]): Readable {
  async function* text() {
    let first = true;
    for await (const rows of chunks) {
      if (rows.length === 0) continue;
      yield stringify(rows.map(toRecord), { bom: first, header: first, columns: [...columns] });
      first = false;
    }
    // No rows at all: the file still has its header.
    if (first) yield stringify([], { bom: true, header: true, columns: [...columns] });
  }
  return Readable.from(text());
}
