import type { PaymentMethod } from '@ki/contracts';

/**
 * Razorpay's Standard Checkout as the browser sees it (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/):
 * the script defines `window.Razorpay`; the server's stand-in (development, tests) defines the same.
 * Only what this app uses is typed.
 */
export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayFailure {
  error: { code: string; description: string; reason?: string; source?: string; step?: string };
}

export interface RazorpayOptions {
  key: string;
  /** In paise. */
  amount: number;
  currency: 'INR';
  order_id: string;
  name: string;
  description: string;
  prefill: { name?: string; contact?: string; method?: PaymentMethod };
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
}

export interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', listener: (response: RazorpayFailure) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

/** How long a checkout script may take to arrive on a slow phone before the page says it could not. */
export const CHECKOUT_SCRIPT_TIMEOUT_MS = 30_000;

let loading: Promise<RazorpayConstructor> | null = null;

/**
 * The provider's checkout, loaded once with a script tag (its terms ask for the script from its own
 * address, not a bundled copy). A failure is not kept: the next payment tries the script again.
 */
export function loadCheckout(src: string): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    let settled = false;
    // Loaded (and defining the checkout), failed, or too slow: whichever comes first decides.
    const settle = (loaded: boolean) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      if (loaded && window.Razorpay) return resolve(window.Razorpay);
      script.remove();
      loading = null;
      reject(new Error(`The checkout script did not load: ${src}`));
    };
    const timer = window.setTimeout(() => settle(false), CHECKOUT_SCRIPT_TIMEOUT_MS);
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => settle(true));
    script.addEventListener('error', () => settle(false));
    document.head.append(script);
  });
  return loading;
}
