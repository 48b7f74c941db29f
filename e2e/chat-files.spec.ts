import { deflateSync } from 'node:zlib';
import { expect as baseExpect, type BrowserContext } from '@playwright/test';
import { DEMO, onAppClock, staffSignIn, test } from './support';

// Two browsers and a socket each on a shared machine: a live message may take a few seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

/** A small real PNG (a 48 x 32 two-colour picture): the server reads the type from the bytes. */
function png(width = 48, height = 32): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      rows.set(x < width / 2 ? [30, 110, 200] : [250, 190, 40], y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PDF_NAME = 'Term 2 exam timetable for classes 6 to 10 (final version).pdf';

test('a teacher sends a picture with a caption and a PDF; a colleague sees the picture arrive live and downloads the PDF', async ({
  page,
  browser,
}, testInfo) => {
  await staffSignIn(page, DEMO.teacher);
  const other = await onAppClock(await browser.newContext({ viewport: { width: 360, height: 740 } }));
  opened.push(other);
  const b = await other.newPage();
  await staffSignIn(b, DEMO.subjectTeacher);
  const meB = (await (await b.request.get('/api/v1/me')).json()) as { user: { id: number } };

  // A group of the two, made through the API: the group journey itself is chat.spec.ts's.
  const created = await page.request.post('/api/v1/chat/groups', {
    data: { name: 'Exam week files', memberIds: [meB.user.id] },
  });
  expect(created.status()).toBe(201);
  const { id: roomId } = (await created.json()) as { id: number };
  await page.goto(`/chat?room=${roomId}`);
  await b.goto(`/chat?room=${roomId}`);
  await expect(page.getByTestId('room-title')).toHaveText('Exam week files');
  await expect(b.getByTestId('room-title')).toHaveText('Exam week files');

  // A attaches a picture, sees it as a chip, writes a caption and sends both as one message.
  await page
    .getByTestId('attach-input')
    .setInputFiles({ name: 'science-lab.png', mimeType: 'image/png', buffer: png() });
  await expect(page.getByTestId('attachment-name')).toHaveText('science-lab.png');
  await page.getByTestId('composer').fill('The lab after the repairs');
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('message-pending')).toHaveCount(0);
  await expect(
    page
      .getByTestId('message')
      .filter({ hasText: 'The lab after the repairs' })
      .getByRole('img', { name: 'science-lab.png' }),
  ).toBeVisible();

  // B sees it arrive live, and the picture loads from the server.
  const pictureB = b
    .getByTestId('message')
    .filter({ hasText: 'The lab after the repairs' })
    .getByRole('img', { name: 'science-lab.png' });
  await expect(pictureB).toBeVisible();
  await expect.poll(() => pictureB.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);

  // A sends a PDF alone; B downloads it under its name.
  await page.getByTestId('attach-input').setInputFiles({ name: PDF_NAME, mimeType: 'application/pdf', buffer: PDF });
  await page.getByTestId('send').click();
  const cardB = b.getByTestId('message-file').filter({ hasText: PDF_NAME });
  await expect(cardB).toBeVisible();
  await expect(cardB.getByTestId('file-size')).toHaveText(/^0\.\d kB$/);
  const downloading = b.waitForEvent('download');
  await cardB.getByTestId('file-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(PDF_NAME);
  expect((await download.failure()) ?? null).toBeNull();

  // The room on a 360 px phone: nothing wider than the screen.
  const overflow = await b.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await b.screenshot({ path: testInfo.outputPath('room-360.png') });
});

test('a group’s creator sets its picture; a colleague sees it in the rooms list, loaded from the room’s files', async ({
  page,
  browser,
}) => {
  await staffSignIn(page, DEMO.teacher);
  const other = await onAppClock(await browser.newContext());
  opened.push(other);
  const colleague = await other.newPage();
  await staffSignIn(colleague, DEMO.subjectTeacher);
  const me = (await (await colleague.request.get('/api/v1/me')).json()) as { user: { id: number } };
  const name = `Sports day crew ${test.info().repeatEachIndex + 1}`;
  const created = await page.request.post('/api/v1/chat/groups', { data: { name, memberIds: [me.user.id] } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/chat?room=${id}`);
  await expect(page.getByTestId('room-title')).toHaveText(name);
  await page.getByTestId('room-info-open').click();
  await page
    .getByTestId('group-picture')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'crew.png', mimeType: 'image/png', buffer: png(64, 64) });
  const header = page.getByTestId('room-view').getByTestId('room-picture').locator('img');
  await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);

  await colleague.goto('/chat');
  const row = colleague.getByTestId('room-row').filter({ hasText: name });
  const picture = row.getByTestId('room-picture').locator('img');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
});
