/**
 * Plans, subscription and payment through the real app (issue #27), with the local payment stand-in:
 * the gate on the learner's routes, orders of the plan's price, a plan that starts only on a payment
 * the provider signed for the order's amount, webhooks verified and handled once, failures and
 * abandoned checkouts that leave no plan, plans bought ahead, refunds.
 */
import { createHmac } from 'node:crypto';
import type { PaymentOrder, PlansResponse, Receipt, VerifiedPayment } from '@ki/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_WEBHOOK_SECRET, type LocalPaymentProvider } from '../../providers/payment/local-payment-provider';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { Socket } from 'socket.io-client';
import {
  createBoard,
  createChain,
  createSchool,
  createStaff,
  createStudent,
  sessionCookie,
} from '../../test/factories';
import { emitAck, openSocket } from '../../test/socket-client';

let t: TestApp;
let stand: LocalPaymentProvider;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
let quarter = 0;
let year = 0;
const NOW = new Date('2026-11-20T10:00:00Z');
const DAY = 86_400_000;

async function call(
  who: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(cookies[who] ? { cookie: cookies[who] } : {}), ...headers },
    ...(payload === undefined
      ? {}
      : typeof payload === 'string'
        ? { payload }
        : { payload: payload as Record<string, unknown> }),
  });
}
async function order(who: string, planId = quarter, method = 'upi'): Promise<PaymentOrder> {
  const res = await call(who, 'POST', '/plans/orders', { planId, method });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PaymentOrder;
}
/** The checkout's Pay button, without the stand-in's own webhook: only the browser's verify starts the plan. */
function pay(o: PaymentOrder, outcome: 'success' | 'failure' = 'success') {
  return stand.pay(o.providerOrderId, outcome, o.method, t.now())!;
}
async function verify(who: string, o: PaymentOrder) {
  const paid = pay(o).checkout!;
  return call(who, 'POST', `/plans/orders/${o.orderId}/verify`, {
    providerOrderId: paid.razorpay_order_id,
    providerPaymentId: paid.razorpay_payment_id,
    signature: paid.razorpay_signature,
  });
}
async function plansOf(who: string) {
  const res = await call(who, 'GET', '/plans');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlansResponse;
}
async function planRows(studentId: number) {
  return t.database.db
    .selectFrom('student_plans')
    .selectAll()
    .where('student_id', '=', studentId)
    .orderBy('starts_at')
    .execute();
}
function webhook(body: object, opts: { secret?: string; eventId?: string } = {}) {
  const raw = JSON.stringify(body);
  const signature = createHmac('sha256', opts.secret ?? LOCAL_WEBHOOK_SECRET)
    .update(raw)
    .digest('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      ...(opts.eventId ? { 'x-razorpay-event-id': opts.eventId } : {}),
    },
    payload: raw,
  });
}
const captured = (o: PaymentOrder, paymentId: string, amount = o.amountPaise) => ({
  entity: 'event',
  event: 'payment.captured',
  payload: {
    payment: {
      entity: {
        id: paymentId,
        entity: 'payment',
        amount,
        currency: 'INR',
        status: 'captured',
        order_id: o.providerOrderId,
        method: 'upi',
      },
    },
  },
});

let fresh = 0;
/** A new student of the family-paid school, signed in as `who`. */
async function newFamilyStudent(who: string) {
  ids[who] = await createStudent(t.database.db, {
    schoolId: ids.familySchool!,
    boardId: ids.board!,
    grade: 7,
    firstName: `Kid${++fresh}`,
  });
  cookies[who] = await sessionCookie(t.database.db, ids[who]!, t.now());
}

beforeAll(async () => {
  t = await buildTestApp();
  stand = t.payments as LocalPaymentProvider;
  const db = t.database.db;
  const chain = await createChain(db, 'Plans Trust');
  const other = await createChain(db, 'Other Trust');
  ids.board = await createBoard(db, 'PLN');
  ids.familySchool = await createSchool(db, { chainId: chain, boardId: ids.board, grades: [7], name: 'Family School' });
  ids.paidSchool = await createSchool(db, { chainId: chain, boardId: ids.board, grades: [7], name: 'Paid School' });
  await db.updateTable('schools').set({ paid_by: 'family' }).where('id', '=', ids.familySchool).execute();
  ids.schoolKid = await createStudent(db, { schoolId: ids.paidSchool, boardId: ids.board, grade: 7 });
  ids.superadmin = await createStaff(db, 'superadmin', { chainId: chain });
  ids.otherSuperadmin = await createStaff(db, 'superadmin', { chainId: other });
  ids.principal = await createStaff(db, 'principal', { schoolIds: [ids.familySchool] });
  for (const who of ['schoolKid', 'superadmin', 'otherSuperadmin', 'principal'])
    cookies[who] = await sessionCookie(db, ids[who]!, NOW);
  const plans = await db.selectFrom('plans').select(['id', 'code']).execute();
  quarter = plans.find((p) => p.code === 'quarter')!.id;
  year = plans.find((p) => p.code === 'year')!.id;
});
afterAll(async () => t?.close());
beforeEach(() => t.setNow(NOW));

describe('the plan gate', () => {
  it('sends a family-paid student without a plan to plans: the learner’s routes answer PLAN_REQUIRED', async () => {
    await newFamilyStudent('gated');
    expect((await call('gated', 'GET', '/me')).json().plan).toEqual({ status: 'none', endsAt: null });
    for (const url of [
      '/learn/progress',
      '/leaderboard',
      '/bookmarks',
      '/assessment/home',
      '/challenge/games/ABC123',
    ]) {
      const res = await call('gated', 'GET', url);
      expect(res.statusCode, url).toBe(402);
      expect(res.json(), url).toEqual({
        code: 'PLAN_REQUIRED',
        message: 'Your plan has ended. Choose a plan to keep learning.',
      });
    }
    // Free: the profile, the calendar, plans, and uploading records played before.
    expect((await call('gated', 'GET', '/me/profile')).statusCode).toBe(200);
    expect((await call('gated', 'GET', '/plans')).statusCode).toBe(200);
    expect((await call('gated', 'POST', '/records', { records: [] })).statusCode).not.toBe(402);
  });

  it('keeps a student without a plan out of live games, which are played over the socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const sockets: Socket[] = [];
    try {
      const s = await openSocket(base, { cookie: cookies.gated! }, sockets);
      const ack = await emitAck(s, 'challenge:join', { code: '123456' });
      expect(ack).toMatchObject({ ok: false, code: 'PLAN_REQUIRED' });
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it('never stops a student whose school pays, nor staff', async () => {
    expect((await call('schoolKid', 'GET', '/me')).json().plan).toEqual({ status: 'school', endsAt: null });
    expect((await call('schoolKid', 'GET', '/learn/progress')).statusCode).toBe(200);
    expect((await call('principal', 'GET', '/me')).json().plan).toBeNull();
    const plans = await plansOf('schoolKid');
    expect(plans).toMatchObject({ access: { status: 'school', endsAt: null }, plans: [], receipts: [] });
    const buy = await call('schoolKid', 'POST', '/plans/orders', { planId: quarter, method: 'upi' });
    expect(buy.statusCode).toBe(409);
    expect(buy.json().code).toBe('SCHOOL_PAYS');
  });

  it('lists the plans on offer in paise, for students only', async () => {
    await newFamilyStudent('browser');
    const { access, plans, provider } = await plansOf('browser');
    expect(access).toEqual({ status: 'none', endsAt: null });
    expect(provider).toBe('local');
    expect(plans.map((p) => [p.code, p.pricePaise, p.durationDays])).toEqual([
      ['quarter', 29900, 91],
      ['half-year', 54900, 182],
      ['year', 99900, 365],
    ]);
    expect((await call('principal', 'GET', '/plans')).statusCode).toBe(403);
  });
});

describe('paying', () => {
  it('starts the plan on a verified payment: the learner’s routes open, the receipt is listed, a replay changes nothing', async () => {
    await newFamilyStudent('payer');
    const o = await order('payer');
    expect(o).toMatchObject({
      provider: 'local',
      amountPaise: 29900,
      currency: 'INR',
      method: 'upi',
      planCode: 'quarter',
      scriptUrl: '/api/v1/payments/local/checkout.js',
    });
    expect(o.providerOrderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    // Not yet paid: still gated.
    expect((await call('payer', 'GET', '/learn/progress')).statusCode).toBe(402);

    const paid = pay(o).checkout!;
    const body = {
      providerOrderId: paid.razorpay_order_id,
      providerPaymentId: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
    };
    const res = await call('payer', 'POST', `/plans/orders/${o.orderId}/verify`, body);
    expect(res.statusCode, res.body).toBe(200);
    const verified = res.json() as VerifiedPayment;
    const until = new Date(NOW.getTime() + 91 * DAY).toISOString();
    expect(verified.access).toEqual({ status: 'active', endsAt: until });
    expect(verified.receipt).toMatchObject({
      orderId: o.orderId,
      planCode: 'quarter',
      amountPaise: 29900,
      method: 'upi',
      status: 'paid',
      validFrom: NOW.toISOString(),
      validUntil: until,
      paymentId: paid.razorpay_payment_id,
    });
    expect(verified.receipt.receiptNumber).toMatch(/^KI-20261120-[0-9A-F]{8}$/);
    expect((await call('payer', 'GET', '/learn/progress')).statusCode).toBe(200);
    expect((await call('payer', 'GET', '/me')).json().plan).toEqual({ status: 'active', endsAt: until });

    const again = await call('payer', 'POST', `/plans/orders/${o.orderId}/verify`, body);
    expect(again.statusCode).toBe(200);
    expect((await planRows(ids.payer!)).length).toBe(1);
    expect((await plansOf('payer')).receipts.map((r: Receipt) => r.orderId)).toEqual([o.orderId]);

    // The plan ends when its time is up.
    t.setNow(until);
    cookies.payer = await sessionCookie(t.database.db, ids.payer!, t.now());
    expect((await call('payer', 'GET', '/learn/progress')).statusCode).toBe(402);
    expect((await plansOf('payer')).access).toEqual({ status: 'none', endsAt: until });
  });

  it('refuses a forged signature, another order’s payment and a paid order paid again', async () => {
    await newFamilyStudent('forger');
    const o = await order('forger');
    const paid = pay(o).checkout!;
    const forged = await call('forger', 'POST', `/plans/orders/${o.orderId}/verify`, {
      providerOrderId: paid.razorpay_order_id,
      providerPaymentId: paid.razorpay_payment_id,
      signature: createHmac('sha256', 'not-the-key-secret')
        .update(`${paid.razorpay_order_id}|${paid.razorpay_payment_id}`)
        .digest('hex'),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('PAYMENT_NOT_VERIFIED');

    // A payment of another (cheaper) order, correctly signed for that order, does not pay this one.
    const cheap = await order('forger', quarter);
    const dear = await order('forger', year);
    const cheapPaid = pay(cheap).checkout!;
    const swapped = await call('forger', 'POST', `/plans/orders/${dear.orderId}/verify`, {
      providerOrderId: cheapPaid.razorpay_order_id,
      providerPaymentId: cheapPaid.razorpay_payment_id,
      signature: cheapPaid.razorpay_signature,
    });
    expect(swapped.statusCode).toBe(400);
    expect(await planRows(ids.forger!)).toEqual([]);

    // Someone else's order does not exist for them.
    await newFamilyStudent('snoop');
    const snoop = await call('snoop', 'POST', `/plans/orders/${o.orderId}/verify`, {
      providerOrderId: paid.razorpay_order_id,
      providerPaymentId: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
    });
    expect(snoop.statusCode).toBe(404);
    expect(
      (await call('snoop', 'POST', `/plans/orders/${o.orderId}/outcome`, { outcome: 'abandoned' })).statusCode,
    ).toBe(404);
  });

  it('leaves no plan after a failed or an abandoned checkout; a payment that arrives later still counts', async () => {
    await newFamilyStudent('unlucky');
    const failed = await order('unlucky');
    pay(failed, 'failure');
    expect(
      (
        await call('unlucky', 'POST', `/plans/orders/${failed.orderId}/outcome`, {
          outcome: 'failed',
          reason: 'payment_failed',
        })
      ).statusCode,
    ).toBe(204);
    const abandoned = await order('unlucky', quarter, 'card');
    expect(
      (await call('unlucky', 'POST', `/plans/orders/${abandoned.orderId}/outcome`, { outcome: 'abandoned' }))
        .statusCode,
    ).toBe(204);
    const statuses = await t.database.db
      .selectFrom('payment_orders')
      .select(['id', 'status', 'failure_reason'])
      .where('student_id', '=', ids.unlucky!)
      .execute();
    expect(Object.fromEntries(statuses.map((s) => [s.id, [s.status, s.failure_reason]]))).toEqual({
      [failed.orderId]: ['failed', 'payment_failed'],
      [abandoned.orderId]: ['abandoned', null],
    });
    expect(await planRows(ids.unlucky!)).toEqual([]);
    expect((await plansOf('unlucky')).access.status).toBe('none');
    expect((await call('unlucky', 'GET', '/learn/progress')).statusCode).toBe(402);

    // The family paid in their UPI app after closing the checkout: Razorpay's webhook says so.
    const late = await webhook(captured(abandoned, 'pay_LateUpiPayment1'), { eventId: 'evt_LateUpiPayment1' });
    expect(late.json()).toEqual({ ok: true, handled: true });
    expect((await plansOf('unlucky')).access.status).toBe('active');
    // A report of failure afterwards does not undo a payment.
    await call('unlucky', 'POST', `/plans/orders/${abandoned.orderId}/outcome`, { outcome: 'failed' });
    expect(
      (
        await t.database.db
          .selectFrom('payment_orders')
          .select('status')
          .where('id', '=', abandoned.orderId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('paid');
  });

  it('starts a plan bought while another runs when that one ends', async () => {
    await newFamilyStudent('renewer');
    expect((await verify('renewer', await order('renewer', quarter))).statusCode).toBe(200);
    t.setNow(new Date(NOW.getTime() + 60 * DAY));
    cookies.renewer = await sessionCookie(t.database.db, ids.renewer!, t.now());
    const res = await verify('renewer', await order('renewer', year));
    expect(res.statusCode, res.body).toBe(200);
    const end = NOW.getTime() + (91 + 365) * DAY;
    expect((res.json() as VerifiedPayment).access).toEqual({ status: 'active', endsAt: new Date(end).toISOString() });
    // The start-up check and the header say the same: the plan bought ahead counts.
    expect((await call('renewer', 'GET', '/me')).json().plan).toEqual({
      status: 'active',
      endsAt: new Date(end).toISOString(),
    });
    expect((await planRows(ids.renewer!)).map((r) => [r.starts_at.toISOString(), r.ends_at.toISOString()])).toEqual([
      [NOW.toISOString(), new Date(NOW.getTime() + 91 * DAY).toISOString()],
      [new Date(NOW.getTime() + 91 * DAY).toISOString(), new Date(end).toISOString()],
    ]);
  });

  it('limits how many payments a student starts in an hour', async () => {
    await newFamilyStudent('hasty');
    for (let i = 0; i < 10; i++) await order('hasty');
    const over = await call('hasty', 'POST', '/plans/orders', { planId: quarter, method: 'upi' });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('RATE_LIMITED');
  });
});

describe('webhooks', () => {
  it('start a plan once per event; a replay, a forged signature and a wrong amount change nothing', async () => {
    await newFamilyStudent('hooked');
    const o = await order('hooked');

    const forged = await webhook(captured(o, 'pay_ForgedPayment01'), {
      secret: 'not-the-webhook-secret',
      eventId: 'evt_Forged0000001',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('PAYMENT_NOT_VERIFIED');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(captured(o, 'pay_X')),
    });
    expect(unsigned.statusCode).toBe(400);

    const short = await webhook(captured(o, 'pay_ShortPayment01', 100), { eventId: 'evt_ShortAmount001' });
    expect(short.json()).toEqual({ ok: true, handled: false });
    expect(await planRows(ids.hooked!)).toEqual([]);

    const first = await webhook(captured(o, 'pay_GoodPayment001'), { eventId: 'evt_GoodPayment001' });
    expect(first.json()).toEqual({ ok: true, handled: true });
    const replay = await webhook(captured(o, 'pay_GoodPayment001'), { eventId: 'evt_GoodPayment001' });
    expect(replay.json()).toEqual({ ok: true, handled: false });
    // The same payment told again under another event (order.paid after payment.captured): still one plan.
    await webhook({ ...captured(o, 'pay_GoodPayment001'), event: 'order.paid' }, { eventId: 'evt_OrderPaid00001' });
    // A second payment of a paid order does not add time.
    const second = await webhook(captured(o, 'pay_SecondPayment1'), { eventId: 'evt_SecondPayment1' });
    expect(second.json()).toEqual({ ok: true, handled: false });
    expect((await planRows(ids.hooked!)).length).toBe(1);
  });

  it('refuses a body that is not a payment event, and answers events of unknown orders without acting', async () => {
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', LOCAL_WEBHOOK_SECRET).update('{oops').digest('hex'),
      },
      payload: '{oops',
    });
    expect(notJson.statusCode).toBe(400);
    const unknown = await webhook(
      {
        event: 'payment.captured',
        payload: {
          payment: {
            entity: {
              id: 'pay_Nobody0000001',
              amount: 100,
              currency: 'INR',
              status: 'captured',
              order_id: 'order_Nobody000000',
            },
          },
        },
      },
      { eventId: 'evt_Nobody00000001' },
    );
    expect(unknown.json()).toEqual({ ok: true, handled: false });
  });
});

describe('refunds', () => {
  it('are the chain super-administrator’s: the plan stops now and a plan bought after it moves up', async () => {
    await newFamilyStudent('refunded');
    const first = await order('refunded', quarter);
    expect((await verify('refunded', first)).statusCode).toBe(200);
    const second = await order('refunded', year);
    expect((await verify('refunded', second)).statusCode).toBe(200);

    expect((await call('principal', 'POST', `/plans/orders/${first.orderId}/refund`)).statusCode).toBe(403);
    expect((await call('refunded', 'POST', `/plans/orders/${first.orderId}/refund`)).statusCode).toBe(403);
    expect((await call('otherSuperadmin', 'POST', `/plans/orders/${first.orderId}/refund`)).statusCode).toBe(404);

    t.setNow(new Date(NOW.getTime() + 10 * DAY));
    const res = await call('superadmin', 'POST', `/plans/orders/${first.orderId}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'refunded',
      refundedAt: new Date(NOW.getTime() + 10 * DAY).toISOString(),
    });
    const rows = await planRows(ids.refunded!);
    expect(rows.map((r) => [r.starts_at.toISOString(), r.ends_at.toISOString()])).toEqual([
      [NOW.toISOString(), new Date(NOW.getTime() + 10 * DAY).toISOString()],
      [new Date(NOW.getTime() + 10 * DAY).toISOString(), new Date(NOW.getTime() + (10 + 365) * DAY).toISOString()],
    ]);
    const twice = await call('superadmin', 'POST', `/plans/orders/${first.orderId}/refund`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ORDER_CLOSED');
    // A refunded order cannot be paid again.
    expect((await verify('refunded', first)).statusCode).toBe(409);
  });
});

describe('a refund made in Razorpay’s dashboard', () => {
  it('reaches us as a webhook: the order is refunded and its plan stops, once', async () => {
    await newFamilyStudent('dashboardRefund');
    const o = await order('dashboardRefund');
    const paid = pay(o).checkout!;
    await call('dashboardRefund', 'POST', `/plans/orders/${o.orderId}/verify`, {
      providerOrderId: paid.razorpay_order_id,
      providerPaymentId: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
    });
    t.setNow(new Date(NOW.getTime() + 3 * DAY));
    const refund = {
      event: 'refund.processed',
      payload: { refund: { entity: { id: 'rfnd_Dashboard00001', payment_id: paid.razorpay_payment_id } } },
    };
    expect((await webhook(refund, { eventId: 'evt_Refund00000001' })).json()).toEqual({ ok: true, handled: true });
    expect((await webhook(refund, { eventId: 'evt_Refund00000001' })).json()).toEqual({ ok: true, handled: false });
    const [row] = await planRows(ids.dashboardRefund!);
    expect(row!.ends_at.toISOString()).toBe(new Date(NOW.getTime() + 3 * DAY).toISOString());
    cookies.dashboardRefund = await sessionCookie(t.database.db, ids.dashboardRefund!, t.now());
    const { receipts, access } = await plansOf('dashboardRefund');
    expect(access.status).toBe('none');
    expect(receipts[0]).toMatchObject({
      status: 'refunded',
      refundedAt: new Date(NOW.getTime() + 3 * DAY).toISOString(),
    });
  });
});

describe('with payments off', () => {
  it('shows the plans and refuses to order', async () => {
    const off = await buildTestApp({ PAYMENT_PROVIDER: 'off' });
    try {
      const db = off.database.db;
      const board = await createBoard(db, 'OFF');
      const school = await createSchool(db, { boardId: board, grades: [7] });
      await db.updateTable('schools').set({ paid_by: 'family' }).where('id', '=', school).execute();
      const kid = await createStudent(db, { schoolId: school, boardId: board, grade: 7 });
      const cookie = await sessionCookie(db, kid, off.now());
      const plans = await off.app.inject({ method: 'GET', url: '/api/v1/plans', headers: { cookie } });
      expect(plans.json()).toMatchObject({ provider: 'off', access: { status: 'none' } });
      const planId = (plans.json() as PlansResponse).plans[0]!.id;
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/v1/plans/orders',
        headers: { cookie },
        payload: { planId, method: 'upi' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('PAYMENT_UNAVAILABLE');
      expect((await off.app.inject({ method: 'GET', url: '/api/v1/payments/local/checkout.js' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
