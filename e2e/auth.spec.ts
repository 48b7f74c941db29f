import { expect } from '@playwright/test';
import { DEMO, lastOtp, requestOtp, signInWithCode, staffSignIn, test, typeOtp } from './support';

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

  test('a student opening a teacher route is told and sent to /concepts; unknown subjects go to /nocontent', async ({ page }) => {
    await page.goto('/login');
    await signInWithCode(page);
    await expect(page).toHaveURL(/\/concepts$/);
    await page.goto('/reports');
    await expect(page.getByText('You are not authorize for this page, Therefore redirecting to concept page')).toBeVisible();
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
