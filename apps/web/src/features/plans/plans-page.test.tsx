// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { notifications, Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CARD_SCRIPT_FAILED,
  WALLET_SCRIPT_FAILED,
  type MeResponse,
  type PaymentMethod,
  type PaymentOrder,
  type Plan,
  type PlanAccess,
  type PlansResponse,
  type Receipt,
} from '@ki/contracts';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enPlans from '../../locales/en/plans.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import type { RazorpayConstructor, RazorpayFailure, RazorpayOptions } from './checkout-script';
import { PlansPage } from './plans-page';

// The plans' strings come with their code in the app (strings.ts); here the test gives them.
vi.mock('./strings', () => ({}));
// The app's "not on this device" part loads lazily with the whole i18n setup; here, its words only.
vi.mock('../../ui/offline-parts', () => ({
  NotOnDevice: ({ failedText }: { failedText: string }) => (
    <div role="alert" data-testid="not-on-device">
      {failedText}
    </div>
  ),
}));

vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ plans: enPlans, common: enCommon, errors: enErrors }, 'en', 'common');
});
afterEach(() => {
  cleanup();
  // The toasts' store outlives a test's render.
  notifications.clean();
  vi.unstubAllGlobals();
  delete window.Razorpay;
  checkouts.length = 0;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

const plan = (id: number, code: string, name: string, pricePaise: number, durationDays: number): Plan => ({
  id,
  code,
  name,
  pricePaise,
  currency: 'INR',
  durationDays,
  features: ['learn', 'practice', 'challenge', 'leaderboard'],
});
const PLANS = [
  plan(1, 'quarter', 'Three months', 29900, 90),
  plan(2, 'half-year', 'Six months', 49900, 182),
  plan(3, 'year', 'One year', 89900, 365),
];
const NEVER: PlanAccess = { status: 'none', endsAt: null };
const ENDED: PlanAccess = { status: 'none', endsAt: '2026-11-12T06:30:00.000Z' };
const ACTIVE: PlanAccess = { status: 'active', endsAt: '2027-02-24T06:30:00.000Z' };
const ORDER_ID = '0b7f9a56-3c1e-4b7a-9d0e-2f1a6c8e4b21';

const answer = (access: PlanAccess, extra: Partial<PlansResponse> = {}): PlansResponse => ({
  access,
  plans: access.status === 'school' ? [] : PLANS,
  provider: 'local',
  receipts: [],
  ...extra,
});

const order = (method: PaymentMethod): PaymentOrder => ({
  orderId: ORDER_ID,
  provider: 'local',
  providerOrderId: 'order_local_1',
  keyId: 'rzp_test_local',
  scriptUrl: '/api/v1/payments/local/checkout.js',
  amountPaise: 29900,
  currency: 'INR',
  method,
  planCode: 'quarter',
  planName: 'Three months',
  prefill: { name: 'Kabir Mehta', contact: '+919000000018' },
});

const receipt: Receipt = {
  orderId: ORDER_ID,
  receiptNumber: 'KI-2026-000001',
  planCode: 'quarter',
  planName: 'Three months',
  amountPaise: 29900,
  currency: 'INR',
  method: 'card',
  status: 'paid',
  paidAt: '2026-11-26T06:30:00.000Z',
  validFrom: '2026-11-26T06:30:00.000Z',
  validUntil: '2027-02-24T06:30:00.000Z',
  refundedAt: null,
  paymentId: 'pay_local_1',
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}
type Answer = { status: number; body?: unknown } | 'network';
/** Answers each request from `routes` ("POST /api/v1/plans/orders" -> body, or a function of the call). */
function stubApi(routes: Record<string, unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const route = routes[`${call.method} ${url.split('?')[0]}`];
      if (route === undefined)
        return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'none' }), { status: 404 });
      const result = typeof route === 'function' ? (route as (c: Call) => Answer)(call) : { status: 200, body: route };
      if (result === 'network') throw new TypeError('Failed to fetch');
      return new Response(result.body === undefined ? null : JSON.stringify(result.body), { status: result.status });
    }),
  );
  return calls;
}

const VERIFY = `POST /api/v1/plans/orders/${ORDER_ID}/verify`;
const OUTCOME = `POST /api/v1/plans/orders/${ORDER_ID}/outcome`;

/** A server with plans to pay for: orders are made for the method asked; outcomes are taken. */
function plansServer(access: PlanAccess, routes: Record<string, unknown> = {}, extra: Partial<PlansResponse> = {}) {
  return stubApi({
    'GET /api/v1/plans': answer(access, extra),
    'POST /api/v1/plans/orders': (call: Call) => ({
      status: 201,
      body: order((call.body as { method: PaymentMethod }).method),
    }),
    [VERIFY]: { access: ACTIVE, receipt },
    [OUTCOME]: () => ({ status: 204 }),
    ...routes,
  });
}

/** A stand-in for Razorpay's checkout: each one opened is kept, with its options and listeners. */
class FakeCheckout {
  opened = false;
  private readonly failedListeners: ((response: RazorpayFailure) => void)[] = [];
  constructor(readonly options: RazorpayOptions) {
    checkouts.push(this);
  }
  on(_event: 'payment.failed', listener: (response: RazorpayFailure) => void) {
    this.failedListeners.push(listener);
  }
  open() {
    this.opened = true;
  }
  pay() {
    this.options.handler({
      razorpay_order_id: 'order_local_1',
      razorpay_payment_id: 'pay_local_1',
      razorpay_signature: 'a'.repeat(64),
    });
  }
  fail() {
    const error = { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', reason: 'payment_failed' };
    for (const listener of this.failedListeners) listener({ error });
  }
  dismiss() {
    this.options.modal.ondismiss();
  }
}
const checkouts: FakeCheckout[] = [];
const installCheckout = () => (window.Razorpay = FakeCheckout as unknown as RazorpayConstructor);

function me(plan: PlanAccess | null): MeResponse {
  return {
    user: { id: 18, role: 'student', firstName: 'Kabir', lastName: 'Mehta', language: 'en' },
    home: '/concepts',
    abilities: { learn: true, writeRecords: true },
    plan,
  } as unknown as MeResponse;
}

function show(access: PlanAccess, path = '/plans') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], me(access));
  const router = createMemoryRouter(
    [
      { path: '/plans', element: <PlansPage /> },
      { path: '/concepts', element: <p data-testid="home">home</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { client, router };
}

const status = async () => (await screen.findByTestId('plans-status')).textContent;
const posted = (calls: Call[], key: string) => calls.filter((c) => `${c.method} ${c.url}` === key).map((c) => c.body);

/** Chooses a plan and a method on the page, then Proceed to pay. */
async function proceed(code: string, method: PaymentMethod) {
  fireEvent.click(await screen.findByTestId(`plan-choose-${code}`));
  fireEvent.click(await screen.findByTestId(`payment-method-${method}`));
  fireEvent.click(screen.getByTestId('payment-proceed'));
}

describe('/plans by the student’s access', () => {
  it('a student who never had a plan: choose one to start, three plan cards with price, length and what they give', async () => {
    plansServer(NEVER);
    show(NEVER);
    expect(await status()).toBe('Choose a plan to start learning.');
    const quarter = await screen.findByTestId('plan-card-quarter');
    expect(within(quarter).getByRole('heading').textContent).toBe('Three months');
    expect(within(quarter).getByTestId('plan-price').textContent).toBe('₹299');
    expect(quarter.textContent).toContain('3 months');
    // The shortest plan has no price a month; the longer ones do, to compare.
    expect(within(quarter).queryByTestId('plan-monthly')).toBeNull();
    expect(within(screen.getByTestId('plan-card-half-year')).getByTestId('plan-monthly').textContent).toBe(
      'About ₹83 a month',
    );
    const year = screen.getByTestId('plan-card-year');
    expect(within(year).getByRole('heading').textContent).toBe('One year');
    expect(within(year).getByTestId('plan-price').textContent).toBe('₹899');
    expect(within(year).getByTestId('plan-monthly').textContent).toBe('About ₹75 a month');
    expect(
      within(year)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Islands, revision and treasure quizzes',
      'Practice quizzes and tests',
      'Live challenges with friends',
      'The class leader board',
    ]);
    expect(within(year).getByTestId('plan-choose-year').textContent).toBe('Choose');
    expect(screen.queryByTestId('plans-renew')).toBeNull();
  });

  it('a student whose plan ended: when, and a plan to keep learning', async () => {
    plansServer(ENDED);
    show(ENDED);
    expect(await status()).toBe('Your plan ended on 12 Nov 2026. Choose a plan to keep learning.');
    expect(await screen.findByTestId('plan-card-quarter')).toBeTruthy();
  });

  it('a student with a running plan: until when, and the plans to renew early', async () => {
    plansServer(ACTIVE);
    show(ACTIVE);
    expect(await status()).toBe('Your plan runs until 24 Feb 2027.');
    expect((await screen.findByTestId('plans-renew')).textContent).toBe(
      'Renew early: the new plan starts when this one ends.',
    );
    expect(screen.getAllByTestId(/^plan-card-/)).toHaveLength(3);
  });

  it('a student whose school pays: nothing to pay, and a way home; no plans', async () => {
    plansServer({ status: 'school', endsAt: null });
    show({ status: 'school', endsAt: null });
    expect(await status()).toBe('Your school pays for your plan. There is nothing to pay.');
    expect(screen.getByTestId('plans-home').getAttribute('href')).toBe('/concepts');
    expect(screen.queryByTestId(/^plan-card-/)).toBeNull();
  });

  it('says no plan was found when none is on offer', async () => {
    plansServer(NEVER, {}, { plans: [] });
    show(NEVER);
    expect((await screen.findByTestId('plans-empty')).textContent).toBe('No plan found');
    expect(screen.queryByTestId(/^plan-card-/)).toBeNull();
  });

  it('says so when the plans cannot be loaded', async () => {
    stubApi({ 'GET /api/v1/plans': { status: 500, body: { code: 'INTERNAL', message: 'boom' } } });
    show(NEVER);
    expect((await screen.findByTestId('not-on-device')).textContent).toBe(
      'Could not load the plans. Please try again.',
    );
  });
});

describe('choosing a plan and paying', () => {
  it('keeps the plan chosen in the address; the payment step offers the four methods, the amount and Proceed to pay', async () => {
    plansServer(NEVER);
    const { router } = show(NEVER);
    fireEvent.click(await screen.findByTestId('plan-choose-quarter'));
    const step = await screen.findByTestId('payment-step');
    expect(router.state.location.search).toBe('?plan=quarter');
    expect(within(step).getByText('Choose a payment method')).toBeTruthy();
    expect(
      ['upi', 'card', 'wallet', 'netbanking'].map((m) => screen.getByTestId(`payment-method-${m}`).textContent),
    ).toEqual(['UPI', 'Card', 'Wallet', 'Net banking']);
    expect(screen.getByTestId('payment-method-upi').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('payment-amount').textContent).toBe('Amount to pay₹299');
    expect(screen.getByTestId('payment-proceed').textContent).toBe('Proceed to pay');
    // Change plan goes back to the cards, as Back would.
    fireEvent.click(screen.getByTestId('payment-back'));
    expect(await screen.findByTestId('plan-card-year')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens the payment step of the plan in the address (a reload keeps it)', async () => {
    plansServer(NEVER);
    show(NEVER, '/plans?plan=year');
    const step = await screen.findByTestId('payment-step');
    expect(within(step).getByRole('heading').textContent).toBe('One year');
    expect(screen.getByTestId('payment-amount').textContent).toBe('Amount to pay₹899');
  });

  it('says to ask the school when this server takes no payments, with nothing to press', async () => {
    plansServer(NEVER, {}, { provider: 'off' });
    show(NEVER, '/plans?plan=quarter');
    expect((await screen.findByTestId('payment-unavailable')).textContent).toBe(
      'Online payment is not available. Please ask your school.',
    );
    expect(screen.queryByTestId('payment-proceed')).toBeNull();
  });

  it('pays: the checkout opens on the order, the payment is confirmed with its three values, the plan runs, home opens', async () => {
    installCheckout();
    const calls = plansServer(NEVER);
    const { client } = show(NEVER);
    await proceed('quarter', 'card');
    await waitFor(() => expect(checkouts).toHaveLength(1));
    expect(posted(calls, 'POST /api/v1/plans/orders')).toEqual([{ planId: 1, method: 'card' }]);
    const checkout = checkouts[0]!;
    expect(checkout.opened).toBe(true);
    expect(checkout.options).toMatchObject({
      key: 'rzp_test_local',
      amount: 29900,
      currency: 'INR',
      order_id: 'order_local_1',
      name: 'Knowledge Islands',
      description: 'Three months',
      prefill: { name: 'Kabir Mehta', contact: '+919000000018', method: 'card' },
    });
    expect(screen.getByTestId('payment-progress').textContent).toBe('Finish the payment in the payment window.');

    act(() => checkout.pay());
    expect(await screen.findByText('Payment received. Your plan runs until 24 Feb 2027.')).toBeTruthy();
    expect(posted(calls, VERIFY)).toEqual([
      { providerOrderId: 'order_local_1', providerPaymentId: 'pay_local_1', signature: 'a'.repeat(64) },
    ]);
    expect(await screen.findByTestId('home')).toBeTruthy();
    // The session knows at once: the start-up check lets the learner pages open.
    expect(client.getQueryData<MeResponse>(['me'])?.plan).toEqual(ACTIVE);
    expect(posted(calls, OUTCOME)).toEqual([]);
  });

  it('a failed payment: reported, said, and the page stays for another try', async () => {
    installCheckout();
    const calls = plansServer(ENDED);
    show(ENDED);
    await proceed('quarter', 'upi');
    await waitFor(() => expect(checkouts).toHaveLength(1));
    act(() => checkouts[0]!.fail());
    expect((await screen.findByTestId('payment-notice')).textContent).toBe(
      'The payment did not go through. You have not been charged. Please try again.',
    );
    await waitFor(() => expect(posted(calls, OUTCOME)).toEqual([{ outcome: 'failed', reason: 'payment_failed' }]));
    // Razorpay then closes its window: the failure stands, nothing more is reported.
    act(() => checkouts[0]!.dismiss());
    expect(screen.getByTestId('payment-notice').textContent).toContain('did not go through');
    expect(posted(calls, OUTCOME)).toHaveLength(1);
    expect(screen.getByTestId('payment-step')).toBeTruthy();
    expect(screen.getByTestId('payment-proceed').hasAttribute('disabled')).toBe(false);

    // Another try makes another order.
    fireEvent.click(screen.getByTestId('payment-proceed'));
    await waitFor(() => expect(checkouts).toHaveLength(2));
    expect(posted(calls, 'POST /api/v1/plans/orders')).toHaveLength(2);
  });

  it('a closed checkout: reported as abandoned and said to be cancelled', async () => {
    installCheckout();
    const calls = plansServer(ENDED);
    show(ENDED);
    await proceed('year', 'netbanking');
    await waitFor(() => expect(checkouts).toHaveLength(1));
    act(() => checkouts[0]!.dismiss());
    expect((await screen.findByTestId('payment-notice')).textContent).toBe(
      'Payment cancelled. You have not been charged.',
    );
    await waitFor(() => expect(posted(calls, OUTCOME)).toEqual([{ outcome: 'abandoned' }]));
    expect(posted(calls, VERIFY)).toEqual([]);
  });

  it('makes one order however often Proceed to pay is tapped', async () => {
    installCheckout();
    const calls = plansServer(NEVER);
    show(NEVER);
    await proceed('quarter', 'upi');
    fireEvent.click(screen.getByTestId('payment-proceed'));
    fireEvent.click(screen.getByTestId('payment-proceed'));
    await waitFor(() => expect(checkouts).toHaveLength(1));
    expect(posted(calls, 'POST /api/v1/plans/orders')).toHaveLength(1);
  });

  it.each([
    ['card', CARD_SCRIPT_FAILED],
    ['upi', CARD_SCRIPT_FAILED],
    ['wallet', WALLET_SCRIPT_FAILED],
  ] as const)('the checkout script does not load, paying by %s: the spec’s text', async (method, text) => {
    const calls = plansServer(ENDED);
    show(ENDED);
    await proceed('quarter', method);
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script[src="/api/v1/payments/local/checkout.js"]');
      expect(found).toBeTruthy();
      return found!;
    });
    expect(screen.getByTestId('payment-progress').textContent).toBe('Opening the payment window…');
    fireEvent.error(script);
    expect((await screen.findByTestId('payment-notice')).textContent).toBe(text);
    await waitFor(() =>
      expect(posted(calls, OUTCOME)).toEqual([{ outcome: 'abandoned', reason: 'checkout script did not load' }]),
    );
    expect(screen.getByTestId('payment-proceed').hasAttribute('disabled')).toBe(false);
  });

  it('a confirmation lost to the network: Try again sends the same three values, and nothing else can start meanwhile', async () => {
    installCheckout();
    let verifyAnswers: Answer[] = ['network', { status: 200, body: { access: ACTIVE, receipt } }];
    const calls = plansServer(NEVER, { [VERIFY]: () => verifyAnswers.shift()! });
    show(NEVER);
    await proceed('quarter', 'upi');
    await waitFor(() => expect(checkouts).toHaveLength(1));
    act(() => checkouts[0]!.pay());
    const notice = await screen.findByTestId('payment-notice');
    expect(notice.textContent).toContain('We could not confirm your payment yet. Try again.');
    expect(screen.getByTestId('payment-proceed').hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(notice).getByTestId('payment-confirm-again'));
    expect(await screen.findByText('Payment received. Your plan runs until 24 Feb 2027.')).toBeTruthy();
    const body = { providerOrderId: 'order_local_1', providerPaymentId: 'pay_local_1', signature: 'a'.repeat(64) };
    expect(posted(calls, VERIFY)).toEqual([body, body]);
    expect(posted(calls, 'POST /api/v1/plans/orders')).toHaveLength(1);
    expect(await screen.findByTestId('home')).toBeTruthy();
    verifyAnswers = [];
  });

  it('a payment the server does not accept says why; nothing to try again with the same values', async () => {
    installCheckout();
    plansServer(NEVER, {
      [VERIFY]: () => ({
        status: 400,
        body: { code: 'PAYMENT_NOT_VERIFIED', message: 'The payment could not be verified' },
      }),
    });
    show(NEVER);
    await proceed('quarter', 'upi');
    await waitFor(() => expect(checkouts).toHaveLength(1));
    act(() => checkouts[0]!.pay());
    const notice = await screen.findByTestId('payment-notice');
    expect(notice.textContent).toBe('We could not verify this payment. Please contact support before paying again.');
    expect(within(notice).queryByTestId('payment-confirm-again')).toBeNull();
    expect(screen.queryByTestId('home')).toBeNull();
  });

  it('a refused order says why, in the shared words of its code', async () => {
    installCheckout();
    plansServer(NEVER, {
      'POST /api/v1/plans/orders': () => ({ status: 409, body: { code: 'SCHOOL_PAYS', message: 'The school pays' } }),
    });
    show(NEVER);
    await proceed('quarter', 'upi');
    expect((await screen.findByTestId('payment-notice')).textContent).toBe(
      'Your school pays for your plan. There is nothing to pay.',
    );
    expect(checkouts).toHaveLength(0);
  });
});

describe('the plans’ English texts', () => {
  it('are the spec’s where it has them (access-and-app-shell.md 8)', () => {
    expect(enPlans.payment.scriptFailed.card).toBe(CARD_SCRIPT_FAILED);
    expect(enPlans.payment.scriptFailed.wallet).toBe(WALLET_SCRIPT_FAILED);
    expect(enPlans.empty).toBe('No plan found');
  });
});
