/**
 * Payment providers (issue #27; docs/DECISIONS.md "Plans and payment"): Razorpay, and a local stand-in
 * that behaves like it (same checkout API in the browser, same signature algorithms) for development
 * and tests, which cannot reach the internet.
 */
import type { PaymentMethod } from '@ki/contracts';

export interface ProviderOrder {
  id: string;
  amountPaise: number;
  currency: string;
}

/** A payment as the provider reports it (Razorpay's payment entity, the fields we check). */
export interface ProviderPayment {
  id: string;
  orderId: string | null;
  amountPaise: number;
  currency: string;
  /** 'captured' is money taken; 'authorized' is taken once captured (auto-capture does it at once). */
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method: string | null;
}

export interface PaymentProvider {
  readonly name: 'razorpay' | 'local';
  /** The public key the browser's checkout opens with. */
  readonly keyId: string;
  /** The checkout script the browser loads. */
  readonly scriptUrl: string;
  /** The origins the checkout loads scripts, frames and calls from (the page's security policy). */
  readonly checkoutOrigins: { script: string[]; frame: string[]; connect: string[] };
  createOrder(order: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder>;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /** Razorpay's checkout signature: HMAC-SHA256(order_id + '|' + payment_id, key secret), hex. */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** Razorpay's webhook signature: HMAC-SHA256(raw body, webhook secret), hex (X-Razorpay-Signature). */
  verifyWebhookSignature(rawBody: string, signature: string): boolean;
  refund(paymentId: string, amountPaise: number, notes: Record<string, string>): Promise<{ id: string }>;
}

/** A provider's method name as ours, or null when it is another (emi, paylater, …). */
export function paymentMethodOf(method: string | null): PaymentMethod | null {
  return method === 'upi' || method === 'card' || method === 'wallet' || method === 'netbanking' ? method : null;
}
