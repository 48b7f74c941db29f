import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import Papa from 'papaparse';
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

  it('writes the BOM and header once, then every row of every chunk, quoting only what needs it', async () => {
    const csv = await text(csvDownload(columns, chunks(rows.slice(0, 1), [], rows.slice(1)), toRecord));
    expect(csv).toBe(
      '\uFEFFFull Name,Grade,School\n' +
        'आरव पाटील,7,"Gyan Jyoti, Pune"\n' +
        '"Isha ""Ishu"" Rao",8,Vidya\n' +
        'Meera,9,"line\nbreak"\n',
    );
  });

  it('splits a long cursor chunk into pieces without losing or repeating a row', async () => {
    const many = Array.from({ length: 1234 }, (_, i) => ({
      name: `Student ${i}`,
      grade: (i % 12) + 1,
      school: i % 2 ? 'A' : 'B, Pune',
    }));
    const csv = await text(csvDownload(columns, chunks(many.slice(0, 1000), many.slice(1000)), toRecord));
    const expected = many
      .map((r) => `Student ${r.name.slice(8)},${r.grade},${r.school === 'A' ? 'A' : '"B, Pune"'}\n`)
      .join('');
    expect(csv).toBe(`\uFEFFFull Name,Grade,School\n${expected}`);
  });

  it('writes numbers as numbers, negative ones too, and a text a spreadsheet would run as a formula as text', async () => {
    const hostile = [
      { name: '=HYPERLINK("http://x.example","Marks")', grade: -1.5, school: '+91 School' },
      { name: '@SUM(A1)', grade: 0, school: '-A' },
    ];
    const csv = await text(csvDownload(columns, chunks(hostile), toRecord));
    expect(csv.split('\n').slice(1, 3)).toEqual([
      `"'=HYPERLINK(""http://x.example"",""Marks"")",-1.5,"'+91 School"`,
      `"'@SUM(A1)",0,"'-A"`,
    ]);
  });

  it('escapes a formula by its first character, whatever follows it (line breaks and U+2028 too)', async () => {
    // Papa Parse's escapeFormulae pattern has no dotall flag: the first two passed through as formulas.
    const formulas = [
      '=1+2\n',
      '=HYPERLINK("x")\u2028',
      '+1\r\n',
      '-cmd',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      '\n=1',
      '＝1+2',
      '＠SUM(A1)',
    ];
    const csv = await text(csvDownload(['Name'], chunks(formulas), (name) => [name]));
    const cells = Papa.parse<string[]>(csv.slice(1), { newline: '\n' })
      .data.slice(1, -1)
      .map(([cell]) => cell);
    expect(cells).toEqual(formulas.map((f) => `'${f}`));
    expect(csv).toContain(`"'=1+2\n"\n`);
  });

  it('leaves numbers, plain text and a formula character after the first one alone', async () => {
    const rows: unknown[][] = [[-1.5, 'Asha', 'a=b', ' =1', null, 0]];
    const csv = await text(csvDownload(['a', 'b', 'c', 'd', 'e', 'f'], chunks(rows), (row) => row));
    expect(csv.split('\n')[1]).toBe(`-1.5,Asha,a=b," =1",,0`);
  });

  it('gives a file with only the header when there are no rows', async () => {
    expect(await text(csvDownload(columns, chunks<never>(), toRecord))).toBe('\uFEFFFull Name,Grade,School\n');
  });
});
