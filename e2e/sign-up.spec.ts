import { expect as baseExpect, type Page } from '@playwright/test';
import { lastOtp, onAppClock, requestOtp, signInWithCode, test, typeOtp } from './support';

// A sign-up, a dashboard and the plans page's chunk on a shared two-core machine: more than 10 s at times.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The demo school where families pay hands out this sign-up code (apps/server/src/demo-data/plans-demo.ts). */
const AHMEDABAD_CODE = 'AHMD2026';
const PASSWORD = 'Kite@2026';
const CONSENT_WITHDRAWN =
  'Your parent or guardian has withdrawn their consent for this account. They can give it again from their dashboard.';

/** No sideways scrolling on the phone the journey runs on (360 px wide). */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

// Issue #27 (DPDP Act 2023 s.9): a family signs a child up with the school's code; the code texted
// to the parent's phone is the parent's verified consent. The parent later withdraws it (the child
// cannot sign in) and gives it again. A new parent's number each run: the journeys share one database.
test('a parent signs a child up with the school’s code, consents by phone, withdraws consent and gives it again', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const national = `98${String(Date.now()).slice(-8)}`;
  const mobile = `+91${national}`;
  await page.setViewportSize({ width: 360, height: 740 });

  // From the sign-in page to the school's code.
  await page.goto('/login');
  await page.getByTestId('sign-up-link').click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByTestId('signup-code').fill(AHMEDABAD_CODE.toLowerCase());
  await page.getByTestId('signup-code-continue').click();
  await expect(page.getByTestId('signup-school-name')).toContainText('Ahmedabad');
  await expect(page.getByTestId('signup-school-city')).toHaveText('Ahmedabad');
  await expect(page.getByTestId('signup-families-pay')).toHaveText(
    'After signing up, you choose a plan for your child and pay for it in the app.',
  );

  // The details: a missing answer is said on its field, and nothing is sent.
  await page.getByTestId('signup-send').click();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await expect(page.getByText('Please enter a valid mobile number')).toBeVisible();
  await expect(page.getByText('Please agree as the child’s parent or guardian')).toBeVisible();
  await page.getByTestId('parent-name').fill('Meera');
  await page.getByTestId('parent-mobile').fill(national);
  // An answer edited loses its error.
  await expect(page.getByText('Please enter a valid mobile number')).toHaveCount(0);
  await page.getByTestId('child-first-name').fill('Anaya');
  await page.getByTestId('child-last-name').fill('Shah');
  await expect(page.getByTestId('child-board')).toHaveValue(/^\d+$/);
  await page.getByTestId('child-grade').selectOption({ label: 'VI' });
  await expect(page.getByTestId('child-language')).toHaveValue('en');
  await page.getByTestId('child-password').fill(PASSWORD);
  await page.getByTestId('child-password-repeat').fill(PASSWORD);
  await expect(page.getByTestId('consent-version')).toHaveText('Consent text 2026-11');
  await page.getByRole('checkbox', { name: 'I am this child’s parent or legal guardian and I agree' }).check();
  await fitsThePhone(page);
  await page.screenshot({ path: testInfo.outputPath('sign-up-details-360.png'), fullPage: true });
  await page.getByTestId('signup-send').click();

  // The code texted to the parent's phone.
  await expect(page.getByTestId('signup-otp-sent')).toContainText(mobile);
  await expect(page.getByTestId('signup-countdown')).toContainText('Resend OTP in');
  const otp = await lastOtp(page, national);
  await page.getByTestId('signup-otp').locator('input').first().click();
  await page.keyboard.type(otp);
  await page.getByTestId('signup-verify').click();

  // Done: the child's 14-digit code, in fours, also texted to the parent.
  await expect(page.getByTestId('signup-title')).toHaveText('Account made for Anaya Shah');
  const shown = page.getByTestId('signup-login-code');
  await expect(shown).toHaveText(/^\d{4} \d{4} \d{4} \d{2}$/);
  const loginCode = (await shown.textContent())!.replace(/\s/g, '');
  const texted = await page.request.get(`/api/v1/dev/sms-outbox?mobile=${national}`);
  expect(((await texted.json()) as { message: string }).message).toContain(loginCode);
  await fitsThePhone(page);
  await page.screenshot({ path: testInfo.outputPath('sign-up-done-360.png'), fullPage: true });
  // Signed in already, and a family-paid school's child without a plan starts at the plans.
  await page.getByTestId('signup-continue').click();
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByTestId('plans-status')).toHaveText('Choose a plan to start learning.');

  // The parent, on their own phone: signed in with a code, the child's dashboard, withdraw.
  const parentContext = await onAppClock(await browser.newContext());
  const parent = await parentContext.newPage();
  await parent.goto('/login');
  await requestOtp(parent, national);
  await typeOtp(parent, await lastOtp(parent, national));
  await parent.getByTestId('verify').click();
  await expect(parent).toHaveURL(/\/parent\/dashboard$/);
  await expect(parent.getByTestId('child-name')).toHaveText('Anaya Shah');
  const consent = parent.getByTestId('data-rights').getByTestId('parental-consent');
  await expect(consent.getByTestId('consent-given')).toHaveText(
    /^Given by Meera \(.+\) on \d{2} \w{3} \d{4} — consent text 2026-11$/,
  );
  await consent.getByTestId('withdraw-consent').click();
  const confirm = parent.getByRole('dialog', { name: 'Withdraw your consent?' });
  await expect(confirm).toContainText('Anaya Shah will be signed out at once and cannot sign in or play');
  await confirm.getByTestId('withdraw-consent-confirm').click();
  await expect(consent.getByTestId('consent-withdrawn')).toContainText(
    /^Withdrawn on .+\. Anaya Shah cannot sign in or play\./,
  );
  await expect(consent.getByTestId('withdraw-consent')).toHaveCount(0);

  // The child's device: signed out; the code and password are refused with the parent's reason.
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await signInWithCode(page, loginCode, PASSWORD);
  await expect(page.getByTestId('password-error')).toHaveText(CONSENT_WITHDRAWN);

  // The parent gives consent again (the text, then the box), and the child signs in.
  await consent.getByTestId('give-consent').click();
  const give = parent.getByRole('dialog', { name: 'Give your consent again' });
  await expect(give.getByTestId('consent-version')).toHaveText('Consent text 2026-11');
  await give.getByTestId('give-consent-send').click();
  await expect(give.getByText('Please tick the box to agree.')).toBeVisible();
  await give.getByRole('checkbox', { name: 'I am this child’s parent or legal guardian and I agree' }).check();
  await give.getByTestId('give-consent-send').click();
  await expect(consent.getByTestId('consent-withdrawn')).toHaveCount(0);
  await expect(consent.getByTestId('withdraw-consent')).toBeVisible();
  await parentContext.close();

  await page.getByTestId('password').fill(PASSWORD);
  await page.getByTestId('signin-code').click();
  await expect(page).toHaveURL(/\/plans$/);
});
