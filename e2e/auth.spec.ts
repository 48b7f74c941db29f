import { expect } from '@playwright/test';
import { appNow, DEMO, lastOtp, requestOtp, signInWithCode, staffSignIn, test, typeOtp } from './support';

test.describe('sign-in and guards', () => {
  test('a new student signs in with OTP, picks language, board and grade, and reaches /concepts', async ({ page }) => {
    await page.goto('/login');
    await requestOtp(page, DEMO.newStudent);
    await expect(page.getByTestId('countdown')).toContainText('Resend OTP in');
    await typeOtp(page, await lastOtp(page, DEMO.newStudent));
    await page.getByTestId('verify').click();

    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByTestId('picker-title')).toHaveText('Select Language');
    await page.getByTestId('picker-proceed').click();
    await expect(page.getByTestId('picker-error')).toHaveText('Please select Language');
    await page.getByTestId('choice-en').click();
    await page.getByTestId('picker-proceed').click();
    // The school teaches one board: it is chosen without asking. Then the grade, in Roman numerals.
    await expect(page.getByTestId('picker-title')).toHaveText('Select Grade');
    await expect(page.getByTestId('choice-7')).toHaveText('VII');
    await page.getByTestId('choice-7').click();
    await page.getByTestId('picker-proceed').click();

    await expect(page).toHaveURL(/\/concepts$/);
    await expect(page.getByTestId('concepts-title')).toContainText('Isha');
    await expect(page.getByTestId('subject-science')).toBeVisible();
  });

  test('the phone rules load after the first paint: India first, then every country', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('country')).toHaveValue('IN');
    await expect.poll(() => page.getByTestId('country').locator('option').count()).toBeGreaterThan(200);
    // A number of another country is checked against that country's rules.
    await page.getByTestId('country').selectOption('US');
    await page.getByTestId('mobile').fill('12345678');
    await page.getByTestId('proceed').click();
    await expect(page.getByText('please enter valid mobile number')).toBeVisible();
  });

  test('a wrong OTP says "Incorrect OTP" and clears the field', async ({ page }) => {
    await page.goto('/student/login');
    await requestOtp(page, DEMO.student);
    const right = await lastOtp(page, DEMO.student);
    // Screen readers hear each box by its place, not Mantine's default name "PinInput".
    await expect(page.getByRole('textbox', { name: 'One-time code, digit 1 of 4' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'One-time code, digit 4 of 4' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'PinInput' })).toHaveCount(0);
    await typeOtp(page, right === '0000' ? '1111' : '0000');
    await page.getByTestId('verify').click();
    await expect(page.getByTestId('otp-error')).toHaveText('Incorrect OTP');
    await expect(page.getByTestId('otp').locator('input').first()).toHaveValue('');
    await typeOtp(page, right);
    await page.getByTestId('verify').click();
    await expect(page).toHaveURL(/\/concepts$/);
  });

  test('a student joins with the 14-digit code and password', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('code').fill('123');
    await page.getByTestId('join').click();
    await expect(page.getByText('please enter valid 14 digit code')).toBeVisible();
    await signInWithCode(page);
    await expect(page).toHaveURL(/\/concepts$/);
    await expect(page.getByTestId('concepts-title')).toContainText('Aarav');
  });

  test('a number pasted with its country code is read by the phone rules', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/login');
    await expect.poll(() => page.getByTestId('country').locator('option').count()).toBeGreaterThan(200);
    // No code is sent: the number the page would send is what this test is about.
    const sent: string[] = [];
    await page.route('**/api/v1/auth/otp', async (route) => {
      sent.push((route.request().postDataJSON() as { mobile: string }).mobile);
      await route.fulfill({
        json: { challengeId: crypto.randomUUID(), length: 4, expiresInSeconds: 300, resendAfterSeconds: 30 },
      });
    });
    const paste = async (testId: string, text: string) => {
      await page.getByTestId(testId).fill('');
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await page.getByTestId(testId).focus();
      await page.keyboard.press('ControlOrMeta+V');
    };

    for (const pasted of ['+91 90000 00010', '+919000000010']) {
      await page.getByTestId('country').selectOption('US');
      await paste('mobile', pasted);
      await expect(page.getByTestId('mobile')).toHaveValue('9000000010');
      await expect(page.getByTestId('country')).toHaveValue('IN');
      await page.getByTestId('proceed').click();
      await expect(page.getByTestId('otp')).toBeVisible();
      await page.getByRole('button', { name: 'Change number' }).click();
    }
    expect(sent).toEqual(['+919000000010', '+919000000010']);
  });

  test('the phone field takes at most 14 digits; a code pasted with spaces keeps all 14', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/login');
    // access-and-app-shell.md 5: phone maximum length 14.
    await page.getByTestId('mobile').pressSequentially('1234567890123456');
    await expect(page.getByTestId('mobile')).toHaveValue('12345678901234');
    await page.evaluate(() => navigator.clipboard.writeText('2026 0000 0000 10'));
    await page.getByTestId('code').focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(page.getByTestId('code')).toHaveValue(DEMO.studentCode);
  });

  test('a wrong password after a code says the password is wrong, not the OTP', async ({ page }) => {
    await page.goto('/login');
    await signInWithCode(page, DEMO.studentCode, 'not-the-password');
    await expect(page.getByTestId('password-error')).toHaveText(
      'Incorrect password. Check the code above and your password, then try again.',
    );
    await expect(page.getByTestId('password')).toHaveValue('');
    await page.getByTestId('signin-code').click();
    await expect(page.getByTestId('password-error')).toHaveText('Please enter your password');
    // The right password signs in (and clears the count of wrong ones).
    await page.getByTestId('password').fill(DEMO.password);
    await page.getByTestId('signin-code').click();
    await expect(page).toHaveURL(/\/concepts$/);
  });

  test('a throttled sign-in says when to try again, and its button waits until then', async ({ page }) => {
    await page.clock.install({ time: appNow() });
    // The server's answer after too many wrong passwords (auth.service.ts, tryAgainAt).
    await page.route('**/api/v1/auth/code', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '900' },
        json: {
          code: 'RATE_LIMITED',
          message: 'Too many failed sign-ins from this device. Please try again in 15 minutes.',
          details: { retryAfterSeconds: 900 },
        },
      }),
    );
    await page.goto('/login');
    await signInWithCode(page, DEMO.studentCode, 'a-guess');
    await expect(page.getByTestId('password-error')).toHaveText('Too many tries. Try again in 15 minutes.');
    await expect(page.getByTestId('signin-code')).toBeDisabled();
    await page.clock.runFor(5 * 60_000);
    await expect(page.getByTestId('password-error')).toHaveText('Too many tries. Try again in 10 minutes.');
    await expect(page.getByTestId('signin-code')).toBeDisabled();
    await page.clock.runFor(10 * 60_000);
    await expect(page.getByTestId('signin-code')).toBeEnabled();
    await expect(page.getByTestId('password-error')).toHaveCount(0);
  });

  test('throttled code requests and staff sign-ins say when to try again too', async ({ page }) => {
    await page.route('**/api/v1/auth/otp', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '120' },
        json: { code: 'RATE_LIMITED', message: 'Too many codes', details: { retryAfterSeconds: 120 } },
      }),
    );
    await page.goto('/login');
    await page.getByTestId('mobile').fill(DEMO.student);
    await page.getByTestId('proceed').click();
    await expect(page.getByText('Too many tries. Try again in 2 minutes.')).toBeVisible();
    await expect(page.getByTestId('proceed')).toBeDisabled();

    await page.route('**/api/v1/auth/staff', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '3600' },
        json: { code: 'RATE_LIMITED', message: 'Too many', details: { retryAfterSeconds: 3600 } },
      }),
    );
    await staffSignIn(page, DEMO.teacher, 'a-guess');
    await expect(page.getByTestId('staff-error')).toHaveText('Too many tries. Try again in 1 hour.');
    await expect(page.getByTestId('staff-login')).toBeDisabled();
  });

  test('staff land by role: principal on /dashboard, super-admin chooses schools first', async ({ page }) => {
    await staffSignIn(page, DEMO.principal, 'wrong-password');
    await expect(page.getByTestId('staff-error')).toHaveText('Incorrect Username or Password !!');
    await staffSignIn(page, DEMO.principal);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-schools')).toContainText('Gyan Jyoti Public School, Pune');

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await expect(page.getByText('Do you want to Logout?')).toBeVisible();
    await page.getByTestId('logout-yes').click();
    await expect(page).toHaveURL(/\/teacher\/login$/);
    await expect(page.getByText(/User .+ logged out!/)).toBeVisible();

    await staffSignIn(page, DEMO.superadmin);
    await expect(page).toHaveURL(/\/select-school$/);
    await expect(page.getByTestId('school-proceed')).toBeDisabled();
    await page.getByTestId('select-all').click();
    await expect(page.getByTestId('school-proceed')).toBeEnabled();
    await page.getByTestId('school-proceed').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-schools')).toContainText('Ahmedabad');
  });

  test('a signed-out visitor returns to the page they asked for after signing in', async ({ page }) => {
    await page.goto('/science/chapters');
    await expect(page).toHaveURL(/\/login$/);
    await signInWithCode(page);
    await expect(page).toHaveURL(/\/science\/chapters$/);
    await expect(page.getByTestId('chapter-card').first()).toBeVisible();
  });

  test('a student opening a teacher route is told and sent to /concepts; unknown subjects go to /nocontent', async ({
    page,
  }) => {
    await page.goto('/login');
    await signInWithCode(page);
    await expect(page).toHaveURL(/\/concepts$/);
    await page.goto('/reports');
    await expect(
      page.getByText('You are not authorize for this page, Therefore redirecting to concept page'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/concepts$/);
    await page.goto('/astrology/chapters');
    await expect(page).toHaveURL(/\/nocontent$/);
    // The API refuses the same thing: the guard is only a convenience.
    const schools = await page.request.get('/api/v1/me/schools');
    expect(schools.status()).toBe(403);
  });

  test('logging out in one tab signs the other tab out too', async ({ context }) => {
    const first = await context.newPage();
    await first.goto('/login');
    await signInWithCode(first);
    await expect(first).toHaveURL(/\/concepts$/);
    const second = await context.newPage();
    await second.goto('/concepts');
    await expect(second.getByTestId('concepts-title')).toBeVisible();

    await first.getByTestId('profile-menu').click();
    await first.getByTestId('logout').click();
    await first.getByTestId('logout-yes').click();
    await expect(first).toHaveURL(/\/login$/);
    await expect(second).toHaveURL(/\/login$/);
    // The session is gone on the server too.
    expect((await second.request.get('/api/v1/me')).status()).toBe(401);
  });

  test('the app shell opens with the network offline after one visit', async ({ page, context }) => {
    await page.goto('/login');
    await expect(page.getByTestId('login-title')).toBeVisible();
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.state;
    });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('login-title')).toHaveText('Mobile sign in');
    await page.getByTestId('mobile').fill(DEMO.student);
    await page.getByTestId('proceed').click();
    await expect(page.getByText('You are offline').first()).toBeVisible();
    await context.setOffline(false);
  });
});
