import { expect as baseExpect, type Page } from '@playwright/test';
import { DEMO, signInWithCode, test } from './support';

// Sign-in, the plans page's chunk and the checkout's script on a shared machine: more than 10 s at times.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Students of the plans journeys (apps/server/src/demo-data/plans-demo.ts), at the school where
 * families pay: Kabir never had a plan, Diya's ended two weeks ago. Aarav's school pays.
 */
const KABIR = '20260000000018';
const DIYA = '20260000000019';

// The spec's texts (access-and-app-shell.md 8), as the contract has them.
const CARD_SCRIPT_FAILED = 'Unable to load the card payment provider script. Please contact support team.';
const WALLET_SCRIPT_FAILED = 'Unable to load the wallet payment script.';

async function signInToPlans(page: Page, code: string) {
  await page.goto('/login');
  await signInWithCode(page, code);
  // The start-up check (access-and-app-shell.md 4.7): no running plan, so /plans, not the home.
  await expect(page).toHaveURL(/\/plans$/);
}

/** Chooses a plan and a payment method, then Proceed to pay. */
async function proceed(page: Page, code: string, method: 'upi' | 'card' | 'wallet' | 'netbanking') {
  if (!new URL(page.url()).searchParams.get('plan')) await page.getByTestId(`plan-choose-${code}`).click();
  await expect(page).toHaveURL(new RegExp(`/plans\\?plan=${code}$`));
  await page.getByTestId(`payment-method-${method}`).click();
  await page.getByTestId('payment-proceed').click();
}

const planOf = async (page: Page) =>
  (await (await page.request.get('/api/v1/me')).json()).plan as { status: string; endsAt: string | null };

test('a student who never had a plan lands on /plans, pays for three months by UPI, learns, and finds the receipt', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInToPlans(page, KABIR);
  await expect(page.getByTestId('plans-status')).toHaveText('Choose a plan to start learning.');
  await expect(page.getByTestId('plan-card-quarter')).toContainText('Three months');
  const { plans } = (await (await page.request.get('/api/v1/plans')).json()) as {
    plans: { code: string; pricePaise: number }[];
  };
  const quarterPrice = `₹${plans.find((p) => p.code === 'quarter')!.pricePaise / 100}`;
  await expect(page.getByTestId('plan-card-quarter').getByTestId('plan-price')).toHaveText(quarterPrice);

  // A subject's address leads back to the plans: nothing to learn without one.
  await page.goto('/science/chapters');
  await expect(page).toHaveURL(/\/plans$/);

  await proceed(page, 'quarter', 'upi');
  const checkout = page.getByTestId('local-checkout');
  await expect(checkout).toBeVisible();
  await expect(checkout).toContainText('by upi');
  const verified = page.waitForResponse((r) => /\/api\/v1\/plans\/orders\/[^/]+\/verify$/.test(r.url()));
  await checkout.getByTestId('local-checkout-pay').click();
  expect((await verified).status()).toBe(200);
  await expect(page.getByText(/^Payment received\. Your plan runs until \d{1,2} \w{3} \d{4}\.$/)).toBeVisible();
  await expect(page).toHaveURL(/\/concepts$/);
  expect((await planOf(page)).status).toBe('active');

  // A subject opens now.
  await page.getByTestId('subject-science').click();
  await expect(page).toHaveURL(/\/science\/chapters$/);
  await expect(page.getByTestId('chapters-title')).toBeVisible();
  await expect(page.getByTestId('chapter-card').first()).toBeVisible();

  // The profile lists the payment.
  await page.goto('/profile');
  const section = page.getByTestId('profile-plan');
  await expect(section.getByTestId('profile-plan-access')).toHaveText(/^Your plan runs until .+\.$/);
  await expect(section.getByTestId('receipt')).toHaveCount(1);
  await expect(section.getByTestId('receipt')).toContainText('Three months');
  await expect(section.getByTestId('receipt')).toContainText(quarterPrice);
  await expect(section.getByTestId('receipt')).toContainText('UPI');

  // And the plans say until when, with the plans to renew early.
  await page.goto('/plans');
  await expect(page.getByTestId('plans-status')).toHaveText(/^Your plan runs until \d{1,2} \w{3} \d{4}\.$/);
  await expect(page.getByTestId('plans-renew')).toBeVisible();
});

test('a failed payment and a closed checkout cost nothing and leave the plan as it was', async ({ page }) => {
  test.setTimeout(180_000);
  await signInToPlans(page, DIYA);
  await expect(page.getByTestId('plans-status')).toHaveText(
    /^Your plan ended on \d{1,2} \w{3} \d{4}\. Choose a plan to keep learning\.$/,
  );

  await proceed(page, 'quarter', 'upi');
  await page.getByTestId('local-checkout').getByTestId('local-checkout-fail').click();
  await expect(page.getByTestId('payment-notice')).toHaveText(
    'The payment did not go through. You have not been charged. Please try again.',
  );
  await expect(page).toHaveURL(/\/plans\?plan=quarter$/);
  // A reload keeps the plan chosen, and the plans (no plan runs).
  await page.reload();
  await expect(page).toHaveURL(/\/plans\?plan=quarter$/);
  await expect(page.getByTestId('payment-step')).toBeVisible();

  await proceed(page, 'quarter', 'upi');
  await page.getByTestId('local-checkout').getByTestId('local-checkout-close').click();
  await expect(page.getByTestId('payment-notice')).toHaveText('Payment cancelled. You have not been charged.');
  await expect(page.getByTestId('local-checkout')).toHaveCount(0);
  expect((await planOf(page)).status).toBe('none');
  // Still no way to the learner pages.
  await page.goto('/concepts');
  await expect(page).toHaveURL(/\/plans$/);
});

test('a checkout script that cannot load says so in the spec’s words, for a card and for a wallet', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.route('**/payments/local/checkout.js', (route) => route.abort());
  await signInToPlans(page, DIYA);
  await proceed(page, 'quarter', 'card');
  await expect(page.getByTestId('payment-notice')).toHaveText(CARD_SCRIPT_FAILED);
  await proceed(page, 'quarter', 'wallet');
  await expect(page.getByTestId('payment-notice')).toHaveText(WALLET_SCRIPT_FAILED);
  expect((await planOf(page)).status).toBe('none');
});

test('a student whose school pays never sees Subscribe, and /plans says the school pays', async ({ page }) => {
  await page.goto('/login');
  await signInWithCode(page, DEMO.studentCode);
  await expect(page).toHaveURL(/\/concepts$/);
  await page.getByTestId('profile-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(page.getByTestId('menu-subscribe')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/plans');
  await expect(page.getByTestId('plans-status')).toHaveText('Your school pays for your plan. There is nothing to pay.');
  await expect(page.locator('[data-testid^="plan-card-"]')).toHaveCount(0);
  await page.getByTestId('plans-home').click();
  await expect(page).toHaveURL(/\/concepts$/);
});

test('on a 360 px phone the plan cards are whole, one under another, with no sideways scrolling', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signInToPlans(page, DIYA);
  const cards = page.locator('[data-testid^="plan-card-"]');
  await expect(cards.first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const boxes = await cards.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top };
    }),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(1);
  for (const box of boxes) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(360);
  }
  // One column: each card below the one before.
  for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.top).toBeGreaterThan(boxes[i - 1]!.top);
  await page.screenshot({ path: testInfo.outputPath('plans-360.png'), fullPage: true });

  // The payment step fits too.
  await page.getByTestId(`plan-choose-quarter`).click();
  await expect(page.getByTestId('payment-proceed')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('plans-payment-360.png'), fullPage: true });
});
