import type { Config } from '../../config';
import { LocalPaymentProvider } from './local-payment-provider';
import type { PaymentProvider } from './payment-provider';
import { RazorpayPaymentProvider } from './razorpay-payment-provider';

/** The payment provider the configuration names, or null when payments are off. */
export function createPaymentProvider(
  config: Pick<Config, 'PAYMENT_PROVIDER' | 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_WEBHOOK_SECRET'>,
): PaymentProvider | null {
  switch (config.PAYMENT_PROVIDER) {
    case 'razorpay':
      return new RazorpayPaymentProvider({
        keyId: config.RAZORPAY_KEY_ID!,
        keySecret: config.RAZORPAY_KEY_SECRET!,
        webhookSecret: config.RAZORPAY_WEBHOOK_SECRET!,
      });
    case 'local':
      return new LocalPaymentProvider();
    case 'off':
      return null;
  }
}
