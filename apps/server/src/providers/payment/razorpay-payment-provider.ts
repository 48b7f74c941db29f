import Razorpay from 'razorpay';
import type { PaymentProvider, ProviderOrder, ProviderPayment } from './payment-provider';
import { checkPaymentSignature, checkWebhookSignature } from './signatures';

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/**
 * Razorpay through its official Node SDK: orders, payments and refunds over its API; the browser
 * opens Razorpay's Standard Checkout (checkout.js) on the order.
 */
export class RazorpayPaymentProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;
  readonly scriptUrl = 'https://checkout.razorpay.com/v1/checkout.js';
  readonly checkoutOrigins = {
    script: ['https://checkout.razorpay.com'],
    frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
    connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  };
  private readonly api: Razorpay;

  constructor(private readonly keys: RazorpayKeys) {
    this.api = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
  }

  get keyId(): string {
    return this.keys.keyId;
  }

  async createOrder(order: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder> {
    const created = await this.api.orders.create({
      amount: order.amountPaise,
      currency: 'INR',
      receipt: order.receipt,
      notes: order.notes,
    });
    return { id: created.id, amountPaise: Number(created.amount), currency: created.currency };
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment> {
    const p = await this.api.payments.fetch(paymentId);
    return {
      id: p.id,
      orderId: p.order_id ?? null,
      amountPaise: Number(p.amount),
      currency: p.currency,
      status: p.status as ProviderPayment['status'],
      method: typeof p.method === 'string' ? p.method : null,
    };
  }

  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean {
    return checkPaymentSignature(orderId, paymentId, signature, this.keys.keySecret);
  }

  verifyWebhookSignature(rawBody: string, signature: string): boolean {
    return checkWebhookSignature(rawBody, signature, this.keys.webhookSecret);
  }

  async refund(paymentId: string, amountPaise: number, notes: Record<string, string>): Promise<{ id: string }> {
    const refund = await this.api.payments.refund(paymentId, { amount: amountPaise, notes });
    return { id: refund.id };
  }
}
