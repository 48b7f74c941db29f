import { randomBytes } from 'node:crypto';
import type { PaymentProvider, ProviderOrder, ProviderPayment } from './payment-provider';
import { checkPaymentSignature, checkWebhookSignature, hmacHex } from './signatures';

/** Where this server serves the stand-in's checkout script (plans.routes.ts, outside production). */
export const LOCAL_CHECKOUT_PATH = '/api/v1/payments/local/checkout.js';
/** The stand-in's secrets: development and tests only (production refuses PAYMENT_PROVIDER=local). */
export const LOCAL_KEY_ID = 'rzp_test_local';
export const LOCAL_KEY_SECRET = 'dev-only-local-payment-key-secret';
export const LOCAL_WEBHOOK_SECRET = 'dev-only-local-payment-webhook-secret';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay-shaped ids: a prefix and 14 letters or digits ('order_…', 'pay_…', 'rfnd_…'). */
function providerId(prefix: string): string {
  return `${prefix}_${[...randomBytes(14)].map((b) => ALNUM[b % ALNUM.length]).join('')}`;
}

export interface LocalPaymentOutcome {
  payment: ProviderPayment;
  /** What Razorpay's checkout hands its success handler, signed with the key secret. */
  checkout: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string } | null;
  /** The webhook Razorpay would send about it, signed with the webhook secret. */
  webhook: { eventId: string; body: string; signature: string };
}

/**
 * Razorpay's stand-in for development and tests: it keeps orders and payments in memory, signs what
 * the checkout returns and what its webhooks say exactly as Razorpay does (same HMAC-SHA256 over the
 * same strings), and its checkout script (local-checkout-script.ts) gives the browser Razorpay's
 * `window.Razorpay` API with buttons that pay, fail or close. A restart forgets unpaid orders, which
 * then stay unpaid: what an abandoned checkout does.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly keyId = LOCAL_KEY_ID;
  readonly scriptUrl = LOCAL_CHECKOUT_PATH;
  readonly checkoutOrigins = { script: [], frame: [], connect: [] };
  private readonly orders = new Map<string, ProviderOrder & { method?: string }>();
  private readonly payments = new Map<string, ProviderPayment>();

  async createOrder(order: { amountPaise: number }): Promise<ProviderOrder> {
    const created = { id: providerId('order'), amountPaise: order.amountPaise, currency: 'INR' };
    this.orders.set(created.id, created);
    return created;
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment> {
    const payment = this.payments.get(paymentId);
    if (!payment) throw new Error(`The requested id does not exist: ${paymentId}`);
    return payment;
  }

  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean {
    return checkPaymentSignature(orderId, paymentId, signature, LOCAL_KEY_SECRET);
  }

  verifyWebhookSignature(rawBody: string, signature: string): boolean {
    return checkWebhookSignature(rawBody, signature, LOCAL_WEBHOOK_SECRET);
  }

  async refund(paymentId: string): Promise<{ id: string }> {
    const payment = this.payments.get(paymentId);
    if (payment) payment.status = 'refunded';
    return { id: providerId('rfnd') };
  }

  /** The checkout's Pay or Fail button: a captured or failed payment of the whole order. Null for an unknown order. */
  pay(orderId: string, outcome: 'success' | 'failure', method: string, now: Date): LocalPaymentOutcome | null {
    const order = this.orders.get(orderId);
    if (!order) return null;
    const payment: ProviderPayment = {
      id: providerId('pay'),
      orderId,
      amountPaise: order.amountPaise,
      currency: order.currency,
      status: outcome === 'success' ? 'captured' : 'failed',
      method,
    };
    this.payments.set(payment.id, payment);
    const event = outcome === 'success' ? 'payment.captured' : 'payment.failed';
    const body = JSON.stringify({
      entity: 'event',
      event,
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: payment.id,
            entity: 'payment',
            amount: payment.amountPaise,
            currency: payment.currency,
            status: payment.status,
            order_id: orderId,
            method,
            ...(outcome === 'failure'
              ? { error_code: 'BAD_REQUEST_ERROR', error_reason: 'payment_failed', error_description: 'Payment failed' }
              : {}),
          },
        },
      },
      created_at: Math.floor(now.getTime() / 1000),
    });
    return {
      payment,
      checkout:
        outcome === 'success'
          ? {
              razorpay_order_id: orderId,
              razorpay_payment_id: payment.id,
              razorpay_signature: hmacHex(LOCAL_KEY_SECRET, `${orderId}|${payment.id}`),
            }
          : null,
      webhook: { eventId: providerId('evt'), body, signature: hmacHex(LOCAL_WEBHOOK_SECRET, body) },
    };
  }
}
