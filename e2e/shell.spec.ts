import { expect } from '@playwright/test';
import { DEMO, signInWithCode, test } from './support';

test.describe('app shell', () => {
  test('renders, switches language and theme, and keeps both after a reload', async ({ page }) => {
    await page.goto('/');
    // '/' needs a signed-in user: a visitor lands on the student sign-in.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('app-name')).toHaveText('Knowledge Islands');
    await expect(page.getByTestId('login-title')).toHaveText('Mobile sign in');
    await expect(page).toHaveTitle('Sign in | Knowledge Islands');
    await expect(page.getByTestId('signin-footer')).toContainText('Version 0.1.0');

    await page.getByTestId('language-select').selectOption('hi');
    await expect(page.getByTestId('login-title')).toHaveText('मोबाइल से साइन इन करें');
    await expect(page.getByTestId('app-name')).toHaveText('नॉलेज आइलैंड्स');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('light');
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.reload();
    await expect(page.getByTestId('login-title')).toHaveText('मोबाइल से साइन इन करें');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('the profile menu opens on a tap made before its code has arrived', async ({ page }) => {
    // The menu's code loads after the first paint; on a slow network the tap comes first.
    let delayed = 0;
    await page.route(/profile-menu-panel-[^/]*\.js$/, async (route) => {
      delayed += 1;
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.continue();
    });
    await page.goto('/login');
    await signInWithCode(page);
    await expect(page).toHaveURL(/\/concepts$/);
    await page.getByTestId('profile-menu').click();
    await expect(page.getByTestId('logout')).toBeVisible({ timeout: 15_000 });
    expect(delayed).toBe(1);
  });

  test('a toast shown before the toast code has arrived appears when it does', async ({ page }) => {
    // The toast container (and Mantine with it) is not in the first load: it loads on the first toast.
    let delayed = 0;
    await page.route(/\/toasts-[^/]*\.js$/, async (route) => {
      delayed += 1;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue().catch(() => undefined); // the page may have gone meanwhile
    });
    // Signed in through the API, so the staff route is this tab's first page: no earlier page can
    // have loaded the toast code while it was idle (on a busy machine that raced the count).
    const signIn = await page.request.post('/api/v1/auth/code', {
      data: { code: DEMO.studentCode, password: DEMO.password },
    });
    expect(signIn.ok()).toBe(true);
    await page.goto('/reports');
    await expect(page).toHaveURL(/\/concepts$/);
    await expect(
      page.getByText('You are not authorize for this page, Therefore redirecting to concept page'),
    ).toBeVisible({
      timeout: 15_000,
    });
    expect(delayed).toBe(1);
  });

  test('the theme chosen in the plain shell is the one the Mantine pages draw with', async ({ page }) => {
    await page.goto('/login');
    await signInWithCode(page);
    await expect(page.getByTestId('concepts-title')).toBeVisible();
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // The chapters page is Mantine's, with a provider of its own: it keeps the choice and draws dark.
    await page.getByTestId('subject-science').click();
    await expect(page.getByTestId('chapter-card').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const background = await page
      .getByTestId('chapter-card')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    // Back in the plain shell, the toggle still offers the light theme.
    await page.goBack();
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('ki.theme'))).toBe('light');
  });

  test('offers to install the app when the browser does, on one line, until it is dismissed', async ({ page }) => {
    await page.goto('/login');
    await signInWithCode(page);
    await expect(page.getByTestId('concepts-title')).toBeVisible();
    // What Chromium fires when the app can be installed (access-and-app-shell.md 2.7a).
    const offer = () =>
      page.evaluate(() => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => {},
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(event);
      });
    await offer();
    const banner = page.getByTestId('install-banner');
    await expect(banner).toBeVisible();
    const text = await banner
      .getByText(/install/i)
      .first()
      .boundingBox();
    const action = await banner.getByRole('button').first().boundingBox();
    expect(Math.abs(text!.y + text!.height / 2 - (action!.y + action!.height / 2))).toBeLessThan(12);
    await banner.getByRole('button', { name: /close/i }).click();
    await expect(banner).toBeHidden();
    await offer();
    await expect(banner).toBeHidden();
  });

  test('treats an unknown stored theme as light', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('ki.theme', 'purple'));
    await page.goto('/login');
    await expect(page.getByTestId('app-name')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('shows the not-found page with the capitalised path as title', async ({ page }) => {
    await page.goto('/no-such-place/here');
    await expect(page.getByTestId('not-found-text')).toHaveText(
      'The page you are looking for was moved, removed or might never existed.',
    );
    await expect(page).toHaveTitle('No such place | Knowledge Islands');
    await page.getByRole('link', { name: 'Go home' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('app shell on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('the navigation is a drawer: keyboard focus never lands off the screen, and the menu opens and closes', async ({
    page,
  }) => {
    await page.goto('/login');
    await signInWithCode(page);
    await expect(page).toHaveURL(/\/concepts$/);
    await expect(page.getByTestId('concepts-title')).toBeVisible();
    // Tab through the header and on: every focused element is on the screen.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      const offScreen = await page.evaluate(() => {
        const box = document.activeElement?.getBoundingClientRect();
        return box ? box.right <= 0 || box.left >= window.innerWidth : false;
      });
      expect(offScreen, `tab stop ${i + 1} is off the screen`).toBe(false);
    }
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const bookmarks = page.getByRole('navigation').getByRole('link', { name: 'Bookmark' });
    await expect(bookmarks).toBeInViewport();
    await bookmarks.click();
    await expect(page).toHaveURL(/\/bookmarks$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    // Escape closes the open drawer and the focus goes back to the menu button.
    await menu.click();
    await expect(bookmarks).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(bookmarks).toHaveCount(0);
    await expect(menu).toBeFocused();
  });
});
