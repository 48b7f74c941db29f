import { expect as baseExpect, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, onAppClock, signInWithCode, staffSignIn, test } from './support';

// Two browsers on a shared machine: allow a few seconds more.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A small PDF: the server reads the type from its first bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const FILE_NAME = 'fractions-worksheet.pdf';

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

/** The page is no wider than a 360 px phone: nothing scrolls sideways. */
async function fitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test('the demo teacher opens Drive from the menu on a 360 px phone, makes a folder, uploads a PDF and shares it with grade VII; Aarav downloads it from his home', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await staffSignIn(page, DEMO.teacher);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Drive' }).click();
  await expect(page).toHaveURL(/\/drive$/);
  await expect(page.getByTestId('drive-usage-text')).toContainText('of 500 MB');

  // A folder without a name is refused in the contract's words; "Worksheets" is made.
  await page.getByTestId('new-folder').click();
  await page.getByTestId('folder-create').click();
  await expect(page.getByText('Please enter a folder name')).toBeVisible();
  await page.getByTestId('folder-name').fill('Worksheets');
  const made = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/drive/folders') && r.request().method() === 'POST',
  );
  await page.getByTestId('folder-create').click();
  expect((await made).status()).toBe(201);
  // The demo drive has "Class VII worksheets" already: the new one is named exactly.
  await page.getByTestId('drive-list').getByRole('link', { name: 'Worksheets', exact: true }).click();
  await expect(page).toHaveURL(/\/drive\?folder=\d+$/);
  await expect(page.getByTestId('drive-path')).toHaveText(/^My drive.*\/Worksheets$/);
  await expect(page.getByTestId('drive-empty')).toBeVisible();

  // A text file is refused on the phone, before anything is sent; the PDF goes up into the folder.
  const picker = page.locator('input[type="file"]');
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain words') });
  await expect(page.getByTestId('upload-problem')).toContainText('“notes.txt” cannot be uploaded.');
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/drive/files') && r.request().method() === 'POST',
  );
  await picker.setInputFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: PDF });
  expect((await uploaded).status()).toBe(201);
  const file = page.getByTestId('drive-file').filter({ hasText: FILE_NAME });
  await expect(file.getByTestId('file-details')).toContainText('PDF document');
  await fitsPhone(page);

  // Shared with grade VII, every section: the chip says so.
  await file.getByTestId('file-share').click();
  const dialog = page.getByTestId('share-dialog');
  const grade = dialog.getByTestId('share-grade');
  const seventh = await grade
    .locator('option')
    .filter({ hasText: /^VII( ·.*)?$/ })
    .first()
    .getAttribute('value');
  await grade.selectOption(seventh!);
  await expect(dialog.getByTestId('share-section')).toHaveValue('');
  const shared = page.waitForResponse((r) => /\/api\/v1\/drive\/files\/[^/]+\/shares$/.test(r.url()));
  await dialog.getByTestId('share-submit').click();
  expect((await shared).status()).toBe(201);
  await expect(dialog).toHaveCount(0);
  await expect(file.getByTestId('share-chip')).toHaveText(['VII (all)']);
  await fitsPhone(page);
  await page.screenshot({ path: testInfo.outputPath('drive-360.png'), fullPage: true });

  // Aarav (grade VII) finds it on his home under "From your teachers", and downloads it.
  const studentContext = await onAppClock(await browser.newContext({ viewport: { width: 360, height: 740 } }));
  opened.push(studentContext);
  const student = await studentContext.newPage();
  await student.goto('/login');
  await signInWithCode(student);
  await expect(student).toHaveURL(/\/concepts$/);
  const card = student.getByTestId('shared-files');
  await expect(card.getByRole('heading', { name: 'From your teachers' })).toBeVisible();
  const link = card.getByTestId('shared-file').filter({ hasText: FILE_NAME });
  await expect(link.getByTestId('shared-file-by')).toContainText('Shared by');
  await fitsPhone(student);
  await student.screenshot({ path: testInfo.outputPath('home-shared-files-360.png'), fullPage: true });
  const [download] = await Promise.all([student.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(FILE_NAME);
});
