/**
 * The demo teacher's drive (issue #26): two folders, worksheets and notes as small real PDFs, one
 * shared with all of grade VII and one with section A, so the teacher's /drive and Aarav's home
 * ("From your teachers") show what a school's first week looks like. Needs the file store, so it is
 * loaded beside the chain (default-demo.ts), not by the generator.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import type { FileStore } from '../providers/file-store/file-store';
import { DEMO_ACCOUNTS } from './generate';

/** A one-page PDF with a title and lines of text (Helvetica), valid for any PDF reader. */
export function simplePdf(title: string, lines: string[]): Buffer {
  const escape = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '-');
  const text = [
    `BT /F1 20 Tf 56 780 Td (${escape(title)}) Tj ET`,
    ...lines.map((l, i) => `BT /F1 12 Tf 56 ${740 - i * 22} Td (${escape(l)}) Tj ET`),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const FILES: {
  folder: 'Class VII worksheets' | 'Notes' | null;
  name: string;
  title: string;
  lines: string[];
  share?: 'all' | 'A';
  daysAgo: number;
}[] = [
  {
    folder: 'Class VII worksheets',
    name: 'Fractions practice sheet.pdf',
    title: 'Grade VII - Fractions practice',
    lines: [
      '1. Add: 2/3 + 1/4',
      '2. Subtract: 5/6 - 1/3',
      '3. Multiply: 3/4 x 8/9',
      '4. A ribbon 7 1/2 m long is cut into 3 equal pieces. How long is each piece?',
    ],
    share: 'all',
    daysAgo: 3,
  },
  {
    folder: 'Class VII worksheets',
    name: 'Integers worksheet.pdf',
    title: 'Grade VII - Integers',
    lines: [
      '1. -7 + 12 = ?',
      '2. -3 - (-5) = ?',
      '3. The temperature was -4 C at night and rose by 9 C. What is it now?',
    ],
    daysAgo: 9,
  },
  {
    folder: 'Notes',
    name: 'Light and shadows - class notes.pdf',
    title: 'Light and shadows (notes)',
    lines: [
      'Light travels in straight lines.',
      'Opaque objects cast shadows; transparent ones let light through.',
      'A pinhole camera shows an upside-down image.',
    ],
    share: 'A',
    daysAgo: 1,
  },
  {
    folder: null,
    name: 'Unit test timetable.pdf',
    title: 'Unit tests - November',
    lines: ['Science: Monday, 10:00', 'Maths: Wednesday, 9:00', 'English: Friday, 11:00'],
    daysAgo: 5,
  },
];

export async function loadDriveDemo(database: Database, files: FileStore, now: Date): Promise<void> {
  const { db } = database;
  const teacher = await db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', DEMO_ACCOUNTS.teacher)
    .executeTakeFirst();
  const place = await db
    .selectFrom('staff_schools as s')
    .innerJoin('school_boards as sb', 'sb.school_id', 's.school_id')
    .select(['s.school_id', 'sb.board_id'])
    .where('s.user_id', '=', teacher?.id ?? -1)
    .orderBy('s.school_id')
    .executeTakeFirst();
  if (!teacher || !place) return;
  const owner = Number(teacher.id);
  const folders = new Map<string, number>();
  for (const name of ['Class VII worksheets', 'Notes'] as const) {
    const row = await db
      .insertInto('drive_folders')
      .values({ owner_id: owner, parent_id: null, name, created_at: new Date(now.getTime() - 20 * 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    folders.set(name, Number(row.id));
  }
  for (const f of FILES) {
    const bytes = simplePdf(f.title, f.lines);
    const at = new Date(now.getTime() - f.daysAgo * 86_400_000);
    // A fixed id per file name, so two loads of the demo agree.
    const hex = createHash('sha256').update(`drive-demo:${f.name}`).digest('hex');
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    await db
      .insertInto('drive_files')
      .values({
        id,
        owner_id: owner,
        folder_id: f.folder ? folders.get(f.folder)! : null,
        name: f.name,
        content_type: 'application/pdf',
        byte_size: bytes.length,
        storage_key: await files.put(bytes),
        created_at: at,
      })
      .execute();
    if (f.share)
      await db
        .insertInto('drive_shares')
        .values({
          file_id: id,
          school_id: place.school_id,
          board_id: place.board_id,
          grade: 7,
          section: f.share === 'all' ? '' : 'A',
          shared_by: owner,
          shared_at: new Date(at.getTime() + 3_600_000),
        })
        .execute();
  }
}
