/**
 * Quiz and question pictures (issue #23): the type read from the bytes, the size and count limits,
 * nothing stored when refused, and who may fetch a picture (policy/assessment-authoring.ts
 * `authorizeReadImage`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, type AssessmentDetail } from '@ki/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  buildAuthoringWorld,
  FIVE_TYPES,
  insertAttempt,
  JPEG_1X1,
  multipart,
  PNG_1X1,
  quizInput,
  WEBP_1X1,
  type AuthoringWorld,
} from '../../test/assessment-authoring-fixtures';

let t: TestApp;
let w: AuthoringWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAuthoringWorld(t);
});
afterAll(() => t.close());

async function upload(cookie: string | null, body: { payload: Buffer; contentType: string }, query = '') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/images${query}`,
    headers: { ...(cookie ? { cookie } : {}), 'content-type': body.contentType },
    payload: body.payload,
  });
  return {
    status: res.statusCode,
    body: res.json() as { id?: string; code?: string; contentType?: string; byteSize?: number },
  };
}
const file = (data: Buffer, contentType = 'image/png') =>
  multipart([{ name: 'file', filename: 'picture.png', contentType, data }]);
const imageCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('uploaded_images')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const get = (cookie: string | null, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/images/${id}`, headers: cookie ? { cookie } : {} });

describe('uploading', () => {
  it('stores PNG, JPEG and WebP by their bytes, whatever the name or declared type, once per content', async () => {
    const png = await upload(w.teacher.cookie, file(PNG_1X1, 'application/octet-stream'));
    expect(png).toMatchObject({ status: 201, body: { contentType: 'image/png', byteSize: PNG_1X1.length } });
    expect((await upload(w.teacher.cookie, file(JPEG_1X1, 'image/png'))).body.contentType).toBe('image/jpeg');
    expect((await upload(w.teacher.cookie, file(WEBP_1X1))).body.contentType).toBe('image/webp');
    // The same bytes again: a new image row, the same stored file.
    const before = t.files.size;
    const again = await upload(w.teacher.cookie, file(PNG_1X1));
    expect(again.body.id).not.toBe(png.body.id);
    expect(t.files.size).toBe(before);
    const row = await t.database.db
      .selectFrom('uploaded_images')
      .selectAll()
      .where('id', '=', png.body.id!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      school_id: w.school,
      uploaded_by: w.teacher.id,
      content_type: 'image/png',
      storage_key: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('refuses what is not a PNG, JPEG or WebP (415), a file over 1 MiB (413), two files, none, and stores nothing', async () => {
    const rows = await imageCount();
    const files = t.files.size;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    for (const bad of [svg, gif, Buffer.from('just text'), Buffer.alloc(0), Buffer.from('%PDF-1.4\n')]) {
      const res = await upload(w.teacher.cookie, file(bad, 'image/png'));
      expect(res.status, bad.toString('latin1').slice(0, 10)).toBe(415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    // A PNG header followed by a megabyte: one byte over the limit.
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(MAX_IMAGE_BYTES + 1 - PNG_1X1.length)]);
    expect(await upload(w.teacher.cookie, file(big))).toMatchObject({
      status: 413,
      body: { code: 'PAYLOAD_TOO_LARGE' },
    });
    const two = multipart([
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG_1X1 },
      { name: 'file', filename: 'b.png', contentType: 'image/png', data: PNG_1X1 },
    ]);
    expect(await upload(w.teacher.cookie, two)).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(
      (await upload(w.teacher.cookie, multipart([{ name: 'other', filename: 'a.png', data: PNG_1X1 }]))).status,
    ).toBe(400);
    expect((await upload(w.teacher.cookie, multipart([{ name: 'note', data: 'no file' }]))).status).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/images',
      headers: { cookie: w.teacher.cookie, 'content-type': 'application/json' },
      payload: '{"file":"x"}',
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const broken = await upload(w.teacher.cookie, {
      payload: Buffer.from('--x\r\nnot a part'),
      contentType: 'multipart/form-data; boundary=x',
    });
    expect(broken.status).toBe(400);
    expect(await imageCount()).toBe(rows);
    expect(t.files.size).toBe(files);
  });

  it('accepts exactly 1 MiB', async () => {
    const exact = Buffer.concat([PNG_1X1, Buffer.alloc(MAX_IMAGE_BYTES - PNG_1X1.length)]);
    expect((await upload(w.teacher.cookie, file(exact))).status).toBe(201);
  });

  it('is for teachers, into their own school', async () => {
    for (const who of [w.principal.cookie, w.students.asha.cookie, w.parent.cookie, w.editor.cookie])
      expect((await upload(who, file(PNG_1X1))).status).toBe(403);
    expect((await upload(null, file(PNG_1X1))).status).toBe(401);
    expect((await upload(w.teacher.cookie, file(PNG_1X1), `?schoolId=${w.schoolX}`)).status).toBe(403);
    expect((await upload(w.twoSchools.cookie, file(PNG_1X1), `?schoolId=${w.school2}`)).status).toBe(201);
  });
});

describe('who may see a picture', () => {
  it('serves the bytes with their type, nosniff and private caching to the uploader', async () => {
    const { body } = await upload(w.teacher.cookie, file(PNG_1X1));
    const res = await get(w.teacher.cookie, body.id!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/^private/);
    expect(res.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('follows the quiz: staff who may read it, students of an attempt or of the class it is set for; nobody else, as if it did not exist', async () => {
    const cover = (await upload(w.teacher.cookie, file(PNG_1X1))).body.id!;
    const onQuestion = (await upload(w.teacher.cookie, file(JPEG_1X1))).body.id!;
    const unused = (await upload(w.teacher.cookie, file(WEBP_1X1))).body.id!;
    const questions = FIVE_TYPES.map((q, i) => (i === 0 ? { ...q, imageId: onQuestion } : q));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assessments',
      headers: { cookie: w.teacher.cookie },
      payload: quizInput({ boardId: w.board, subjectId: w.science, grade: 7, imageId: cover, questions }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const quiz = created.json() as AssessmentDetail;
    // Another teacher cannot put this teacher's picture in their own quiz.
    const borrowed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assessments',
      headers: { cookie: w.colleague.cookie },
      payload: quizInput({ boardId: w.board, subjectId: w.science, grade: 7, imageId: unused }),
    });
    expect(borrowed.statusCode).toBe(400);
    const status = async (cookie: string | null, id: string) => (await get(cookie, id)).statusCode;
    // Staff over the quiz see both; the uploader sees the unused one; others see none.
    for (const who of [w.teacher, w.colleague, w.principal, w.superadmin]) {
      expect(await status(who.cookie, cover)).toBe(200);
      expect(await status(who.cookie, onQuestion)).toBe(200);
    }
    expect(await status(w.colleague.cookie, unused)).toBe(404);
    for (const who of [w.grade8Teacher, w.otherPrincipal, w.parent, w.editor, w.students.asha, w.students.xavier]) {
      expect(await status(who.cookie, cover)).toBe(404);
      expect(await status(who.cookie, onQuestion)).toBe(404);
    }
    expect(await status(null, cover)).toBe(401);
    const none = await get(w.principal.cookie, '00000000-0000-4000-8000-000000000000');
    const hidden = await get(w.otherPrincipal.cookie, cover);
    expect(none.statusCode).toBe(404);
    expect(hidden.json()).toEqual(none.json());

    // Published and set for section A: A's students see the cover (join page), not yet the question's picture.
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/assessments/${quiz.id}/publish`,
      headers: { cookie: w.teacher.cookie },
    });
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/v1/assessments/${quiz.id}/assignments`,
      headers: { cookie: w.teacher.cookie },
      payload: {
        schoolId: w.school,
        grade: 7,
        section: 'A',
        opensAt: '2026-11-20T09:00:00Z',
        closesAt: '2026-11-27T09:00:00Z',
      },
    });
    const assignmentId = (assigned.json() as AssessmentDetail).assignments[0]!.id;
    expect(await status(w.students.asha.cookie, cover)).toBe(200);
    expect(await status(w.students.asha.cookie, onQuestion)).toBe(404);
    expect(await status(w.students.dev.cookie, cover)).toBe(404);
    expect(await status(w.students.farid.cookie, cover)).toBe(404);
    // Once her attempt holds the question (its frozen copy), she sees its picture.
    await insertAttempt(t.database.db, {
      assignmentId,
      studentId: w.students.asha.id,
      answers: [],
      startedAt: new Date('2026-11-20T10:00:00Z'),
      finishedAt: null,
    });
    expect(await status(w.students.asha.cookie, onQuestion)).toBe(200);
    expect(await status(w.students.bala.cookie, onQuestion)).toBe(404);
  });

  it('refuses a malformed id with 400 and an unknown one with 404', async () => {
    expect((await get(w.teacher.cookie, 'not-a-uuid')).statusCode).toBe(400);
    expect((await get(w.teacher.cookie, '11111111-1111-4111-8111-111111111111')).statusCode).toBe(404);
  });
});
