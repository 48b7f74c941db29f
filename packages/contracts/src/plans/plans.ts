import { z } from 'zod';
import { IdSchema } from '../common/ids';

/**
 * Plans, subscription and payment (issue #27; access-and-app-shell.md 1, 2.1 /plans, 2.7a subscribe,
 * 2.8 plans and payment, 4.7 the subscription check at start-up, 6 'Protected screens require
 * authentication and an active plan', 8 payment errors and 'no plan found').
 *
 * A school either pays for all its students (its students never see payment) or lets families pay:
 * then a student plays while a plan they bought is running. Prices are integer paise, in rupees.
 * Payment goes through a provider: Razorpay, or the local stand-in that mimics its checkout.
 */

/** What a plan gives (the plan cards list them): every plan today gives all of them. */
export const PLAN_FEATURES = ['learn', 'practice', 'challenge', 'leaderboard'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** How a family pays (spec 2.8 'choose method'): Razorpay's checkout opens on the method chosen. */
export const PAYMENT_METHODS = ['upi', 'card', 'wallet', 'netbanking'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Which provider takes payments: Razorpay, this server's stand-in (development, tests), or none. */
export const PAYMENT_PROVIDERS = ['razorpay', 'local', 'off'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The spec's texts (access-and-app-shell.md 8) when the provider's checkout script cannot load. */
export const CARD_SCRIPT_FAILED = 'Unable to load the card payment provider script. Please contact support team.';
export const WALLET_SCRIPT_FAILED = 'Unable to load the wallet payment script.';

const instant = z.iso.datetime({ offset: true });

/**
 * A student's access: 'school' (the school pays for every student), 'active' (a plan the family
 * bought runs until `endsAt`, plans bought ahead included), or 'none' (`endsAt` is when the last
 * one ended, null when there never was one).
 */
export const PlanAccessSchema = z.object({
  status: z.enum(['school', 'active', 'none']),
  endsAt: instant.nullable(),
});
export type PlanAccess = z.infer<typeof PlanAccessSchema>;

export const PlanSchema = z.object({
  id: z.number(),
  /** Stable name of the plan ('quarter', 'half-year', 'year'): the web names it in the user's language. */
  code: z.string(),
  /** The plan's English name, for a code the web does not know yet. */
  name: z.string(),
  pricePaise: z.number().int().positive(),
  currency: z.literal('INR'),
  durationDays: z.number().int().positive(),
  features: z.array(z.enum(PLAN_FEATURES)),
});
export type Plan = z.infer<typeof PlanSchema>;

/** A paid order as the profile's plan section lists it. */
export const ReceiptSchema = z.object({
  orderId: z.uuid(),
  receiptNumber: z.string(),
  planCode: z.string(),
  planName: z.string(),
  amountPaise: z.number().int().positive(),
  currency: z.literal('INR'),
  method: z.enum(PAYMENT_METHODS).nullable(),
  status: z.enum(['paid', 'refunded']),
  paidAt: instant,
  validFrom: instant,
  validUntil: instant,
  refundedAt: instant.nullable(),
  /** The provider's payment id (Razorpay's pay_…), for a family's question to support. */
  paymentId: z.string(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

/** GET /api/v1/plans: a student's access, the plans on offer (none when the school pays), receipts. */
export const PlansResponseSchema = z.object({
  access: PlanAccessSchema,
  /** Empty when the school pays, or when no plan is on offer ('no plan found'). */
  plans: z.array(PlanSchema),
  /** 'off' when this server takes no payments (plans show, ordering answers PAYMENT_UNAVAILABLE). */
  provider: z.enum(PAYMENT_PROVIDERS),
  receipts: z.array(ReceiptSchema),
});
export type PlansResponse = z.infer<typeof PlansResponseSchema>;

/** POST /api/v1/plans/orders */
export const CreateOrderBodySchema = z.object({
  planId: IdSchema,
  method: z.enum(PAYMENT_METHODS),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

/**
 * An order to pay: what the provider's checkout opens with (Razorpay's `order_id`, `key`, `amount`).
 * The amount is the plan's price, set by the server; the browser cannot choose it.
 */
export const PaymentOrderSchema = z.object({
  orderId: z.uuid(),
  provider: z.enum(['razorpay', 'local']),
  providerOrderId: z.string(),
  /** Razorpay's key id (public) for its checkout; the stand-in's own for the local one. */
  keyId: z.string(),
  /** The checkout script the browser loads: Razorpay's, or this server's stand-in. */
  scriptUrl: z.string(),
  amountPaise: z.number().int().positive(),
  currency: z.literal('INR'),
  method: z.enum(PAYMENT_METHODS),
  planCode: z.string(),
  planName: z.string(),
  /** Prefill for the checkout form: the student's name and mobile. */
  prefill: z.object({ name: z.string(), contact: z.string() }),
});
export type PaymentOrder = z.infer<typeof PaymentOrderSchema>;

export const OrderParamsSchema = z.object({ orderId: z.uuid() });

const providerId = z.string().regex(/^[A-Za-z0-9_]{1,64}$/, 'Not a provider id');

/** POST /api/v1/plans/orders/:orderId/verify: the checkout's success handler's three values. */
export const VerifyPaymentBodySchema = z.object({
  providerOrderId: providerId,
  providerPaymentId: providerId,
  signature: z.string().regex(/^[0-9a-f]{64}$/, 'Not a payment signature'),
});
export type VerifyPaymentBody = z.infer<typeof VerifyPaymentBodySchema>;

/** What a verified payment gave: the access now and its receipt. */
export const VerifiedPaymentSchema = z.object({ access: PlanAccessSchema, receipt: ReceiptSchema });
export type VerifiedPayment = z.infer<typeof VerifiedPaymentSchema>;

/** POST /api/v1/plans/orders/:orderId/outcome: the checkout closed without paying. */
export const OrderOutcomeBodySchema = z.object({
  outcome: z.enum(['failed', 'abandoned']),
  /** The provider's failure reason (Razorpay's error.reason), kept for support. */
  reason: z.string().max(200).optional(),
});
export type OrderOutcomeBody = z.infer<typeof OrderOutcomeBodySchema>;

/** POST /api/v1/payments/local/pay: the stand-in checkout's buttons. */
export const LocalPayBodySchema = z.object({
  providerOrderId: providerId,
  outcome: z.enum(['success', 'failure']),
  method: z.enum(PAYMENT_METHODS).default('upi'),
});
export const LocalPayResultSchema = z.union([
  z.object({
    razorpay_order_id: z.string(),
    razorpay_payment_id: z.string(),
    razorpay_signature: z.string(),
  }),
  z.object({ error: z.object({ code: z.string(), description: z.string(), reason: z.string() }) }),
]);

/** POST /api/v1/payments/webhook: Razorpay's answer (any 2xx stops its retries). */
export const WebhookAckSchema = z.object({ ok: z.literal(true), handled: z.boolean() });

export const RefundParamsSchema = z.object({ orderId: z.uuid() });
