import { expect as baseExpect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { lastOtp, onAppClock, test } from './support';

// Four browsers in one live game on a shared machine: screens may take longer than 10 s to arrive.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Grade VII students of the demo chain's first school (Pune, CBSE), each signed in by a code texted
 * to their own number (a number gets a code every 30 s): no other journey signs them in.
 */
const HOST = '8000000066';
const PLAYERS = ['8000000078', '8000000090', '8000000102'] as const;
/** The smallest game the create page offers. */
const QUESTIONS = 3;

interface Student {
  page: Page;
  id: number;
}

/** Contexts this file opens besides Playwright's own: closed after the test so none outlives it. */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

/** Signs a student in through the API (the sign-in page has its own journeys), in English. */
async function signIn(page: Page, mobile: string): Promise<number> {
  const sent = await page.request.post('/api/v1/auth/otp', { data: { mobile } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const { challengeId } = (await sent.json()) as { challengeId: string };
  const verified = await page.request.post('/api/v1/auth/otp/verify', {
    data: { challengeId, code: await lastOtp(page, mobile) },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  expect((await page.request.put('/api/v1/me/language', { data: { language: 'en' } })).ok()).toBe(true);
  return ((await verified.json()) as { user: { id: number } }).user.id;
}

async function student(browser: Browser, mobile: string): Promise<Student> {
  const context = await onAppClock(await browser.newContext());
  opened.push(context);
  const page = await context.newPage();
  return { page, id: await signIn(page, mobile) };
}

/** The page shows question `index` (0-based) and waits for an answer. */
async function expectQuestion(page: Page, index: number) {
  await expect(page.getByTestId('question')).toHaveAttribute('data-index', String(index));
  await expect(page.getByTestId('question-counter')).toHaveText(`Question ${index + 1} of ${QUESTIONS}`);
}

/** The player's rank and score as the round's card shows them. */
async function ownPlace(page: Page) {
  const place = page.getByTestId('own-place');
  return { rank: await place.getAttribute('data-rank'), score: await place.getAttribute('data-score') };
}

test('a student challenges three classmates: code and link, a reload mid-game, the podium, and the records on each dashboard', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const host: Student = { page, id: await signIn(page, HOST) };
  const players = await Promise.all(PLAYERS.map((mobile) => student(browser, mobile)));
  const everyone = [host, ...players];

  // The host picks a subject and the number of questions, and creates the game.
  await page.goto('/assessment');
  await page.getByTestId('tile-challenge').click();
  await expect(page).toHaveURL(/\/assessment\/practicequiz\/challenge$/);
  await page.getByTestId('subject-choice').locator('a[data-testid="subject-science"]').click();
  await expect(page.getByTestId('challenge-subject')).toHaveText('Science');
  await page.getByTestId('question-count').getByText(String(QUESTIONS), { exact: true }).click();
  await page.getByTestId('create').click();
  await expect(page).toHaveURL(/\/assessment\/showPlayers\/\d{6}$/);
  const code = (await page.getByTestId('game-code').getAttribute('data-code'))!;
  expect(page.url()).toContain(code);
  await expect(page.getByTestId('player-count')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('start')).toBeDisabled();
  const link = await page.getByTestId('share-url').inputValue();
  expect(link).toBe(new URL(`/assessment/WaitingLobby/${code}`, page.url()).toString());

  // One joins with the code on the Practice page, two open the shared link.
  const [first, second, third] = players as [Student, Student, Student];
  await first.page.goto('/assessment');
  await first.page.getByTestId('join-code').fill(code);
  await first.page.getByTestId('join-code-submit').click();
  await expect(first.page).toHaveURL(new RegExp(`/assessment/WaitingLobby/${code}$`));
  for (const p of [second, third]) await p.page.goto(link);
  for (const p of players) {
    await expect(p.page.getByTestId('waiting')).toHaveText('Waiting for the host to start');
    await expect(p.page.getByTestId('game-title')).toHaveText('Science');
  }

  // The host sees them arrive, and starts.
  await expect(page.getByTestId('player-count')).toHaveAttribute('data-count', '3');
  await expect(page.getByTestId('players').getByTestId('player')).toHaveCount(4);
  await page.screenshot({ path: testInfo.outputPath('challenge-lobby.png') });
  await page.getByTestId('start').click();

  let before: { rank: string | null; score: string | null } | null = null;
  for (let index = 0; index < QUESTIONS; index++) {
    for (const s of everyone) await expectQuestion(s.page, index);
    // Everyone answers; the round closes on the last answer, not on the countdown.
    for (const [k, s] of everyone.entries()) {
      const choice = `option-${(k + index) % 2}`;
      await s.page.getByTestId(choice).click();
      // The last answer closes the round at once: its page goes straight on to the results.
      if (k < everyone.length - 1) await expect(s.page.getByTestId('locked')).toBeVisible();
      if (index === 1 && s === second) {
        // A reload after answering, while others still think: the question comes back, answer locked in.
        await second.page.reload();
        await expectQuestion(second.page, index);
        await expect(second.page.getByTestId('locked')).toBeVisible();
        await expect(second.page.getByTestId(choice)).toHaveAttribute('aria-pressed', 'true');
      }
    }
    // Every round, the last too, shows the right answer and the scoreboard before anything else.
    for (const s of everyone) await expect(s.page.getByTestId('round')).toHaveAttribute('data-index', String(index));
    if (index === 0) {
      await expect(first.page.getByTestId('scoreboard').getByTestId('score-row')).toHaveCount(4);
      await expect(first.page.getByTestId('waiting-next')).toBeVisible();
      // A reload at the scoreboard: the same rank and score come back.
      before = await ownPlace(second.page);
      await second.page.reload();
      await expect(second.page.getByTestId('round')).toHaveAttribute('data-index', '0');
      expect(await ownPlace(second.page)).toEqual(before);
    }
    if (index < QUESTIONS - 1) await page.getByTestId('next').click();
  }
  // After the last question: its right answer, the podium announced; the host shows it.
  await expect(first.page.locator('[data-testid^="option-"][data-state="right"]')).toHaveCount(1);
  await expect(first.page.getByTestId('podium-next')).toBeVisible();
  await first.page.screenshot({ path: testInfo.outputPath('challenge-last-round.png') });
  // On a phone the host's button stays in view below the long scoreboard.
  await page.setViewportSize({ width: 360, height: 640 });
  await expect(page.getByTestId('show-podium')).toBeInViewport();
  await expect(page.getByTestId('end')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('challenge-host-last-round-phone.png') });
  await page.getByTestId('show-podium').click();

  // The podium for everyone, each with their own place.
  for (const s of everyone) {
    await expect(s.page.getByTestId('over-title')).toHaveText('Game over!');
    await expect(s.page.getByTestId('podium').locator('li')).toHaveCount(3);
    await expect(s.page.getByTestId('own-place')).toHaveText(/^You finished with rank [1-4] and \d+ marks\.$/);
  }
  // Each page read its place off the final counts: 1 + the players with more marks (equal marks share a rank).
  const places = (await Promise.all(everyone.map((s) => ownPlace(s.page)))).map((p) => ({
    rank: Number(p.rank),
    score: Number(p.score),
  }));
  for (const p of places) expect(p.rank).toBe(1 + places.filter((o) => o.score > p.score).length);
  expect(places.some((p) => p.rank === 1)).toBe(true);
  await first.page.screenshot({ path: testInfo.outputPath('challenge-podium.png') });

  // Each player's game is a challenge record on their dashboard, with the accuracy of their answers.
  for (const s of everyone) {
    await expect
      .poll(async () => {
        const res = await s.page.request.get(`/api/v1/students/${s.id}/dashboard`);
        const body = (await res.json()) as {
          recentlyPlayed: { activities: { kind: string; accuracy: number | null }[] }[];
        };
        return body.recentlyPlayed.flatMap((g) => g.activities).find((a) => a.kind === 'challenge') ?? null;
      })
      .toMatchObject({ kind: 'challenge', accuracy: expect.any(Number) });
  }
  await first.page.goto('/dashboard');
  await expect(first.page.getByTestId('recently-played').getByTestId('recent-kind').first()).toHaveText('Challenge');
});
