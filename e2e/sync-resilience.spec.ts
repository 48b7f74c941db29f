import { randomUUID } from 'node:crypto';
import { expect as baseExpect, type APIRequestContext, type Page } from '@playwright/test';
import { appNow, onAppClock, signInWithCode, staffSignIn, test } from './support';

const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Lost-network sync (#8): 500 records queued on the device while offline reach the server exactly
 * once although the network drops several times, responses are lost after the server stored the
 * batch, and the tab is reloaded in the middle of the upload. The student's figures then equal a
 * rebuild of their rollups from the stored records.
 *
 * It adds 500 records to Aarav, so playwright.config.ts runs it after every other journey.
 */
const TOTAL = 500;
const QA_PRINCIPAL = '9000000006';

interface Bundle {
  chapters: {
    id: number;
    topics: { id: number; questions: { id: number; answer: number[]; options: string[] }[] }[];
  }[];
}

const getJson = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const res = await request.get(`/api/v1${path}`);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
};

/** Topic games over the last 20 days, answers mixed right and wrong, as the learner app queues them. */
function buildRecords(bundle: Bundle, now: number) {
  const topics = bundle.chapters.flatMap((c) =>
    c.topics.filter((t) => t.questions.length >= 10).map((t) => ({ chapterId: c.id, topic: t })),
  );
  expect(topics.length).toBeGreaterThan(10);
  return Array.from({ length: TOTAL }, (_, i) => {
    const { chapterId, topic } = topics[i % topics.length]!;
    const finishedAt = now - 20 * 86_400_000 + i * 3_400_000;
    const answers = topic.questions.slice(0, 10).map((q, k) => ({
      questionId: q.id,
      chosen: (i + k) % 3 === 0 ? [q.options.findIndex((_, o) => !q.answer.includes(o))] : q.answer,
      seconds: 12,
    }));
    const input = {
      id: randomUUID(),
      kind: 'topic' as const,
      chapterId,
      topicId: topic.id,
      startedAt: new Date(finishedAt - 120_000).toISOString(),
      finishedAt: new Date(finishedAt).toISOString(),
      answers,
    };
    return { id: input.id, input };
  });
}

/** Writes queued records straight into the app's IndexedDB queue (apps/web/src/lib/learner-db.ts). */
async function enqueue(page: Page, ownerId: number, records: ReturnType<typeof buildRecords>) {
  await page.evaluate(
    ({ ownerId, records }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('ki-learner');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('records', 'readwrite');
          const store = tx.objectStore('records');
          records.forEach(({ id, input }, i) =>
            store.put({
              id,
              ownerId,
              status: 'pending',
              input,
              subjectSlug: 'science',
              local: { correct: 0, answered: 10, learningCurrency: null, learningEfficiency: null, percent: null },
              server: null,
              createdAt: Date.now() + i, // the page's Date: on the app clock
              savedAt: null,
              rejection: null,
            }),
          );
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { ownerId, records },
  );
}

/** How many of this student's queued records are still waiting on the device. */
const pendingOnDevice = (page: Page, ownerId: number) =>
  page.evaluate(
    (ownerId) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('ki-learner');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result
            .transaction('records')
            .objectStore('records')
            .index('[ownerId+status]')
            .count([ownerId, 'pending']);
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    ownerId,
  );

test('500 records queued offline reach the server exactly once through a patchy network and a reload', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.goto('/login');
  await signInWithCode(page);
  await expect(page).toHaveURL(/\/concepts$/);
  const me = await getJson<{ user: { id: number } }>(page.request, '/me');
  const ownerId = me.user.id;
  const storedIds = async () =>
    (await getJson<{ statements: { id: string }[] }>(page.request, `/students/${ownerId}/records`)).statements.map(
      (s) => s.id.toLowerCase(),
    );
  const before = (await storedIds()).length;
  const records = buildRecords(await getJson<Bundle>(page.request, '/learn/subjects/science/bundle'), appNow());

  // Offline: the app (and its service worker) stays up, the records wait on the device.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The app has opened its records queue (it looks for pending records at start).
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'ki-learner')))
    .toBe(true);
  await context.setOffline(true);
  await enqueue(page, ownerId, records);
  expect(await pendingOnDevice(page, ownerId)).toBe(TOTAL);

  // The network comes back patchy: every third upload reaches the server and is stored, but its
  // answer is lost on the way back; every upload is slow, so the cuts below land mid-upload.
  let uploads = 0;
  await context.route('**/api/v1/records', async (route) => {
    uploads += 1;
    await new Promise((r) => setTimeout(r, 400));
    if (uploads % 3 === 0) {
      await route.fetch().catch(() => undefined);
      await route.abort('connectionreset');
    } else {
      await route.continue().catch(() => undefined);
    }
  });
  // Three times: the network returns (the app starts uploading), then drops while an upload is in
  // flight or just answered.
  for (let cut = 0; cut < 3; cut++) {
    await context.setOffline(false);
    const seen = uploads;
    await expect.poll(() => uploads).toBeGreaterThan(seen);
    await context.setOffline(true);
    await page.waitForTimeout(500);
  }
  expect(await pendingOnDevice(page, ownerId)).toBeGreaterThan(0);

  // Online again, and the tab is reloaded while an upload is in flight.
  await context.setOffline(false);
  const seen = uploads;
  await expect.poll(() => uploads).toBeGreaterThan(seen);
  await page.reload();
  // After a reload the app uploads what is left at start; a lost answer leaves records pending
  // until the next try (every minute, or when the network returns), so nudge it as a user would.
  await expect
    .poll(
      async () => {
        const left = await pendingOnDevice(page, ownerId);
        if (left > 0) await page.evaluate(() => window.dispatchEvent(new Event('online')));
        return left;
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBe(0);
  await context.unroute('**/api/v1/records');

  // Exactly the 500 new records, each once.
  const ids = await storedIds();
  expect(ids.length).toBe(before + TOTAL);
  const stored = new Set(ids);
  expect(stored.size).toBe(ids.length);
  expect(records.filter((r) => !stored.has(r.id.toLowerCase()))).toEqual([]);
  expect(uploads).toBeGreaterThan(TOTAL / 50);

  // The figures the student and the school see equal a rebuild of the rollups from the records.
  const staff = await onAppClock(await browser.newContext({ baseURL: new URL(page.url()).origin }));
  const staffPage = await staff.newPage();
  await staffSignIn(staffPage, QA_PRINCIPAL);
  await expect(staffPage).toHaveURL(/\/dashboard/);
  const figures = async () => ({
    progress: await getJson(page.request, '/learn/subjects/science'),
    leaderboard: await getJson(page.request, '/leaderboard'),
    report: await getJson(staffPage.request, `/analytics/students?grade=7&search=Aarav`),
    overview: await getJson(staffPage.request, '/analytics/overview'),
  });
  const incremental = await figures();
  const reindex = await staffPage.request.post(`/api/v1/students/${ownerId}/reindex`);
  expect(reindex.ok()).toBe(true);
  expect((await reindex.json()).records).toBe(before + TOTAL);
  expect(await figures()).toEqual(incremental);
  await staff.close();
});
