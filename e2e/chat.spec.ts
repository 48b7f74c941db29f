import { expect as baseExpect, type BrowserContext } from '@playwright/test';
import { DEMO, onAppClock, signInWithCode, staffSignIn, test } from './support';

// Two browsers and a socket each on a shared machine: a live message may take a few seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Contexts this file opens besides Playwright's own: closed after the test so none outlives it. */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

/** A group's name, told apart on a repeated run (`--repeat-each`), which finds the earlier runs' groups. */
const named = (name: string) =>
  test.info().repeatEachIndex > 0 ? `${name} #${test.info().repeatEachIndex + 1}` : name;

test('two teachers of the chain chat in a new group: validation, live messages both ways, the unread badge', async ({
  page,
  browser,
}) => {
  const GROUP = named('Grade 8 science team');
  // Teacher A here; teacher B (the chain's science teacher) in a browser of their own.
  await staffSignIn(page, DEMO.teacher);
  const other = await onAppClock(await browser.newContext());
  opened.push(other);
  const b = await other.newPage();
  await staffSignIn(b, DEMO.subjectTeacher);
  const meB = (await (await b.request.get('/api/v1/me')).json()) as { user: { firstName: string; lastName: string } };
  const nameB = `${meB.user.firstName} ${meB.user.lastName}`;

  // A creates a group: refused without a name, then without people (access-and-app-shell.md 5).
  await page.goto('/chat');
  await page.getByTestId('new-group').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('group-create').click();
  await expect(dialog.getByText('Group name required!')).toBeVisible();
  await dialog.getByTestId('group-name').fill(GROUP);
  await dialog.getByTestId('group-create').click();
  await expect(dialog.getByTestId('people-error')).toHaveText('You must select some people!');
  await dialog.getByTestId('people-search').fill(meB.user.firstName);
  await dialog.getByTestId('person-option').filter({ hasText: nameB }).getByRole('checkbox').check();
  await dialog.getByTestId('group-create').click();
  await expect(page.getByText('New group created.')).toBeVisible();
  await expect(page).toHaveURL(/\/chat\?room=\d+$/);
  await expect(page.getByTestId('room-title')).toHaveText(GROUP);
  await expect(page.getByTestId('room-people')).toHaveText('2 people');

  // B is on the rooms list: the new group appears there without a reload. The demo chain's own
  // conversations may already hold unread messages for B: the badge counts on from those.
  await b.goto('/chat');
  const rowB = b.getByTestId('room-row').filter({ hasText: GROUP });
  await expect(rowB).toBeVisible();
  const before = ((await (await b.request.get('/api/v1/chat/unread')).json()) as { total: number }).total;
  const badgeB = b.getByTestId('chat-nav-badge');
  if (before > 0) await expect(badgeB).toHaveAttribute('data-count', String(before));
  else await expect(badgeB).toHaveCount(0);

  // A writes; B sees it arrive live, with one unread in the row and in the navigation.
  await page.getByTestId('composer').fill('The lab is free on Friday at 10.');
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: 'The lab is free on Friday at 10.' })).toBeVisible();
  await expect(page.getByTestId('message-pending')).toHaveCount(0);
  await expect(rowB.getByTestId('room-preview')).toContainText('The lab is free on Friday at 10.');
  await expect(rowB.getByTestId('room-unread')).toHaveText('1');
  await expect(badgeB).toHaveAttribute('data-count', String(before + 1));

  // B opens the room: the message is there, and the counts clear.
  await rowB.getByTestId('room-open').click();
  await expect(b.getByTestId('room-title')).toHaveText(GROUP);
  const fromA = b.getByTestId('message').filter({ hasText: 'The lab is free on Friday at 10.' });
  await expect(fromA).toBeVisible();
  await expect(fromA.getByTestId('message-sender')).not.toHaveText(nameB);
  if (before > 0) await expect(badgeB).toHaveAttribute('data-count', String(before));
  else await expect(badgeB).toHaveCount(0);
  await expect(rowB.getByTestId('room-unread')).toHaveCount(0);

  // B replies (Shift+Enter is a new line in the same message); A sees it live in the open room.
  await b.getByTestId('composer').fill('Booked.');
  await b.getByTestId('composer').press('Shift+Enter');
  await b.getByTestId('composer').pressSequentially('Bring the class 8B sheets.');
  await b.getByTestId('composer').press('Enter');
  const reply = page.getByTestId('message').filter({ hasText: 'Bring the class 8B sheets.' });
  await expect(reply).toBeVisible();
  await expect(reply.getByTestId('message-sender')).toHaveText(nameB);
  await expect(reply.getByTestId('message-text')).toHaveText('Booked.\nBring the class 8B sheets.');
  // A has the room open and on screen: the reply is read at once, the server's count for it stays 0.
  await expect
    .poll(async () => {
      const { rooms } = (await (await page.request.get('/api/v1/chat/rooms')).json()) as {
        rooms: { name: string; unread: number }[];
      };
      return rooms.find((r) => r.name === GROUP)?.unread;
    })
    .toBe(0);
});

test('a student who types /chat is told and sent to /concepts, and the chat API refuses them', async ({ page }) => {
  await page.goto('/login');
  await signInWithCode(page);
  await expect(page).toHaveURL(/\/concepts$/);
  await page.goto('/chat');
  await expect(
    page.getByText('You are not authorize for this page, Therefore redirecting to concept page'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/concepts$/);
  await expect(page.getByTestId('chat-nav-badge')).toHaveCount(0);
  expect((await page.request.get('/api/v1/chat/rooms')).status()).toBe(403);
});

test('the route table’s room pages open the room in chat: /room/{id} and /home/{id}; /home is the rooms list', async ({
  page,
}) => {
  await staffSignIn(page, DEMO.teacher);
  const { rooms } = (await (await page.request.get('/api/v1/chat/rooms')).json()) as {
    rooms: { id: number; name: string }[];
  };
  const staffroom = rooms.find((r) => r.name === 'Grade 6-8 teachers')!;
  for (const old of [`/room/${staffroom.id}`, `/home/${staffroom.id}`]) {
    await page.goto(old);
    await expect(page).toHaveURL(new RegExp(`/chat\\?room=${staffroom.id}$`));
    await expect(page.getByTestId('room-title')).toHaveText('Grade 6-8 teachers');
  }
  await page.goto('/home');
  await expect(page).toHaveURL(/\/chat$/);
});

test('three staff in three browsers: a group message reaches both others live, and a reply reaches both back', async ({
  page,
  browser,
}) => {
  await staffSignIn(page, DEMO.teacher);
  const people = [];
  for (const mobile of [DEMO.subjectTeacher, DEMO.mathsScienceTeacher]) {
    const context = await onAppClock(await browser.newContext());
    opened.push(context);
    const other = await context.newPage();
    await staffSignIn(other, mobile);
    const me = (await (await other.request.get('/api/v1/me')).json()) as { user: { id: number } };
    people.push({ page: other, id: me.user.id });
  }
  const [b, c] = people as [(typeof people)[number], (typeof people)[number]];
  const name = named('Grade 7 PTM planning');
  const created = await page.request.post('/api/v1/chat/groups', { data: { name, memberIds: [b.id, c.id] } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/chat?room=${id}`);
  await expect(page.getByTestId('room-people')).toHaveText('3 people');
  for (const p of [b.page, c.page]) await p.goto('/chat');
  const rowOf = (p: typeof page) => p.getByTestId('room-row').filter({ hasText: name });

  await page.getByTestId('composer').fill('PTM slots: 9:30 to 12:30 on Saturday.');
  await page.getByTestId('composer').press('Enter');
  for (const p of [b.page, c.page]) {
    await expect(rowOf(p).getByTestId('room-preview')).toContainText('PTM slots: 9:30 to 12:30 on Saturday.');
    await expect(rowOf(p).getByTestId('room-unread')).toHaveText('1');
  }

  await rowOf(c.page).getByTestId('room-open').click();
  await expect(c.page.getByTestId('message').filter({ hasText: 'PTM slots' })).toBeVisible();
  await expect(rowOf(c.page).getByTestId('room-unread')).toHaveCount(0);
  await c.page.getByTestId('composer').fill('I will take the 7B parents.');
  await c.page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: 'I will take the 7B parents.' })).toBeVisible();
  await expect(rowOf(b.page).getByTestId('room-preview')).toContainText('I will take the 7B parents.');
  await expect(rowOf(b.page).getByTestId('room-unread')).toHaveText('2');
});
