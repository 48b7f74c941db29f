import { readFileSync } from 'node:fs';
import { expect as baseExpect, type Cookie, type Page } from '@playwright/test';
import { lastOtp, requestOtp, signInWithCode, test, typeOtp } from './support';

// Journeys on a shared two-core machine: screens may take longer than the default 10 s to arrive.
const expect = baseExpect.configure({ timeout: 30_000 });

interface Catalogue {
  [key: string]: string | Catalogue;
}
/** One of the app's own texts ('footer.privacy' of ta/common), so the journeys do not repeat their wording. */
function text(language: string, namespace: string, key: string): string {
  const catalogue = JSON.parse(
    readFileSync(new URL(`../apps/web/src/locales/${language}/${namespace}.json`, import.meta.url), 'utf8'),
  ) as Catalogue;
  const value = key
    .split('.')
    .reduce<string | Catalogue | undefined>((at, part) => (typeof at === 'object' ? at[part] : undefined), catalogue);
  if (typeof value !== 'string') throw new Error(`no text ${language}/${namespace}:${key}`);
  return value;
}

const PARENT = '9000000009';
/**
 * Grade VII students of the demo chain's Chennai school, which offers English and Tamil: one per
 * journey, as sign-in codes sent to one number are limited per hour.
 */
const CHENNAI_STUDENTS = { install360: '8002000006', install412: '8002000018', footer: '8002000030' } as const;
const PHONES = [
  { width: 360, height: 640 },
  { width: 412, height: 915 },
];
const DESKTOP = { width: 1280, height: 800 };
const ISLAND = '/science/exploring-substances-acidic-basic-and-neutral/topics';

async function otpSignIn(page: Page, mobile: string) {
  await page.goto('/login');
  await requestOtp(page, mobile);
  await typeOtp(page, await lastOtp(page, mobile));
  await page.getByTestId('verify').click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** Signs the Chennai student in and makes Tamil their language (saved on the server, as the header does). */
async function tamilStudent(page: Page, mobile: string) {
  await otpSignIn(page, mobile);
  await expect(page).toHaveURL(/\/concepts$/);
  expect((await page.request.put('/api/v1/me/language', { data: { language: 'ta' } })).ok()).toBe(true);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
}

/** What Chromium fires when the app can be installed (access-and-app-shell.md 2.7a). */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {},
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  });

/** The element's box lies inside the screen's width, and its text is not cut (no ellipsis, no clamp). */
async function expectWhollyShown(page: Page, selector: string) {
  const problems = await page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((el) => {
      const r = el.getBoundingClientRect();
      const out: string[] = [];
      if (r.left < 0 || r.right > window.innerWidth + 0.5)
        out.push(`${el.textContent}: x ${r.left}-${r.right} of ${window.innerWidth}`);
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        out.push(`${el.textContent}: cut`);
      return out;
    }),
  );
  expect(problems).toEqual([]);
}

test.describe('a parent', () => {
  /**
   * One sign-in for both journeys: a number gets a code every 30 s and 5 an hour, and the student
   * dashboard's journeys sign this parent in too.
   */
  let session: Cookie[] = [];
  async function asParent(page: Page) {
    if (session.length === 0) {
      await otpSignIn(page, PARENT);
      session = await page.context().cookies();
    } else {
      await page.context().addCookies(session);
      await page.goto('/');
    }
    await expect(page).toHaveURL(/\/parent\/dashboard$/);
  }

  test('typed links to learner and staff pages open the children’s dashboards and say why', async ({ page }) => {
    test.setTimeout(300_000);
    await asParent(page);
    await expect(page.getByTestId('parent-redirect-note')).toHaveCount(0);
    // The learner's home, the learning path, bookmarks, leader board, and staff pages.
    for (const path of [
      '/concepts',
      '/maths/chapters',
      ISLAND,
      '/bookmarks',
      '/leaderboard',
      '/student-detail?studentId=194',
      '/reports',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/parent\/dashboard$/);
      await expect(page.getByTestId('parent-redirect-note'), path).toHaveText(
        text('en', 'student', 'parent.notForParents'),
      );
      await expect(page.getByTestId('child-name')).toBeVisible();
    }
    // The note can be put away; the parent's own profile stays theirs.
    await page.getByTestId('parent-redirect-note').getByRole('button').click();
    await expect(page.getByTestId('parent-redirect-note')).toHaveCount(0);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/profile$/);
    // The school calendar is theirs too (their children's classes' events).
    await page.goto('/calendar');
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByTestId('parent-redirect-note')).toHaveCount(0);
  });

  test('the menus offer only what a parent can use', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await asParent(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Calendar']);
    await page.getByTestId('profile-menu').click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Calendar', 'Log out']);
  });
});

test.describe('the shell on phones', () => {
  test('the install offer comes over the bottom edge without moving the page, and never over a game being played', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 700 });
    await page.goto('/login');
    await signInWithCode(page);
    const title = page.getByTestId('concepts-title');
    await expect(page.getByTestId('subject-science')).toBeVisible();
    const before = await title.boundingBox();
    await offerInstall(page);
    const banner = page.getByTestId('install-banner');
    await expect(banner).toBeVisible();
    // The page under the reader's finger stays where it was (no layout shift); the offer sits at the bottom.
    expect(await title.boundingBox()).toEqual(before);
    const box = (await banner.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(700 - 40);

    const bundle = (await (await page.request.get('/api/v1/learn/subjects/science/bundle')).json()) as {
      chapters: { slug: string; topics: { slug: string }[] }[];
    };
    const chapter = bundle.chapters[0]!;
    await page.goto(`/science/${chapter.slug}/${chapter.topics[0]!.slug}/play`);
    await expect(page.getByTestId('question-counter')).toHaveText('Question 1 of 10');
    await offerInstall(page);
    await expect(page.getByTestId('install-banner')).toBeAttached();
    await expect(page.getByTestId('install-banner')).toBeHidden();
  });

  for (const size of PHONES) {
    test(`the install banner and its close button fit at ${size.width} px, in English and Tamil`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await page.goto('/login');
      await signInWithCode(page);
      await expect(page.getByTestId('concepts-title')).toBeVisible();
      await offerInstall(page);
      await expect(page.getByTestId('install-banner')).toBeVisible();
      await expectWhollyShown(page, '[data-testid=install-banner] button');
      await page.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByTestId('install-banner')).toBeHidden();

      await page.context().clearCookies();
      await page.evaluate(() => sessionStorage.clear());
      await tamilStudent(page, size.width === 360 ? CHENNAI_STUDENTS.install360 : CHENNAI_STUDENTS.install412);
      await offerInstall(page);
      await expect(page.getByTestId('install-banner')).toBeVisible();
      await expectWhollyShown(page, '[data-testid=install-banner] button');
      await page.getByRole('button', { name: text('ta', 'common', 'install.close') }).click();
      await expect(page.getByTestId('install-banner')).toBeHidden();
    });
  }

  test('the footer is at the end of the page, whole in Tamil, with the privacy policy; on a desktop it stays in view', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONES[0]!);
    await tamilStudent(page, CHENNAI_STUDENTS.footer);
    // The home's cards keep within the page, and each badge within its card, with Tamil's long words.
    await expect(page.getByTestId('home-coins')).toBeVisible();
    const outside = await page.locator('.ki-home').evaluate((home) => {
      const page = home.getBoundingClientRect();
      return Array.from(home.querySelectorAll('.ki-card')).flatMap((card) => {
        const box = card.getBoundingClientRect();
        const out = box.right > page.right + 0.5 ? [`card ${card.textContent}`] : [];
        for (const badge of Array.from(card.querySelectorAll('.ki-badge')))
          if (badge.getBoundingClientRect().right > box.right - 1) out.push(`badge ${badge.textContent}`);
        return out;
      });
    });
    expect(outside).toEqual([]);
    const footer = page.locator('footer.ki-footer');
    // Not over the page: the last subject card ends above it, and the footer comes after the page's end.
    expect(await footer.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    const main = (await page.locator('main').boundingBox())!;
    const foot = (await footer.boundingBox())!;
    expect(foot.y).toBeGreaterThanOrEqual(main.y + main.height - 1);
    await footer.scrollIntoViewIfNeeded();
    await expectWhollyShown(page, 'footer.ki-footer > *');
    await page.screenshot({ path: testInfo.outputPath('footer-ta-360.png'), fullPage: true });
    await footer.getByRole('link', { name: text('ta', 'common', 'footer.privacy') }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(text('ta', 'privacy', 'title'));

    await page.setViewportSize(DESKTOP);
    await page.goto('/concepts');
    await expect(page.getByTestId('concepts-title')).toBeVisible();
    expect(await footer.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await expectWhollyShown(page, 'footer.ki-footer > *');
  });
});

test.describe('the privacy policy', () => {
  test('is linked from the sign-in pages and readable signed out, in every language', async ({ page }) => {
    for (const signIn of ['/login', '/teacher/login']) {
      await page.goto(signIn);
      await page.getByTestId('signin-footer').getByRole('link', { name: 'Privacy policy' }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText('Privacy policy');
    }
    // What it covers: the data, who sees it, erasure, and whom to ask.
    for (const section of ['data', 'who', 'erasure', 'contact'])
      await expect(page.getByRole('heading', { name: text('en', 'privacy', `${section}.title`) })).toBeVisible();
    await page.getByTestId('language-select').selectOption('ta');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(text('ta', 'privacy', 'title'));
    await expect(page).toHaveTitle(`${text('ta', 'pages', 'privacy')} | ${text('ta', 'common', 'app.name')}`);
  });
});

test.describe('the learner’s shell', () => {
  test('the header menu has profile, bookmarks and the leader board; the sub-navigation Learn, Practice, Live Classes', async ({
    page,
  }) => {
    await page.setViewportSize(PHONES[0]!);
    await page.goto('/login');
    await signInWithCode(page);
    await expect(page.getByTestId('concepts-title')).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Learn, practise, live classes' });
    await expect(tabs.getByRole('link', { name: 'Learn' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Practice' })).toHaveAttribute('href', '/assessment');
    // Aarav's school has the liveclasses product: the tab leads to his live classes.
    await expect(tabs.getByRole('link', { name: 'Live Class' })).toHaveAttribute('href', '/live-classes');
    await expect(tabs.getByText('Coming soon')).toHaveCount(0);
    await expectWhollyShown(page, 'nav.ki-tabs > *');

    await page.getByTestId('profile-menu').click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Bookmarks', 'Leaderboard', /Calendar/, 'Log out']);
    await menu.getByRole('menuitem', { name: 'Leaderboard' }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Bookmarks' }).click();
    await expect(page).toHaveURL(/\/bookmarks$/);
  });

  test('every page load starts the worker that loads the browser’s date and number data, which the page’s policy allows and which then ends', async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    // It formats one of each kind and closes itself: no worker stays behind on a phone. (Its close is
    // listened for the moment it starts, as it may end before the next line runs.)
    let closed: Promise<unknown> | undefined;
    const started = page.waitForEvent('worker', (worker) => {
      if (!/\/assets\/intl-warm-up\.worker-[\w-]+\.js$/.test(worker.url())) return false;
      closed = new Promise((resolve) => worker.once('close', resolve));
      return true;
    });
    await page.goto('/login');
    await started;
    await closed;
    await expect(page.getByTestId('code')).toBeVisible();
    expect(refused).toEqual([]);
  });

  test('tab titles are the page’s name in the user’s language', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign in | Knowledge Islands');
    await signInWithCode(page);
    await expect(page.getByTestId('concepts-title')).toBeVisible();
    await expect(page).toHaveTitle('Learn | Knowledge Islands');
    await page.goto('/treasurecontent/science/exploring-substances-acidic-basic-and-neutral');
    await expect(page).toHaveTitle('Treasure | Knowledge Islands');
    await page.goto(ISLAND);
    await expect(page).toHaveTitle('Island | Knowledge Islands');
    const hiName = text('hi', 'common', 'app.name');
    try {
      await page.getByTestId('language-select').selectOption('hi');
      await expect(page).toHaveTitle(`${text('hi', 'pages', 'island')} | ${hiName}`);
      await page.goto('/bookmarks');
      await expect(page).toHaveTitle(`${text('hi', 'pages', 'bookmarks')} | ${hiName}`);
      // A path the app does not know keeps the spec's rule: the capitalised path.
      await page.goto('/no-such-place');
      await expect(page).toHaveTitle(`No such place | ${hiName}`);
    } finally {
      // Aarav's language is saved on the server: the other journeys read him in English.
      await page.request.put('/api/v1/me/language', { data: { language: 'en' } });
    }
  });
});

test.describe('the island map', () => {
  for (const size of [PHONES[0]!, DESKTOP]) {
    test(`labels are whole and the path does not cross them at ${size.width} px`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await page.goto('/login');
      await signInWithCode(page);
      await expect(page.getByTestId('concepts-title')).toBeVisible();
      await page.goto(ISLAND);
      const map = page.getByTestId('island-map');
      await expect(map.getByTestId('stop-treasure')).toBeVisible();
      await expect(map.getByText('Indicators: Litmus, Turmeric and Flower Extracts')).toBeVisible();
      const labels = '[data-testid=island-map] [data-testid^="stop-"] + *';
      await expectWhollyShown(page, labels);
      const crossings = await page.evaluate(() => {
        const root = document.querySelector('[data-testid=island-map]')!;
        const mapBox = root.getBoundingClientRect();
        const path = root.querySelector<SVGPathElement>('svg path[stroke-dasharray]')!;
        const ctm = path.getScreenCTM()!;
        const boxes = Array.from(root.querySelectorAll('[data-testid^="stop-"] + *'), (el) => ({
          text: el.textContent,
          r: el.getBoundingClientRect(),
        }));
        const out: string[] = [];
        for (const { text, r } of boxes) {
          if (r.left < mapBox.left - 0.5 || r.right > mapBox.right + 0.5) out.push(`${text}: outside the map`);
        }
        const length = path.getTotalLength();
        for (let d = 0; d <= length; d += 2) {
          const p = path.getPointAtLength(d);
          const x = ctm.a * p.x + ctm.c * p.y + ctm.e;
          const y = ctm.b * p.x + ctm.d * p.y + ctm.f;
          for (const { text, r } of boxes) {
            // The path's dots are 6 units wide: half of that around the point.
            if (x > r.left - 3 && x < r.right + 3 && y > r.top - 3 && y < r.bottom + 3)
              out.push(`${text} at ${Math.round(x)},${Math.round(y)}`);
          }
        }
        return [...new Set(out)];
      });
      expect(crossings).toEqual([]);
      await map.screenshot({ path: testInfo.outputPath(`island-${size.width}.png`) });
    });
  }
});
