import { expect as baseExpect, type Page } from '@playwright/test';
import { signInWithCode, test } from './support';

// Pages load a whole subject: on a busy two-core machine that can take longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * The learner side as a game (issue #28): each subject its own picture, each chapter its own island,
 * and the island page's theme picker (access-and-app-shell.md 2.8), remembered per user.
 */
interface Bundle {
  subject: { theme: string };
  chapters: { id: number; slug: string; topics: unknown[] }[];
}

async function signIn(page: Page) {
  await page.goto('/login');
  await signInWithCode(page);
  await expect(page).toHaveURL(/\/concepts$/);
}

async function scienceChapters(page: Page) {
  const res = await page.request.get('/api/v1/learn/subjects/science/bundle');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Bundle).chapters;
}

/** Opens a chapter's island from the chapters page and returns its coastline. */
async function openIsland(page: Page, slug: string) {
  await page.goto('/science/chapters');
  await expect(
    page.getByTestId('chapters-title').locator('xpath=..').getByTestId('subject-icon-science'),
  ).toBeVisible();
  await page.locator(`[data-chapter="${slug}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/science/${slug}/topics$`));
  await expect(page.getByTestId('stop-treasure')).toBeVisible();
  return (await page.getByTestId('island-coast').getAttribute('d')) ?? '';
}

test.describe('a game map, not a dashboard', () => {
  test.describe.configure({ timeout: 180_000 });

  test('subjects have their own pictures and two chapters of a subject are different islands', async ({ page }) => {
    await signIn(page);
    // Aarav's subjects are maths and science: each card shows its own picture, not a shared book.
    await expect(page.getByTestId('subject-science').getByTestId('subject-icon-science')).toBeVisible();
    await expect(page.getByTestId('subject-maths').getByTestId('subject-icon-maths')).toBeVisible();
    await expect(page.getByTestId('subject-science').locator('img')).toHaveAttribute('src', '/subjects/science.svg');
    // The picture loads (it may still be on its way when the card shows: wait for it, do not sample once).
    const picture = page.getByTestId('subject-science').locator('img');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    const chapters = await scienceChapters(page);
    expect(chapters.length).toBeGreaterThanOrEqual(2);
    const first = await openIsland(page, chapters[0]!.slug);
    const second = await openIsland(page, chapters[1]!.slug);
    expect(first).toMatch(/^M [\d.]+ [\d.]+ C /);
    expect(second).toMatch(/^M [\d.]+ [\d.]+ C /);
    expect(second).not.toBe(first);
    // The same chapter is the same island on the next visit.
    expect(await openIsland(page, chapters[0]!.slug)).toBe(first);
    // The scenery is drawn but hidden from screen readers; the stops stay the buttons they were.
    const map = page.getByTestId('island-map');
    await expect(map.locator('svg').first()).toHaveAttribute('aria-hidden', 'true');
    await expect(map.locator('[data-kind]').first()).toBeAttached();
    await expect(map.getByRole('button', { name: /^Island 1:/ })).toBeVisible();
  });

  test('the theme picker turns the map to night, for this user, across a reload', async ({ page }) => {
    await signIn(page);
    const chapters = await scienceChapters(page);
    await openIsland(page, chapters[0]!.slug);
    const map = page.getByTestId('island-map');
    await expect(map).toHaveAttribute('data-map-theme', 'light');
    const lightSea = await map.getByTestId('island-sea').getAttribute('fill');

    await page.getByTestId('map-theme').getByText('Night').click();
    await expect(map).toHaveAttribute('data-map-theme', 'dark');
    expect(await map.getByTestId('island-sea').getAttribute('fill')).not.toBe(lightSea);
    const stored = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('ki.islandMap.'))
        .map((k) => [k, localStorage.getItem(k)]),
    );
    // One key, naming the signed-in user.
    expect(stored).toHaveLength(1);
    expect(stored[0]![0]).toMatch(/^ki\.islandMap\.\d+$/);
    expect(stored[0]![1]).toBe('dark');

    await page.reload();
    await expect(page.getByTestId('stop-treasure')).toBeVisible();
    await expect(page.getByTestId('island-map')).toHaveAttribute('data-map-theme', 'dark');
    await expect(page.getByTestId('map-theme').getByRole('radio', { name: 'Night' })).toBeChecked();

    // Anything stored other than 'dark' or 'light' reads as light (access-and-app-shell.md 4.7).
    await page.evaluate(([key]) => localStorage.setItem(key!, 'purple'), [stored[0]![0]]);
    await page.reload();
    await expect(page.getByTestId('stop-treasure')).toBeVisible();
    await expect(page.getByTestId('island-map')).toHaveAttribute('data-map-theme', 'light');
  });

  test('the waves move only for readers who have not asked for less motion', async ({ page }) => {
    await signIn(page);
    const chapters = await scienceChapters(page);
    await openIsland(page, chapters[0]!.slug);
    const wave = page.getByTestId('island-map').locator('.ki-wave').first();
    expect(await wave.evaluate((el) => getComputedStyle(el).animationName)).toBe('ki-wave');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await wave.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });

  for (const size of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`an island at ${size.width}x${size.height}, by day and by night`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page);
      const chapters = await scienceChapters(page);
      await openIsland(page, chapters[0]!.slug);
      const map = page.getByTestId('island-map');
      await page.screenshot({ path: `/tmp/island-${size.width}.png` });
      await map.screenshot({ path: `/tmp/island-${size.width}-map.png` });
      await page.getByTestId('map-theme').getByText('Night').click();
      await expect(map).toHaveAttribute('data-map-theme', 'dark');
      await map.screenshot({ path: `/tmp/island-${size.width}-night.png` });
      await page.getByTestId('map-theme').getByText('Day').click();
      await expect(map).toHaveAttribute('data-map-theme', 'light');
    });
  }
});
