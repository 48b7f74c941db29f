/**
 * Razorpay's two signatures, computed with the official SDK's own functions so that our checks are
 * Razorpay's documented algorithm (https://razorpay.com/docs/payments/server-integration/nodejs/
 * payment-gateway/build-integration/#verify-payment-signature, and webhooks' X-Razorpay-Signature).
 * A wrong length or a non-hex signature is refused before comparing.
 */
import { createHmac } from 'node:crypto';
import razorpayUtils from 'razorpay/dist/utils/razorpay-utils.js';

const { validatePaymentVerification, validateWebhookSignature } = razorpayUtils as unknown as {
  validatePaymentVerification: (
    params: { order_id: string; payment_id: string },
    signature: string,
    secret: string,
  ) => boolean;
  validateWebhookSignature: (body: string, signature: string, secret: string) => boolean;
};

const HEX_64 = /^[0-9a-f]{64}$/;

export function checkPaymentSignature(
  orderId: string,
  paymentId: string,
  signature: string,
  keySecret: string,
): boolean {
  return (
    HEX_64.test(signature) &&
    validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, keySecret)
  );
}

export function checkWebhookSignature(rawBody: string, signature: string, webhookSecret: string): boolean {
  return HEX_64.test(signature) && validateWebhookSignature(rawBody, signature, webhookSecret);
}

/** What the stand-in signs with (the same HMAC the checks above verify). */
export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}
