import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './env';

/**
 * How far the app's clock (the server's, started at E2E_NOW) is ahead of this machine's: read once
 * from the server's health answer, so pages and test code use the server's dates, not today's.
 */
let clockOffsetMs: number | undefined;

/** The app's "now" in test code (records built by a test, "minutes ago"): never the wall clock. */
export function appNow(): number {
  if (clockOffsetMs === undefined)
    throw new Error('appNow() before the app clock fixture ran: import test from ./support');
  return Date.now() + clockOffsetMs;
}

/** Runs a page's Date at the app's clock, from the first script on (timers stay real). */
function shiftDate(offsetMs: number) {
  const Native = Date;
  if ('kiShifted' in Native) return;
  function Shifted(this: unknown, ...args: unknown[]) {
    if (!new.target) return new Native(Native.now() + offsetMs).toString();
    if (args.length === 0) return new Native(Native.now() + offsetMs);
    return new (Native as unknown as new (...a: unknown[]) => Date)(...args);
  }
  Object.setPrototypeOf(Shifted, Native);
  Shifted.prototype = Native.prototype;
  Object.defineProperty(Shifted, 'now', { value: () => Native.now() + offsetMs });
  Object.defineProperty(Shifted, 'kiShifted', { value: true });
  globalThis.Date = Shifted as unknown as DateConstructor;
}

/** Puts a context opened by hand (browser.newContext) on the app's clock, as the fixtures do for `page`. */
export async function onAppClock(context: BrowserContext): Promise<BrowserContext> {
  appNow();
  await context.addInitScript(shiftDate, clockOffsetMs!);
  return context;
}

/** Playwright's test, with every page on the app's clock. Every spec imports this one. */
export const test = base.extend<object, { appClock: number }>({
  appClock: [
    // Playwright reads a fixture's dependencies from its destructuring: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const res = await fetch(`${E2E_BASE_URL}/api/v1/health`);
      const { time } = (await res.json()) as { time: string };
      clockOffsetMs = Date.parse(time) - Date.now();
      await use(clockOffsetMs);
    },
    { scope: 'worker', auto: true },
  ],
  context: async ({ context }, use) => {
    await use(await onAppClock(context));
  },
});

/** Demo accounts of the generated chain (apps/server/src/demo-data/generate.ts). */
export const DEMO = {
  password: 'Learn@2026',
  superadmin: '9000000001',
  principal: '9000000002',
  multiSchoolPrincipal: '9000000003',
  teacher: '9000000004',
  /** Science in grades 6-10: the subject summary is their dashboard. */
  subjectTeacher: '9000000005',
  /** Mathematics in grades 6 and 7, Science in grade 8. */
  mathsScienceTeacher: '9000000012',
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
