/**
 * Razorpay's two signatures on fixed vectors (computed with `openssl dgst -sha256 -hmac`, not with the
 * code under test): the checkout's HMAC-SHA256 of "order_id|payment_id" under the key secret, and
 * the webhook's HMAC-SHA256 of the raw body under the webhook secret (X-Razorpay-Signature).
 */
import { describe, expect, it } from 'vitest';
import { RazorpayPaymentProvider } from './razorpay-payment-provider';
import { checkPaymentSignature, checkWebhookSignature } from './signatures';

const ORDER = 'order_IEIaMR65cu6nz3';
const PAYMENT = 'pay_IH4NVgf4Dreq1l';
const KEY_SECRET = 'EnLs21M47BllR3X8PSFtjtbd';
const PAYMENT_SIGNATURE = '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f';
const WEBHOOK_SECRET = 'whsec-Knowledge-Islands-1234';
const WEBHOOK_BODY =
  '{"entity":"event","event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_IH4NVgf4Dreq1l","amount":29900,"currency":"INR","status":"captured","order_id":"order_IEIaMR65cu6nz3"}}}}';
const WEBHOOK_SIGNATURE = 'f9cbd57624b4f444e2b473240c4a30e89e0b0933275d069d422ae6b8db158b13';

describe('the checkout’s payment signature', () => {
  it('accepts the documented HMAC of order_id|payment_id', () => {
    expect(checkPaymentSignature(ORDER, PAYMENT, PAYMENT_SIGNATURE, KEY_SECRET)).toBe(true);
  });

  it('refuses another order, another payment, another secret, a changed or malformed signature', () => {
    expect(checkPaymentSignature('order_IEIaMR65cu6nz4', PAYMENT, PAYMENT_SIGNATURE, KEY_SECRET)).toBe(false);
    expect(checkPaymentSignature(ORDER, 'pay_IH4NVgf4Dreq1m', PAYMENT_SIGNATURE, KEY_SECRET)).toBe(false);
    expect(checkPaymentSignature(ORDER, PAYMENT, PAYMENT_SIGNATURE, `${KEY_SECRET}x`)).toBe(false);
    expect(checkPaymentSignature(ORDER, PAYMENT, PAYMENT_SIGNATURE.replace(/f$/, 'e'), KEY_SECRET)).toBe(false);
    expect(checkPaymentSignature(ORDER, PAYMENT, PAYMENT_SIGNATURE.toUpperCase(), KEY_SECRET)).toBe(false);
    expect(checkPaymentSignature(ORDER, PAYMENT, '', KEY_SECRET)).toBe(false);
  });
});

describe('the webhook signature', () => {
  it('accepts the documented HMAC of the raw body', () => {
    expect(checkWebhookSignature(WEBHOOK_BODY, WEBHOOK_SIGNATURE, WEBHOOK_SECRET)).toBe(true);
  });

  it('refuses a body changed by one character (the same JSON re-serialised with a space) and another secret', () => {
    expect(checkWebhookSignature(WEBHOOK_BODY.replace('29900', '29901'), WEBHOOK_SIGNATURE, WEBHOOK_SECRET)).toBe(
      false,
    );
    expect(
      checkWebhookSignature(WEBHOOK_BODY.replace('"event":', '"event": '), WEBHOOK_SIGNATURE, WEBHOOK_SECRET),
    ).toBe(false);
    expect(checkWebhookSignature(WEBHOOK_BODY, WEBHOOK_SIGNATURE, 'another-webhook-secret')).toBe(false);
  });
});

describe('the Razorpay adapter', () => {
  it('checks both signatures with its own secrets, without reaching Razorpay', () => {
    const razorpay = new RazorpayPaymentProvider({
      keyId: 'rzp_test_Abcdef123456',
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
    });
    expect(razorpay.verifyPaymentSignature(ORDER, PAYMENT, PAYMENT_SIGNATURE)).toBe(true);
    expect(razorpay.verifyWebhookSignature(WEBHOOK_BODY, WEBHOOK_SIGNATURE)).toBe(true);
    expect(razorpay.verifyWebhookSignature(WEBHOOK_BODY, PAYMENT_SIGNATURE)).toBe(false);
    expect(razorpay.scriptUrl).toBe('https://checkout.razorpay.com/v1/checkout.js');
    expect(razorpay.keyId).toBe('rzp_test_Abcdef123456');
  });
});
