/**
 * Plans, subscription and payment (issue #27; docs/DECISIONS.md "Plans and payment"). A student's
 * access and plans, orders through the payment provider, and the one way a plan starts: a payment
 * the provider signed, of the order's amount, for the order's provider order (from the checkout's
 * handler or a webhook, whichever arrives first; the other finds it done).
 */
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { nextPlanWindow, planAccess } from '@ki/domain';
import {
  PLAN_FEATURES,
  type CreateOrderBody,
  type OrderOutcomeBody,
  type PaymentOrder,
  type PlanAccess,
  type PlanFeature,
  type PlansResponse,
  type Receipt,
  type VerifiedPayment,
  type VerifyPaymentBody,
} from '@ki/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { DB } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { authorizeBuyPlan, authorizeOwnOrder, authorizeReadPlans, authorizeRefund } from '../../policy/plans';
import type { Principal } from '../../policy/policy';
import { LocalPaymentProvider } from '../../providers/payment/local-payment-provider';
import { paymentMethodOf, type PaymentProvider, type ProviderPayment } from '../../providers/payment/payment-provider';
import * as repo from './plans.repository';

/** Orders one student may start in an hour: each opens a provider order (Razorpay counts them). */
export const ORDERS_PER_HOUR = 10;
const RECEIPTS_LIMIT = 50;

const notVerified = (
  message = 'We could not verify this payment. If money was taken, it comes back by itself; please try again.',
) => new AppError('PAYMENT_NOT_VERIFIED', message);
const unavailable = () =>
  new AppError('PAYMENT_UNAVAILABLE', 'Online payment is not available. Please ask your school.');
const providerDown = (error: unknown) =>
  new AppError('SERVICE_UNAVAILABLE', 'The payment service did not answer. Please try again in a minute.', {
    cause: String(error),
  });

/** The provider that took an order, or PAYMENT_UNAVAILABLE when this server no longer uses it. */
function providerFor(deps: AppDeps, order: { provider: string }): PaymentProvider {
  if (!deps.payments || deps.payments.name !== order.provider) throw unavailable();
  return deps.payments;
}

async function accessOf(
  db: Kysely<DB> | Transaction<DB>,
  studentId: number,
  schoolPays: boolean,
  now: Date,
): Promise<PlanAccess> {
  const windows = await repo.planWindows(db, studentId);
  const access = planAccess(
    schoolPays,
    windows.map((w) => ({ startsAt: w.starts_at, endsAt: w.ends_at })),
    now,
  );
  return { status: access.status, endsAt: access.endsAt?.toISOString() ?? null };
}

type ReceiptRow = NonNullable<Awaited<ReturnType<typeof repo.receiptOf>>>;
function toReceipt(r: ReceiptRow): Receipt {
  return {
    orderId: r.id,
    receiptNumber: r.receipt_number,
    planCode: r.plan_code,
    planName: r.plan_name,
    amountPaise: r.amount_paise,
    currency: 'INR',
    method: r.paid_method,
    status: r.status === 'refunded' ? 'refunded' : 'paid',
    paidAt: r.paid_at!.toISOString(),
    validFrom: r.starts_at.toISOString(),
    validUntil: r.ends_at.toISOString(),
    refundedAt: r.refunded_at?.toISOString() ?? null,
    paymentId: r.provider_payment_id!,
  };
}

/** GET /plans: the student's access, the plans on offer (none when the school pays) and receipts. */
export async function getPlans(deps: AppDeps, principal: Principal | null): Promise<PlansResponse> {
  const p = authorizeReadPlans(principal);
  const { db } = deps.database;
  const now = deps.clock();
  const account = await repo.studentAccount(db, p.userId);
  const schoolPays = account?.paid_by !== 'family';
  const [access, plans, receipts] = await Promise.all([
    accessOf(db, p.userId, schoolPays, now),
    schoolPays ? Promise.resolve([]) : repo.activePlans(db),
    repo.receipts(db, p.userId, RECEIPTS_LIMIT),
  ]);
  return {
    access,
    plans: plans.map((plan) => ({
      id: plan.id,
      code: plan.code,
      name: plan.name,
      pricePaise: plan.price_paise,
      currency: 'INR' as const,
      durationDays: plan.duration_days,
      features: plan.features.filter((f): f is PlanFeature => (PLAN_FEATURES as readonly string[]).includes(f)),
    })),
    provider: deps.payments?.name ?? 'off',
    receipts: receipts.map(toReceipt),
  };
}

/** Receipt numbers a family can read out: the day and the order's first eight hex digits. */
export function receiptNumber(orderId: string, now: Date): string {
  return `KI-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${orderId.slice(0, 8).toUpperCase()}`;
}

/** POST /plans/orders: an order for the plan's price with the provider, for the checkout to open. */
export async function createOrder(
  deps: AppDeps,
  principal: Principal | null,
  body: CreateOrderBody,
): Promise<PaymentOrder> {
  const p = authorizeBuyPlan(principal);
  const { db } = deps.database;
  const now = deps.clock();
  const [plan, account] = await Promise.all([repo.findActivePlan(db, body.planId), repo.studentAccount(db, p.userId)]);
  if (!plan) throw notFound('Plan');
  if (!account) throw notFound('Student');
  // The session said the family pays; the school may have changed since the session started.
  if (account.paid_by !== 'family')
    throw new AppError('SCHOOL_PAYS', 'Your school pays for your plan. There is nothing to pay.');
  const provider = deps.payments;
  if (!provider) throw unavailable();
  if ((await repo.ordersSince(db, p.userId, new Date(now.getTime() - 3_600_000))) >= ORDERS_PER_HOUR)
    throw new AppError('RATE_LIMITED', 'Too many payments started in an hour. Please try again later.');

  const orderId = randomUUID();
  const receipt = receiptNumber(orderId, now);
  let providerOrder;
  try {
    providerOrder = await provider.createOrder({
      amountPaise: plan.price_paise,
      receipt,
      notes: { orderId, plan: plan.code },
    });
  } catch (error) {
    throw providerDown(error);
  }
  if (providerOrder.amountPaise !== plan.price_paise || providerOrder.currency !== 'INR') {
    throw new AppError(
      'PAYMENT_AMOUNT_MISMATCH',
      'The payment service made an order of another amount. Please try again.',
    );
  }
  await repo.insertOrder(db, {
    id: orderId,
    studentId: p.userId,
    schoolId: account.school_id,
    planId: plan.id,
    provider: provider.name,
    providerOrderId: providerOrder.id,
    amountPaise: plan.price_paise,
    method: body.method,
    receiptNumber: receipt,
    createdAt: now,
  });
  return {
    orderId,
    provider: provider.name,
    providerOrderId: providerOrder.id,
    keyId: provider.keyId,
    scriptUrl: provider.scriptUrl,
    amountPaise: plan.price_paise,
    currency: 'INR',
    method: body.method,
    planCode: plan.code,
    planName: plan.name,
    prefill: { name: `${account.first_name} ${account.last_name}`.trim(), contact: account.mobile ?? '' },
  };
}

/**
 * Starts the order's plan for a payment the provider reported: only for the order's provider order,
 * of exactly its amount in rupees, taken (authorized or captured). Paid again with the same payment:
 * nothing changes. Every check comes before the first write.
 */
async function activate(deps: AppDeps, trx: Transaction<DB>, orderId: string, payment: ProviderPayment): Promise<void> {
  const now = deps.clock();
  const order = await repo.lockOrder(trx, orderId);
  if (!order) throw notFound('Order');
  if (order.status === 'paid' && order.provider_payment_id === payment.id) return;
  if (order.status === 'paid' || order.status === 'refunded') {
    throw new AppError(
      'ORDER_CLOSED',
      'This order is already paid. If money was taken twice, the school’s office will refund it.',
    );
  }
  if (
    payment.orderId !== order.provider_order_id ||
    payment.amountPaise !== order.amount_paise ||
    payment.currency !== 'INR'
  ) {
    throw new AppError('PAYMENT_AMOUNT_MISMATCH', 'This payment does not match its order.');
  }
  if (payment.status !== 'captured' && payment.status !== 'authorized')
    throw notVerified('The payment has not gone through.');
  await repo.lockStudent(trx, order.student_id);
  const windows = await repo.planWindows(trx, order.student_id);
  const window = nextPlanWindow(
    windows.map((w) => ({ startsAt: w.starts_at, endsAt: w.ends_at })),
    order.duration_days,
    now,
  );
  await repo.markPaid(trx, order.id, { paymentId: payment.id, method: paymentMethodOf(payment.method), at: now });
  await repo.insertStudentPlan(trx, {
    studentId: order.student_id,
    schoolId: order.school_id,
    planId: order.plan_id,
    orderId: order.id,
    startsAt: window.startsAt,
    endsAt: window.endsAt,
  });
}

/** POST /plans/orders/:orderId/verify: the checkout's success handler's values, checked with the provider. */
export async function verifyPayment(
  deps: AppDeps,
  principal: Principal | null,
  orderId: string,
  body: VerifyPaymentBody,
): Promise<VerifiedPayment> {
  const { db } = deps.database;
  const order = await repo.findOrder(db, orderId);
  const p = authorizeOwnOrder(principal, order && { studentId: order.student_id });
  const provider = providerFor(deps, order!);
  if (
    body.providerOrderId !== order!.provider_order_id ||
    !provider.verifyPaymentSignature(order!.provider_order_id, body.providerPaymentId, body.signature)
  ) {
    throw notVerified();
  }
  let payment: ProviderPayment;
  try {
    payment = await provider.fetchPayment(body.providerPaymentId);
  } catch (error) {
    throw providerDown(error);
  }
  await db.transaction().execute((trx) => activate(deps, trx, orderId, payment));
  const receipt = await repo.receiptOf(db, orderId);
  return { access: await accessOf(db, p.userId, false, deps.clock()), receipt: toReceipt(receipt!) };
}

/** POST /plans/orders/:orderId/outcome: the checkout failed or was closed; a paid order stays paid. */
export async function reportOutcome(
  deps: AppDeps,
  principal: Principal | null,
  orderId: string,
  body: OrderOutcomeBody,
): Promise<void> {
  const { db } = deps.database;
  const order = await repo.findOrder(db, orderId);
  authorizeOwnOrder(principal, order && { studentId: order.student_id });
  await repo.markUnpaid(db, orderId, body.outcome, body.reason ?? null);
}

/** POST /plans/orders/:orderId/refund: the whole amount back through the provider; the plan stops now. */
export async function refundOrder(deps: AppDeps, principal: Principal | null, orderId: string): Promise<Receipt> {
  const { db } = deps.database;
  const order = await repo.findOrder(db, orderId);
  authorizeRefund(principal, order && { chainId: order.chain_id });
  if (order!.status !== 'paid')
    throw new AppError(
      'ORDER_CLOSED',
      order!.status === 'refunded' ? 'This payment is already refunded.' : 'Only a paid order can be refunded.',
    );
  const provider = providerFor(deps, order!);
  let refund: { id: string };
  try {
    refund = await provider.refund(order!.provider_payment_id!, order!.amount_paise, { orderId });
  } catch (error) {
    throw providerDown(error);
  }
  await db.transaction().execute(async (trx) => {
    const locked = await repo.lockOrder(trx, orderId);
    if (locked?.status !== 'paid') return;
    await refundInside(deps, trx, locked, refund.id);
  });
  return toReceipt((await repo.receiptOf(db, orderId))!);
}

async function refundInside(
  deps: AppDeps,
  trx: Transaction<DB>,
  order: { id: string; student_id: number },
  refundId: string,
): Promise<void> {
  const now = deps.clock();
  await repo.lockStudent(trx, order.student_id);
  await repo.markRefunded(trx, order.id, { id: refundId, at: now });
  await repo.endPlanOfOrder(trx, order.student_id, order.id, now);
}

/** The parts of Razorpay's webhook body we read (https://razorpay.com/docs/webhooks/payloads/payments/). */
const WebhookBodySchema = z.object({
  event: z.string().max(100),
  payload: z
    .object({
      payment: z
        .object({
          entity: z.object({
            id: z.string().max(64),
            order_id: z.string().max(64).nullable().optional(),
            amount: z.number().int(),
            currency: z.string().max(3),
            status: z.string().max(20),
            method: z.string().max(30).nullable().optional(),
            error_reason: z.string().max(200).nullable().optional(),
          }),
        })
        .optional(),
      refund: z.object({ entity: z.object({ id: z.string().max(64), payment_id: z.string().max(64) }) }).optional(),
    })
    .default({}),
});

const PAID_EVENTS = new Set(['payment.captured', 'payment.authorized', 'order.paid']);
const REFUND_EVENTS = new Set(['refund.processed', 'refund.created']);

/**
 * POST /payments/webhook: Razorpay's events, verified by X-Razorpay-Signature over the raw body and
 * handled once per event id (X-Razorpay-Event-Id; the body's hash when absent). A payment that does
 * not match its order changes nothing. `handled` says whether anything was done.
 */
export async function handleWebhook(
  deps: AppDeps,
  rawBody: string,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<{ ok: true; handled: boolean }> {
  const provider = deps.payments;
  if (!provider) throw unavailable();
  if (!signature || !provider.verifyWebhookSignature(rawBody, signature))
    throw notVerified('The webhook signature does not match.');
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError('BAD_REQUEST', 'The webhook body is not JSON.');
  }
  const parsed = WebhookBodySchema.safeParse(json);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'The webhook body is not a payment event.');
  const { event, payload } = parsed.data;
  const eventId =
    eventIdHeader && /^[A-Za-z0-9_]{1,64}$/.test(eventIdHeader)
      ? eventIdHeader
      : createHash('sha256').update(rawBody).digest('hex');
  const { db } = deps.database;
  const now = deps.clock();

  const entity = payload.payment?.entity;
  let order: Awaited<ReturnType<typeof repo.findOrderByProviderOrder>>;
  if (entity?.order_id) order = await repo.findOrderByProviderOrder(db, provider.name, entity.order_id);
  if (!order && payload.refund) {
    order = await repo.findOrderByPayment(db, provider.name, payload.refund.entity.payment_id);
  }

  return db.transaction().execute(async (trx) => {
    const first = await repo.recordEvent(trx, {
      provider: provider.name,
      eventId,
      event,
      orderId: order?.id ?? null,
      at: now,
    });
    if (!first || !order) return { ok: true as const, handled: false };
    if (PAID_EVENTS.has(event) && entity) {
      const payment: ProviderPayment = {
        id: entity.id,
        orderId: entity.order_id ?? null,
        amountPaise: entity.amount,
        currency: entity.currency,
        status: (event === 'payment.authorized' ? 'authorized' : 'captured') as ProviderPayment['status'],
        method: entity.method ?? null,
      };
      try {
        // activate() checks everything before it writes: a refusal leaves nothing half written.
        await activate(deps, trx, order.id, payment);
        return { ok: true as const, handled: true };
      } catch (error) {
        // A mismatched or second payment changes nothing; the event stays recorded, so a replay does nothing either.
        if (error instanceof AppError) return { ok: true as const, handled: false };
        throw error;
      }
    }
    if (event === 'payment.failed' && entity) {
      await repo.markUnpaid(trx, order.id, 'failed', entity.error_reason ?? null);
      return { ok: true as const, handled: true };
    }
    if (REFUND_EVENTS.has(event) && payload.refund) {
      const locked = await repo.lockOrder(trx, order.id);
      if (locked?.status !== 'paid') return { ok: true as const, handled: false };
      await refundInside(deps, trx, locked, payload.refund.entity.id);
      return { ok: true as const, handled: true };
    }
    return { ok: true as const, handled: false };
  });
}

/** POST /payments/local/pay: the stand-in checkout's Pay and Fail buttons, for the caller's own order. */
export async function localPay(
  deps: AppDeps,
  principal: Principal | null,
  body: { providerOrderId: string; outcome: 'success' | 'failure'; method: string },
) {
  const provider = deps.payments;
  if (!(provider instanceof LocalPaymentProvider)) throw notFound('Route');
  const order = await repo.findOrderByProviderOrder(deps.database.db, provider.name, body.providerOrderId);
  authorizeOwnOrder(principal, order && { studentId: order.student_id });
  const result = provider.pay(body.providerOrderId, body.outcome, body.method, deps.clock());
  // A restart forgets the stand-in's orders: like an order Razorpay has expired.
  if (!result) throw notFound('Order');
  // Razorpay's webhook arrives too, in no fixed order with the checkout's handler: here, first.
  await handleWebhook(deps, result.webhook.body, result.webhook.signature, result.webhook.eventId);
  return (
    result.checkout ?? { error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', reason: 'payment_failed' } }
  );
}
