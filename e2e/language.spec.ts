import { readFileSync } from 'node:fs';
import { expect as baseExpect, type Page } from '@playwright/test';
import { signInWithCode, test } from './support';

// Long journeys on a shared machine: screens may take longer than the default 10 s to arrive.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The app's own texts, read from its catalogues: the journey does not repeat (or fall behind) their wording. */
function texts(language: string, namespace: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(new URL(`../apps/web/src/locales/${language}/${namespace}.json`, import.meta.url), 'utf8'),
  );
}
const mrLearn = texts('mr', 'learn') as { welcome: string };
const mrJourney = texts('mr', 'journey') as { languageNote: { englishOnly: string } };
const mrCommon = texts('mr', 'common') as { app: { name: string }; languages: Record<string, string> };
const welcome = (name: string) => mrLearn.welcome.replace('{{name}}', name);
const englishOnlyNote = mrJourney.languageNote.englishOnly.replace('{{language}}', mrCommon.languages.mr!);

interface Bundle {
  language: string;
  subject: { name: string };
  chapters: {
    slug: string;
    name: string;
    topics: { slug: string; name: string; concept: { language: string } | null }[];
  }[];
}

async function signOut(page: Page) {
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('logout').click();
  await page.getByTestId('logout-yes').click();
  await expect(page).toHaveURL(/\/login$/);
}

test('one language: a student switches to Marathi in the header, and the screens and the content follow, for good', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await signInWithCode(page);
  await expect(page).toHaveURL(/\/concepts$/);
  const me = await (await page.request.get('/api/v1/me')).json();
  // Aarav's school (Gyan Jyoti, Pune) activates English, Marathi and Hindi.
  expect(me.school.languages).toEqual(['en', 'mr', 'hi']);
  expect(me.user.language).toBe('en');

  try {
    const select = page.getByTestId('language-select');
    await expect(select.locator('option')).toHaveCount(3);
    expect(
      await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(['en', 'mr', 'hi']);
    await expect(page.getByTestId('subject-science')).toContainText('Science');

    // The choice is saved on the server before the screens switch; interface and subjects switch together.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/me/language') && r.request().method() === 'PUT',
    );
    await select.selectOption('mr');
    expect((await saved).status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
    await expect(page.getByTestId('app-name')).toHaveText(mrCommon.app.name);
    await expect(page.getByTestId('concepts-title')).toHaveText(welcome('Aarav'));
    await expect(page.getByTestId('subject-science')).toContainText('विज्ञान');
    await expect(page.getByTestId('subject-science')).not.toContainText('Science');

    // The content comes in Marathi where it has Marathi, in English where it has not yet, and says so once.
    const bundle = (await (await page.request.get('/api/v1/learn/subjects/science/bundle')).json()) as Bundle;
    expect(bundle.language).toBe('mr');
    expect(bundle.subject.name).toBe('विज्ञान');
    await page.getByTestId('subject-science').click();
    await expect(page.getByTestId('chapters-title')).toHaveText('विज्ञान');
    await expect(page.getByTestId('language-note')).toHaveCount(1);
    await expect(page.getByTestId('language-note')).toHaveText(englishOnlyNote);
    await page.screenshot({ path: testInfo.outputPath('chapters-marathi.png') });

    const chapter = bundle.chapters[0]!;
    const topic = chapter.topics[0]!;
    expect(topic.concept?.language).toBe('en');
    await page.goto(`/science/${chapter.slug}/${topic.slug}/concept`);
    await expect(page.getByTestId('concept-title')).toHaveText(topic.name);
    await expect(page.getByTestId('language-note')).toHaveCount(1);
    await expect(page.getByTestId('language-note')).toHaveText(englishOnlyNote);
    await page.screenshot({ path: testInfo.outputPath('concept-marathi.png') });

    // A reload keeps it.
    await page.reload();
    await expect(page.getByTestId('concept-title')).toHaveText(topic.name);
    await expect(page.getByTestId('language-select')).toHaveValue('mr');
    await expect(page.getByTestId('language-note')).toHaveText(englishOnlyNote);

    // So do a sign-out and a sign-in, even with this device set back to English meanwhile.
    await page.goto('/concepts');
    await signOut(page);
    await page.evaluate(() => localStorage.setItem('ki.language', 'en'));
    await page.reload();
    await expect(page.getByTestId('language-select')).toHaveValue('en');
    await signInWithCode(page);
    await expect(page).toHaveURL(/\/concepts$/);
    await expect(page.getByTestId('language-select')).toHaveValue('mr');
    await expect(page.getByTestId('concepts-title')).toHaveText(welcome('Aarav'));
    await expect(page.getByTestId('subject-science')).toContainText('विज्ञान');

    // The profile shows the same one language.
    await page.goto('/profile');
    await expect(page.getByTestId('profile-language-value')).toHaveText(mrCommon.languages.mr!);
    expect((await (await page.request.get('/api/v1/me/profile')).json()).user.language).toBe('mr');

    // A language the school does not activate is refused by the server with a stable code.
    const refused = await page.request.put('/api/v1/me/language', { data: { language: 'ta' } });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).code).toBe('LANGUAGE_NOT_OFFERED');
  } finally {
    // Other journeys use Aarav as the demo data made him: English.
    const res = await page.request.put('/api/v1/me/language', { data: { language: 'en' } });
    expect(res.ok()).toBe(true);
    await page.evaluate(() => localStorage.setItem('ki.language', 'en'));
  }
});

test('offline, the choice is kept on the device and saved once the network returns', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await signInWithCode(page);
  await expect(page.getByTestId('subject-science')).toContainText('Science');
  try {
    await context.setOffline(true);
    await page.getByTestId('language-select').selectOption('hi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    expect(await page.evaluate(() => localStorage.getItem('ki.languagePending'))).toContain('"hi"');

    await context.setOffline(false);
    // Saved on the server, then the content cached meanwhile is fetched again: in Hindi.
    await expect(page.getByTestId('subject-science')).toContainText('विज्ञान');
    expect(await page.evaluate(() => localStorage.getItem('ki.languagePending'))).toBeNull();
    expect((await (await page.request.get('/api/v1/me')).json()).user.language).toBe('hi');
  } finally {
    await context.setOffline(false);
    const res = await page.request.put('/api/v1/me/language', { data: { language: 'en' } });
    expect(res.ok()).toBe(true);
    await page.evaluate(() => localStorage.setItem('ki.language', 'en'));
  }
});
