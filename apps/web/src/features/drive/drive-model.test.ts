import { describe, expect, it } from 'vitest';
import { DRIVE_FILE_MAX_BYTES } from '@ki/contracts';
import {
  folderHref,
  isSharedWith,
  shareName,
  shareSchools,
  uploadProblem,
  usedPercent,
  validateFolder,
} from './drive-model';
import { CLASSES, share } from './test-api';

const MB = 1024 * 1024;
const roomy = { usedBytes: 0, quotaBytes: 500 * MB };
const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('a new folder’s name (the contract’s schema)', () => {
  it('is trimmed, and asked for when blank, too long or holding a line break', () => {
    expect(validateFolder('  Worksheets ', null)).toEqual({ ok: true, body: { name: 'Worksheets', parentId: null } });
    expect(validateFolder('Term 1', 4)).toEqual({ ok: true, body: { name: 'Term 1', parentId: 4 } });
    expect(validateFolder('   ', null)).toEqual({ ok: false, problem: { key: 'folders.nameRequired' } });
    expect(validateFolder('a'.repeat(81), null)).toEqual({
      ok: false,
      problem: { key: 'folders.nameTooLong', values: { max: 80 } },
    });
    expect(validateFolder('Term\n1', null)).toEqual({ ok: false, problem: { key: 'folders.nameInvalid' } });
  });
});

describe('a file chosen for upload, checked on the device', () => {
  it.each([
    ['a PDF', file('a.pdf', 'application/pdf', 2048), null],
    ['a Word file the browser gives no type for', file('plan.docx', '', 2048), null],
    ['a text file', file('notes.txt', 'text/plain', 20), 'wrongType'],
    ['an old Word file', file('old.doc', 'application/msword', 20), 'wrongType'],
    ['a file over 10 MB', file('scan.png', 'image/png', DRIVE_FILE_MAX_BYTES + 1), 'tooLarge'],
    ['a file of exactly 10 MB', file('scan.png', 'image/png', DRIVE_FILE_MAX_BYTES), null],
    ['an empty file', file('empty.pdf', 'application/pdf', 0), 'empty'],
  ])('%s: %s', (_, chosen, problem) => {
    expect(uploadProblem(chosen, roomy)).toBe(problem);
  });

  it('does not fit a drive without room for it', () => {
    expect(uploadProblem(file('a.pdf', 'application/pdf', 2 * MB), { usedBytes: 499 * MB, quotaBytes: 500 * MB })).toBe(
      'noRoom',
    );
    expect(
      uploadProblem(file('a.pdf', 'application/pdf', MB), { usedBytes: 499 * MB, quotaBytes: 500 * MB }),
    ).toBeNull();
  });
});

describe('shares', () => {
  const t = (_key: 'share.all', { grade }: { grade: string }) => `${grade} (all)`;

  it('name a class as the app writes classes: "VII A", or "VII (all)" for every section', () => {
    expect(shareName(share(1, 'A'), t)).toBe('VII A');
    expect(shareName(share(2, null), t)).toBe('VII (all)');
  });

  it('know whether a file is already shared with a class and section', () => {
    const shared = { shares: [share(1, 'A')] };
    expect(isSharedWith(shared, { schoolId: 3, boardId: 1, grade: 7, section: 'A' })).toBe(true);
    expect(isSharedWith(shared, { schoolId: 3, boardId: 1, grade: 7, section: null })).toBe(false);
    expect(isSharedWith(shared, { schoolId: 3, boardId: 1, grade: 7, section: 'B' })).toBe(false);
    expect(isSharedWith({ shares: [share(2, null)] }, { schoolId: 3, boardId: 1, grade: 7 })).toBe(true);
  });

  it('offer the caller’s classes by school, then grade', () => {
    const second = { ...CLASSES[0]!, schoolId: 8, schoolName: 'Nashik School' };
    expect(
      shareSchools([...CLASSES, second]).map((s) => [s.schoolName, s.classes.map((c) => [c.key, c.sections])]),
    ).toEqual([
      [
        'Pune Public School',
        [
          ['3:1:6', ['A']],
          ['3:1:7', ['A', 'B']],
        ],
      ],
      ['Nashik School', [['8:1:6', ['A']]]],
    ]);
  });
});

it('opens a folder at /drive?folder=<id>, the top at /drive, and measures the space used', () => {
  expect(folderHref(null)).toBe('/drive');
  expect(folderHref(12)).toBe('/drive?folder=12');
  expect(usedPercent({ usedBytes: 125 * MB, quotaBytes: 500 * MB })).toBe(25);
  expect(usedPercent({ usedBytes: 600 * MB, quotaBytes: 500 * MB })).toBe(100);
});
