/**
 * The authorization matrix rows of drives (issue #26, policy/drive.ts), spread into MATRIX by
 * test/access-matrix.ts. Staff have a drive each; the teacher's folders, files and shares do not
 * exist for other staff (404); students and parents have none (403). A file shared with A1's grade 7
 * is read by Asha.
 */
import { multipart } from './assessment-authoring-fixtures';
import { ACTORS, type AccessWorld, type Actor } from './access-world';

type Status = 200 | 201 | 204 | 401 | 403 | 404;
type Cells = Record<Actor, Status>;
interface Call {
  target: string;
  url: (w: AccessWorld) => string;
  payload?: (w: AccessWorld, actor: Actor) => unknown;
  headers?: () => Record<string, string>;
  expect: Cells;
}

const STAFF: Actor[] = [
  'teacher',
  'teacherTwoSchools',
  'teacherTwoSubjects',
  'principal',
  'multiSchoolPrincipal',
  'superadmin',
  'otherChainSuperadmin',
];
const OTHER_STAFF = Object.fromEntries(STAFF.filter((a) => a !== 'teacher').map((a) => [a, 404])) as Partial<
  Record<Actor, Status>
>;

function cells(allowed: readonly Actor[], status: Status, otherwise: Partial<Record<Actor, Status>> = {}): Cells {
  return Object.fromEntries(
    ACTORS.map((a) => [a, a === 'anonymous' ? 401 : allowed.includes(a) ? status : (otherwise[a] ?? 403)]),
  ) as Cells;
}
const UPLOAD = multipart([
  { name: 'file', filename: 'matrix.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
]);

export const DRIVE_ROWS: Record<string, Call[]> = {
  'GET /api/v1/drive': [
    { target: 'own drive', url: () => '/api/v1/drive', expect: cells(STAFF, 200) },
    {
      target: 'the teacher’s folder',
      url: (w) => `/api/v1/drive?folderId=${w.drive.folderId}`,
      expect: cells(['teacher'], 200, OTHER_STAFF),
    },
  ],
  'POST /api/v1/drive/folders': [
    {
      target: 'own drive',
      url: () => '/api/v1/drive/folders',
      payload: (_w, actor) => ({ name: `Matrix ${actor}` }),
      expect: cells(STAFF, 201),
    },
  ],
  'DELETE /api/v1/drive/folders/{folderId}': [
    {
      target: 'the teacher’s empty folder',
      url: (w) => `/api/v1/drive/folders/${w.drive.folderId}`,
      expect: cells(['teacher'], 204, OTHER_STAFF),
    },
  ],
  'POST /api/v1/drive/files': [
    {
      target: 'own drive',
      url: () => '/api/v1/drive/files',
      payload: () => UPLOAD.payload,
      headers: () => ({ 'content-type': UPLOAD.contentType }),
      expect: cells(STAFF, 201),
    },
  ],
  'GET /api/v1/drive/files/{fileId}': [
    {
      target: 'a worksheet shared with A1 grade 7',
      url: (w) => `/api/v1/drive/files/${w.drive.sharedFileId}`,
      expect: cells(['teacher', 'student'], 200, OTHER_STAFF),
    },
  ],
  'DELETE /api/v1/drive/files/{fileId}': [
    {
      target: 'the teacher’s file',
      url: (w) => `/api/v1/drive/files/${w.drive.spareFile()}`,
      expect: cells(['teacher'], 204, OTHER_STAFF),
    },
  ],
  'POST /api/v1/drive/files/{fileId}/shares': [
    {
      target: 'the teacher’s file, to A1 grade 7',
      url: (w) => `/api/v1/drive/files/${w.drive.sharedFileId}/shares`,
      payload: (w) => ({ schoolId: w.schoolA1, boardId: w.boardA, grade: 7, section: 'A' }),
      expect: cells(['teacher'], 201, OTHER_STAFF),
    },
  ],
  'DELETE /api/v1/drive/shares/{shareId}': [
    {
      target: 'the teacher’s share',
      url: (w) => `/api/v1/drive/shares/${w.drive.spareShare()}`,
      expect: cells(['teacher'], 204, OTHER_STAFF),
    },
  ],
  'GET /api/v1/me/shared-files': [
    { target: 'own class’s files', url: () => '/api/v1/me/shared-files', expect: cells(['student'], 200) },
  ],
};
