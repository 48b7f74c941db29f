import { expect as baseExpect, type Browser, type Page } from '@playwright/test';
import { FAKE_MEDIA, mediaContexts } from './fake-media';
import { DEMO, staffSignIn, test } from './support';

/**
 * One-to-one calls between two teachers of the demo chain, each in a browser context of their own,
 * with Chromium's fake camera and microphone (a test pattern and a tone) and their permission given.
 */
test.use(FAKE_MEDIA);

// Two browsers, a socket each and a WebRTC connection on a shared machine: allow a few seconds.
const expect = baseExpect.configure({ timeout: 20_000 });
const SCREENSHOTS = process.env.CALL_SCREENSHOTS;

const newContext = mediaContexts();

interface Me {
  user: { id: number; firstName: string; lastName: string };
}
const whoIs = async (page: Page) => ((await (await page.request.get('/api/v1/me')).json()) as Me).user;

/** Teacher A signed in on `page`, the chain's science teacher B in a context of their own, and their one-to-one room. */
async function twoTeachers(page: Page, browser: Browser) {
  await staffSignIn(page, DEMO.teacher);
  const context = await newContext(browser);
  const b = await context.newPage();
  await staffSignIn(b, DEMO.subjectTeacher);
  const [userA, userB] = await Promise.all([whoIs(page), whoIs(b)]);
  const created = await page.request.post('/api/v1/chat/rooms/direct', { data: { userId: userB.id } });
  expect(created.ok()).toBe(true);
  const roomId = ((await created.json()) as { id: number }).id;
  return {
    b,
    context,
    roomId,
    nameA: `${userA.firstName} ${userA.lastName}`,
    nameB: `${userB.firstName} ${userB.lastName}`,
    idB: userB.id,
  };
}

/** Whether the server counts B online, as A's room detail says. */
async function onlineInRoom(page: Page, roomId: number, userId: number): Promise<boolean> {
  const detail = (await (await page.request.get(`/api/v1/chat/rooms/${roomId}`)).json()) as {
    members: { id: number; online: boolean }[];
  };
  return detail.members.find((m) => m.id === userId)?.online ?? false;
}

/** Bytes of media the page's call has received so far (the call screen reads its peer connection's stats every second). */
const bytesReceived = async (page: Page) =>
  Number((await page.getByTestId('call-screen').getAttribute('data-bytes-received')) ?? 0);

test('a teacher video-calls a colleague, who answers from another page: both connect, media flows both ways, hang-up ends it for both', async ({
  page,
  browser,
}) => {
  const { b, roomId, nameA, nameB, idB } = await twoTeachers(page, browser);
  // B stays on the page they landed on (not chat): the call rings anywhere in the staff app.
  await expect(b).not.toHaveURL(/\/chat/);
  await expect.poll(() => onlineInRoom(page, roomId, idB)).toBe(true);

  await page.goto(`/chat?room=${roomId}`);
  const call = page.getByRole('button', { name: `Video call with ${nameB}` });
  await expect(call).toBeVisible();
  await expect(call).not.toHaveAttribute('aria-disabled', 'true');
  if (SCREENSHOTS) {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: `${SCREENSHOTS}/room-header-360.png` });
  }
  await call.click();
  const screenA = page.getByTestId('call-screen');
  await expect(page.getByRole('dialog', { name: `Call with ${nameB}` })).toBeVisible();
  await expect(page.getByTestId('call-status')).toHaveText(`Calling ${nameB}…`);

  // B's tab rings: a real dialog with the caller's name and the kind of call.
  const ringing = b.getByRole('dialog', { name: 'Incoming video call' });
  await expect(ringing).toContainText(`${nameA} is calling you`);
  if (SCREENSHOTS) {
    await b.setViewportSize({ width: 360, height: 740 });
    await b.screenshot({ path: `${SCREENSHOTS}/incoming-call-360.png` });
  }
  await ringing.getByRole('button', { name: 'Accept' }).click();

  const screenB = b.getByTestId('call-screen');
  await expect(screenA).toHaveAttribute('data-phase', 'connected');
  await expect(screenB).toHaveAttribute('data-phase', 'connected');
  await expect(page.getByTestId('call-status')).toHaveText(/^Call time \d+:\d\d$/);

  // Media flows: each side's received bytes keep growing (the fake camera's frames and the tone).
  for (const side of [page, b]) {
    await expect.poll(() => bytesReceived(side)).toBeGreaterThan(0);
    const before = await bytesReceived(side);
    await expect.poll(() => bytesReceived(side)).toBeGreaterThan(before + 10_000);
  }
  await expect(page.getByTestId('call-remote-video')).toBeVisible();
  await expect(b.getByTestId('call-remote-video')).toBeVisible();
  await expect(b.getByRole('button', { name: 'Mute microphone' })).toBeVisible();
  if (SCREENSHOTS) await b.screenshot({ path: `${SCREENSHOTS}/connected-call-360.png` });

  // A hangs up: the call is over on both sides, each with its own words.
  await page.getByRole('button', { name: 'Hang up' }).click();
  await expect(page.getByTestId('call-status')).toHaveText('Call ended.');
  await expect(b.getByTestId('call-status')).toHaveText(`${nameA} left the call.`);
  await expect(screenB).toHaveAttribute('data-reason', 'left');
  await b.getByRole('button', { name: 'Close' }).click();
  await expect(screenB).toHaveCount(0);
});

test('a call goes on through a dropped connection: the other side waits, the side that dropped comes back by itself, media flows on', async ({
  page,
  browser,
}) => {
  const { b, roomId, nameB, idB } = await twoTeachers(page, browser);
  // B's socket passes through a route the test can cut: while `blocked`, a new connection is closed at once.
  let blocked = false;
  let live: { page: { close(): Promise<void> }; server: { close(): Promise<void> } } | null = null;
  await b.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (blocked) {
      void ws.close();
      return;
    }
    const server = ws.connectToServer();
    live = { page: ws, server };
  });
  await b.reload();
  await expect.poll(() => live !== null).toBe(true);
  await expect.poll(() => onlineInRoom(page, roomId, idB)).toBe(true);

  await page.goto(`/chat?room=${roomId}`);
  await page.getByRole('button', { name: `Video call with ${nameB}` }).click();
  await b.getByRole('dialog', { name: 'Incoming video call' }).getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByTestId('call-screen')).toHaveAttribute('data-phase', 'connected');
  await expect(b.getByTestId('call-screen')).toHaveAttribute('data-phase', 'connected');
  await expect.poll(() => bytesReceived(page)).toBeGreaterThan(0);

  // B's connection to the server drops and cannot come back for now.
  blocked = true;
  const cut = live!;
  await cut.page.close();
  await expect(b.getByTestId('call-status')).toHaveText('Connection lost. Reconnecting…');
  // The server hears of it when the connection closes: after the close handshake the websocket
  // library waits up to 30 s for the other end to close its TCP connection, which the test's route may not do.
  await expect(page.getByTestId('call-status')).toHaveText(`${nameB}’s connection dropped. Waiting for them…`, {
    timeout: 45_000,
  });
  // The media does not need the server: it keeps arriving on A's side meanwhile.
  const during = await bytesReceived(page);
  await expect.poll(() => bytesReceived(page)).toBeGreaterThan(during + 10_000);

  // The network is back: B's page reconnects by itself and takes its place; the call goes on for both.
  blocked = false;
  await expect(b.getByTestId('call-status')).toHaveText(/^Call time \d+:\d\d$/);
  await expect(page.getByTestId('call-status')).toHaveText(/^Call time \d+:\d\d$/);
  for (const side of [page, b]) {
    const before = await bytesReceived(side);
    await expect.poll(() => bytesReceived(side)).toBeGreaterThan(before + 10_000);
  }
  await page.getByRole('button', { name: 'Hang up' }).click();
  await expect(page.getByTestId('call-status')).toHaveText('Call ended.');
  await expect(b.getByTestId('call-screen')).toHaveAttribute('data-reason', 'left');
});

test('calling a colleague who has just left shows the server’s refusal in the spec’s words', async ({
  page,
  browser,
}) => {
  // The button goes disabled as soon as presence says B left; to reach the server's own answer (the
  // case of stale presence), A's tab is kept from hearing presence changes: its socket's
  // chat:presence frames are dropped on the way in. Everything else passes through.
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (typeof message === 'string' && message.includes('"chat:presence"')) return;
      ws.send(message);
    });
  });
  const { context, roomId, nameB, idB } = await twoTeachers(page, browser);
  await expect.poll(() => onlineInRoom(page, roomId, idB)).toBe(true);
  await page.goto(`/chat?room=${roomId}`);
  const call = page.getByRole('button', { name: `Voice call with ${nameB}` });
  await expect(call).not.toHaveAttribute('aria-disabled', 'true');

  // B closes their browser: the server counts them offline; A's page still shows them online. The
  // server hears of it when B's connection closes: at once when the browser closes it, at worst once
  // the websocket library has waited its 30 s for the connection to close after B's close frame (one
  // CI run in many), then the 3 s presence batch.
  await context.close();
  await expect.poll(() => onlineInRoom(page, roomId, idB), { timeout: 45_000 }).toBe(false);
  await expect(call).not.toHaveAttribute('aria-disabled', 'true');
  await call.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Can’t call user because user is offline' })).toBeVisible();
  await expect(page.getByTestId('call-screen')).toHaveAttribute('data-reason', 'offline');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('call-screen')).toHaveCount(0);

  // Once presence reaches the page (a reload asks again), the buttons say B is offline.
  await page.reload();
  await expect(page.getByRole('button', { name: `Voice call with ${nameB}` })).toHaveAttribute('aria-disabled', 'true');
});
