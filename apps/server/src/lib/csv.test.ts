import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvDownload } from './csv';

/** The bytes as text, byte-order mark kept (a TextDecoder would drop it). */
const text = async (stream: Readable) => (await buffer(stream)).toString('utf8');

async function* chunks<T>(...parts: T[][]) {
  for (const part of parts) yield part;
}

describe('csvDownload', () => {
  const columns = ['Full Name', 'Grade', 'School'];
  const toRecord = (r: { name: string; grade: number; school: string }) => [r.name, r.grade, r.school];
  const rows = [
    { name: 'आरव पाटील', grade: 7, school: 'Gyan Jyoti, Pune' },
    { name: 'Isha "Ishu" Rao', grade: 8, school: 'Vidya' },
    { name: 'Meera', grade: 9, school: 'line\nbreak' },
  ];

  it('writes the BOM and header once, then every row of every chunk, as one stringify of all rows would', async () => {
    const csv = await text(csvDownload(columns, chunks(rows.slice(0, 1), [], rows.slice(1)), toRecord));
    expect(csv).toBe(stringify(rows.map(toRecord), { bom: true, header: true, columns }));
    expect(csv.startsWith('\uFEFFFull Name,Grade,School\n')).toBe(true);
    expect(csv.match(/Full Name/g)).toHaveLength(1);
    expect(csv).toContain('"Isha ""Ishu"" Rao",8,Vidya');
  });

  it('splits a long cursor chunk into pieces without losing or repeating a row', async () => {
    const many = Array.from({ length: 1234 }, (_, i) => ({ name: `Student ${i}`, grade: (i % 12) + 1, school: i % 2 ? 'A' : 'B, Pune' }));
    const csv = await text(csvDownload(columns, chunks(many.slice(0, 1000), many.slice(1000)), toRecord));
    expect(csv).toBe(stringify(many.map(toRecord), { bom: true, header: true, columns }));
  });

  it('gives a file with only the header when there are no rows', async () => {
    expect(await text(csvDownload(columns, chunks<never>(), toRecord))).toBe('\uFEFFFull Name,Grade,School\n');
  });
});
