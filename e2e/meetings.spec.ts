import { expect as baseExpect, type Browser, type Locator, type Page } from '@playwright/test';
import { FAKE_MEDIA, mediaContexts } from './fake-media';
import { appNow, DEMO, signInWithCode, staffSignIn, test } from './support';

/**
 * A staff meeting of three (issue #25): the demo teacher schedules it with two colleagues, who see it
 * appear in their Meetings list without reloading; all three join /meeting/{id} from browser contexts
 * of their own, with Chromium's fake camera and microphone, and media flows between every two; one
 * reloads and joins again, and media flows to and from them again; a cancelled meeting leaves a
 * colleague's list live.
 */
test.use(FAKE_MEDIA);

// Three browsers and six WebRTC connections on a shared machine: allow a while.
const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENSHOTS = process.env.MEETING_SCREENSHOTS;

const newContext = mediaContexts();

interface Person {
  page: Page;
  id: number;
  name: string;
}

async function whoIs(page: Page): Promise<Person> {
  const { user } = (await (await page.request.get('/api/v1/me')).json()) as {
    user: { id: number; firstName: string; lastName: string };
  };
  return { page, id: user.id, name: `${user.firstName} ${user.lastName}` };
}

/** A member of staff signed in in a browser context of their own, with the camera and microphone allowed. */
async function staffIn(browser: Browser, mobile: string): Promise<Person> {
  const page = await (await newContext(browser)).newPage();
  await staffSignIn(page, mobile);
  return whoIs(page);
}

const meetingRow = (page: Page, title: string) => page.getByTestId('meeting-row').filter({ hasText: title });

/** Joins from the page of the meeting: the Join button asks for the camera and microphone. */
async function join(page: Page) {
  const meeting = page.getByTestId('meeting-page');
  await meeting.getByTestId('meeting-join').click();
  await expect(meeting).toHaveAttribute('data-phase', 'joined');
}

const received = async (tile: Locator) => Number((await tile.getAttribute('data-bytes-received')) ?? 0);

/**
 * The page shows the two others' video, and media keeps arriving from each (the page reads every
 * connection's getStats each second into its tile). Returns the peers' ids.
 */
async function mediaFromBoth(page: Page): Promise<string[]> {
  await expect(page.getByTestId('meeting-tile')).toHaveCount(2);
  await expect(page.getByTestId('meeting-remote-video')).toHaveCount(2);
  const peers = await page
    .getByTestId('meeting-tile')
    .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-peer') ?? ''));
  for (const peer of peers) {
    const tile = page.locator(`[data-testid="meeting-tile"][data-peer="${peer}"]`);
    await expect(tile).toHaveAttribute('data-state', 'connected');
    await expect.poll(() => received(tile)).toBeGreaterThan(0);
    const before = await received(tile);
    await expect.poll(() => received(tile)).toBeGreaterThan(before + 10_000);
  }
  return peers;
}

test('three colleagues meet: scheduled live into the others’ lists, media between every two, a reload rejoins, a cancelled meeting goes', async ({
  page,
  browser,
}) => {
  await staffSignIn(page, DEMO.teacher);
  const organiser = await whoIs(page);
  const [colleague, principal] = await Promise.all([
    staffIn(browser, DEMO.subjectTeacher),
    staffIn(browser, DEMO.principal),
  ]);
  const title = `Term planning ${Date.now() % 100_000}`;
  for (const { page: p } of [colleague, principal]) await p.goto('/chat?tab=meetings');
  await page.goto('/chat?tab=meetings');

  // Refused on the device without a title and without people, in the spec's words; then scheduled
  // (the form starts at the next five minutes, open to join at once).
  await page.getByTestId('schedule-meeting').click();
  const dialog = page.getByRole('dialog', { name: 'Schedule meeting' });
  await dialog.getByTestId('meeting-schedule').click();
  await expect(dialog.getByText('Meeting title required!')).toBeVisible();
  await expect(dialog.getByText('You must select some people!')).toBeVisible();
  await dialog.getByTestId('meeting-title').fill(title);
  for (const { name } of [colleague, principal]) {
    await dialog.getByTestId('people-search').fill(name);
    await dialog.getByTestId('person-option').filter({ hasText: name }).locator('input').check();
  }
  await dialog.getByTestId('meeting-schedule').click();
  await expect(page.getByText('Meeting scheduled.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The two others see it arrive without reloading, open to join.
  for (const { page: p } of [colleague, principal]) {
    await expect(meetingRow(p, title)).toBeVisible();
    await expect(meetingRow(p, title).getByTestId('meeting-people')).toContainText(organiser.name);
  }
  if (SCREENSHOTS) {
    await colleague.page.setViewportSize({ width: 360, height: 740 });
    await colleague.page.screenshot({ path: `${SCREENSHOTS}/meetings-list-360.png`, fullPage: true });
  }

  // All three join from their lists.
  for (const { page: p } of [organiser, colleague, principal]) {
    const row = meetingRow(p, title);
    await row.getByTestId('meeting-join').click();
    await expect(p).toHaveURL(/\/meeting\/[0-9a-f-]{36}$/);
    await join(p);
  }
  const [, , principalPeers] = await Promise.all([
    mediaFromBoth(page),
    mediaFromBoth(colleague.page),
    mediaFromBoth(principal.page),
  ]);
  expect(principalPeers).toHaveLength(2);
  if (SCREENSHOTS) {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: `${SCREENSHOTS}/meetings-page-360.png`, fullPage: true });
  }

  // The principal reloads and joins again, as a new peer: the others drop the old tile and see the new one.
  const [organiserBefore, colleagueBefore] = await Promise.all([
    page.getByTestId('meeting-tile').evaluateAll((ts) => ts.map((t) => t.getAttribute('data-peer'))),
    colleague.page.getByTestId('meeting-tile').evaluateAll((ts) => ts.map((t) => t.getAttribute('data-peer'))),
  ]);
  await principal.page.reload();
  await join(principal.page);
  const [organiserAfter, colleagueAfter] = await Promise.all([
    mediaFromBoth(page),
    mediaFromBoth(colleague.page),
    mediaFromBoth(principal.page),
  ]);
  expect(organiserAfter.filter((p) => !organiserBefore.includes(p))).toHaveLength(1);
  expect(colleagueAfter.filter((p) => !colleagueBefore.includes(p))).toHaveLength(1);

  // A second meeting, later today: the organiser cancels it and it leaves the colleague's list live.
  const later = `Parents’ evening ${Date.now() % 100_000}`;
  const scheduled = await page.request.post('/api/v1/chat/meetings', {
    data: {
      title: later,
      startsAt: new Date(appNow() + 3 * 3600_000).toISOString(),
      durationMinutes: 30,
      userIds: [colleague.id],
    },
  });
  expect(scheduled.status()).toBe(201);
  await colleague.page.goto('/chat?tab=meetings');
  await expect(meetingRow(colleague.page, later).getByTestId('meeting-opens')).toContainText('Opens at');
  await page.goto('/chat?tab=meetings');
  await meetingRow(page, later).getByTestId('meeting-cancel').click();
  await page.getByTestId('meeting-cancel-confirm').click();
  await expect(page.getByText('Meeting cancelled.')).toBeVisible();
  await expect(meetingRow(colleague.page, later)).toHaveCount(0);
  await expect(meetingRow(colleague.page, title)).toBeVisible();
});

test('a student who opens a meeting’s page is told and sent to /concepts, and the meetings API refuses them', async ({
  page,
}) => {
  await page.goto('/login');
  await signInWithCode(page);
  await expect(page).toHaveURL(/\/concepts$/);
  await page.goto('/meeting/6f1c1f50-3c1e-4d55-9a53-2f3f7d4c2a10');
  await expect(
    page.getByText('You are not authorize for this page, Therefore redirecting to concept page'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/concepts$/);
  expect((await page.request.get('/api/v1/chat/meetings')).status()).toBe(403);
});
