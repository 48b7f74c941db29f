import { expect, type Locator, type Page } from '@playwright/test';
import { signInWithCode, test } from './support';

/**
 * Offline start (#30, access-and-app-shell.md 4.7): every learner page the student has opened once
 * opens again after a reload with the network off, from what the device saved, with the offline
 * notice; when the network returns the notice goes and the page asks the server again.
 */

/** What a reload offline must show within: the page's own saved answer, not a 10-second spinner. */
const OFFLINE_RENDER_MS = 5000;

async function signIn(page: Page) {
  await page.goto('/login');
  await signInWithCode(page);
  await expect(page).toHaveURL(/\/concepts$/);
}

/** The keys of the answers this device keeps for offline start (IndexedDB, see lib/saved-answers.ts). */
function savedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('ki-learner');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('answers')) {
            db.close();
            resolve([]);
            return;
          }
          const keys = db.transaction('answers').objectStore('answers').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => resolve([]);
        };
      }),
  );
}

/** Waits until the device holds the answer of `queryKey` (its query hash ends the stored key). */
async function waitUntilSaved(page: Page, queryKey: unknown[]) {
  const hash = JSON.stringify(queryKey);
  await expect
    .poll(async () => (await savedKeys(page)).some((k) => k.endsWith(`:${hash}`)), { timeout: 15_000 })
    .toBe(true);
}

interface LearnerPage {
  path: string;
  /** Something only the page's saved data can draw. */
  content: (page: Page) => Locator;
  /** The answers the page needs from the device, waited for before going offline. */
  saved: unknown[][];
  /** The request the page makes again once the network is back. */
  refetch: RegExp;
}

test.describe.serial('offline start', () => {
  test.describe.configure({ timeout: 240_000 });

  test('every learner page opens offline after a reload, says it shows saved data, and refreshes online', async ({
    page,
    context,
  }) => {
    await signIn(page);
    const me = (await (await page.request.get('/api/v1/me')).json()) as { user: { id: number } };
    const bundle = (await (await page.request.get('/api/v1/learn/subjects/science/bundle')).json()) as {
      chapters: { slug: string; topics: { slug: string; name: string }[] }[];
    };
    const chapter = bundle.chapters[0]!;
    const topic = chapter.topics[0]!;
    const pages: LearnerPage[] = [
      {
        path: '/concepts',
        content: (p) => p.getByTestId('subject-science'),
        saved: [
          ['me', 'subjects'],
          ['learn', 'summary'],
        ],
        refetch: /\/api\/v1\/me\/subjects$/,
      },
      {
        path: '/science/chapters',
        content: (p) => p.getByTestId('chapter-card').first(),
        saved: [],
        refetch: /\/api\/v1\/learn\/subjects\/science$/,
      },
      {
        path: `/science/${chapter.slug}/topics`,
        content: (p) => p.getByTestId('island-title'),
        saved: [],
        refetch: /\/api\/v1\/learn\/subjects\/science$/,
      },
      {
        path: `/science/${chapter.slug}/${topic.slug}/concept`,
        content: (p) => p.getByTestId('concept-title'),
        saved: [],
        refetch: /\/api\/v1\/learn\/subjects\/science$/,
      },
      {
        path: '/dashboard',
        content: (p) => p.getByTestId('student-dashboard'),
        saved: [['student-dashboard', me.user.id]],
        refetch: new RegExp(`/api/v1/students/${me.user.id}/dashboard`),
      },
      {
        path: '/profile',
        content: (p) => p.getByTestId('edit-profile'),
        saved: [['me', 'profile']],
        refetch: /\/api\/v1\/me\/profile$/,
      },
      {
        path: '/bookmarks',
        content: (p) => p.getByTestId('tab-concepts'),
        saved: [['learn', 'bookmarks', null]],
        refetch: /\/api\/v1\/bookmarks/,
      },
      {
        path: '/leaderboard',
        content: (p) => p.getByTestId('leaderboard-header'),
        saved: [['leaderboard', 1]],
        refetch: /\/api\/v1\/leaderboard/,
      },
    ];

    // Online: each page once, until what it showed is kept on the device.
    for (const p of pages) {
      await page.goto(p.path);
      await expect(p.content(page)).toBeVisible({ timeout: 30_000 });
      for (const key of p.saved) await waitUntilSaved(page, key);
    }
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    for (const p of pages) {
      await context.setOffline(true);
      await page.goto(p.path);
      // Drawn from the device at once, with the notice saying so.
      await expect(p.content(page), p.path).toBeVisible({ timeout: OFFLINE_RENDER_MS });
      await expect(page.getByTestId('offline-notice'), p.path).toBeVisible({ timeout: OFFLINE_RENDER_MS });
      await expect(page.getByTestId('offline-notice')).toContainText('Offline');
      await expect(page.getByText('Could not load')).toHaveCount(0);
      await expect(page.getByText('No leader data available')).toHaveCount(0);

      // Back online: the notice goes and the page asks the server again.
      const refetched = page.waitForResponse((r) => p.refetch.test(new URL(r.url()).pathname) && r.ok(), {
        timeout: 20_000,
      });
      await context.setOffline(false);
      await refetched;
      await expect(page.getByTestId('offline-notice'), p.path).toHaveCount(0);
      await expect(p.content(page)).toBeVisible();
    }
  });

  test('the signed-in student stays signed in offline, and a page never saved offers to try again', async ({
    page,
    context,
  }) => {
    await signIn(page);
    await waitUntilSaved(page, ['me', 'subjects']);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // This browser never opened the leaderboard: offline it says it needs the network.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('subject-science')).toBeVisible({ timeout: OFFLINE_RENDER_MS });
    await expect(page).toHaveURL(/\/concepts$/);
    await page.getByRole('link', { name: 'Rank' }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    const missing = page.getByTestId('not-on-device');
    await expect(missing).toBeVisible({ timeout: OFFLINE_RENDER_MS });
    await expect(missing).toContainText('The leader board needs the internet');
    await expect(page.getByText('No leader data available')).toHaveCount(0);
    await expect(page.getByTestId('offline-notice')).toBeVisible();

    // "Try again" while still offline keeps saying so; once online it brings the board.
    await page.getByTestId('try-again').click();
    await expect(missing).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('leaderboard-header')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('not-on-device')).toHaveCount(0);
    await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  });
});
