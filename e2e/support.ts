import { expect, type Page } from '@playwright/test';

/** Demo accounts of the generated chain (apps/server/src/db/demo-data/generate.ts). */
export const DEMO = {
  password: 'Learn@2026',
  superadmin: '9000000001',
  principal: '9000000002',
  multiSchoolPrincipal: '9000000003',
  teacher: '9000000004',
  student: '9000000010',
  studentCode: '20260000000010',
  newStudent: '9000000011',
  contentEditor: '9000000007',
  contentApprover: '9000000008',
} as const;

/** The last code the development SMS outbox holds for a number. */
export async function lastOtp(page: Page, mobile: string): Promise<string> {
  const res = await page.request.get(`/api/v1/dev/sms-outbox?mobile=${mobile}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).code as string;
}

export async function requestOtp(page: Page, mobile: string) {
  await page.getByTestId('mobile').fill(mobile);
  await page.getByTestId('proceed').click();
  await expect(page.getByTestId('otp')).toBeVisible();
}

export async function typeOtp(page: Page, code: string) {
  await page.getByTestId('otp').locator('input').first().click();
  await page.keyboard.type(code);
}

export async function signInWithCode(page: Page, code: string = DEMO.studentCode, password: string = DEMO.password) {
  await page.getByTestId('code').fill(code);
  await page.getByTestId('join').click();
  await page.getByTestId('password').fill(password);
  await page.getByTestId('signin-code').click();
}

/** Staff sign-in; with the demo password it also waits until the app has signed in. */
export async function staffSignIn(page: Page, mobile: string, password: string = DEMO.password) {
  await page.goto('/teacher/login');
  await page.getByTestId('staff-mobile').fill(mobile);
  await page.getByTestId('staff-password').fill(password);
  await page.getByTestId('staff-login').click();
  if (password === DEMO.password) {
    // Signed in once the app has left the sign-in page: a navigation before that would cancel the
    // sign-in request on a slow machine.
    await expect(page).not.toHaveURL(/\/teacher\/login/, { timeout: 30_000 });
  }
}
