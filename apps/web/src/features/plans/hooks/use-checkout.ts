import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OrderOutcomeBody, PaymentMethod, PaymentOrder, Plan } from '@ki/contracts';
import { paths, PRODUCT_NAME } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useMe } from '../../../lib/session';
import { useCreateOrder } from '../api/create-order';
import { useReportOutcome } from '../api/report-outcome';
import { useVerifyPayment, type Verification } from '../api/verify-payment';
import { loadCheckout, type RazorpayCheckout } from '../checkout-script';
import { usePlanName } from '../use-access-text';

/** Where a payment stands: the order being made, the checkout's script loading, the checkout open, the payment being confirmed. */
export type CheckoutStep = 'idle' | 'ordering' | 'loading' | 'open' | 'verifying';

/** What the page tells the family after a payment attempt. */
export type CheckoutNotice =
  | { kind: 'failed' }
  | { kind: 'cancelled' }
  /** The provider's script did not load (access-and-app-shell.md 8: its text names card or wallet). */
  | { kind: 'script'; method: PaymentMethod }
  /** A refusal or a network failure before the checkout opened, or a payment the server did not accept. */
  | { kind: 'error'; error: unknown }
  /** Paid, but the confirmation did not reach the server: Try again sends it again. */
  | { kind: 'unverified' };

/** No network, or a server in trouble: asking again may get through, unlike a refusal. */
const isTransient = (error: unknown) => error instanceof ApiError && (error.code === 'NETWORK' || error.status >= 500);

/**
 * Paying for a plan with the provider's checkout (Razorpay's Standard Checkout, or the server's
 * stand-in): an order from the server, the checkout's script, the checkout opened on the method
 * chosen, then the payment's three values confirmed by the server. One payment at a time: a second
 * tap while one is under way does nothing. Failed and cancelled payments are reported to the
 * server and the page stays, ready for another try.
 */
export function useCheckout() {
  const { t, i18n } = useTranslation('plans');
  const planName = usePlanName();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const createOrder = useCreateOrder();
  const verify = useVerifyPayment();
  const { mutate: report } = useReportOutcome();
  const [step, setStep] = useState<CheckoutStep>('idle');
  const [notice, setNotice] = useState<CheckoutNotice | null>(null);
  // The confirmation of a payment made but not confirmed yet: nothing else starts until it is.
  const [unconfirmed, setUnconfirmed] = useState<Verification | null>(null);
  // A ref, not state: two taps in one frame both see the first one's mark.
  const busy = useRef(false);

  const finish = (next: CheckoutNotice | null) => {
    busy.current = false;
    setStep('idle');
    setNotice(next);
  };

  const paid = (endsAt: string | null) => {
    busy.current = false;
    setStep('idle');
    notifications.show({
      color: 'teal',
      message: t('payment.paid', { date: endsAt ? formatDate(endsAt, i18n.resolvedLanguage) : '' }),
    });
    void navigate(me?.home ?? paths.root, { replace: true });
  };

  async function confirm(verification: Verification) {
    busy.current = true;
    setStep('verifying');
    setNotice(null);
    setUnconfirmed(null);
    try {
      const { access } = await verify.mutateAsync(verification);
      paid(access.endsAt);
    } catch (error) {
      if (isTransient(error)) {
        setUnconfirmed(verification);
        finish({ kind: 'unverified' });
        return;
      }
      finish({ kind: 'error', error });
    }
  }

  async function pay(plan: Plan, method: PaymentMethod) {
    if (busy.current || unconfirmed) return;
    busy.current = true;
    setNotice(null);
    setStep('ordering');
    let order: PaymentOrder;
    try {
      order = await createOrder.mutateAsync({ planId: plan.id, method });
    } catch (error) {
      finish({ kind: 'error', error });
      return;
    }
    const close = (body: OrderOutcomeBody, next: CheckoutNotice) => {
      report({ orderId: order.orderId, body });
      finish(next);
    };

    setStep('loading');
    let checkout: RazorpayCheckout;
    // Only the first of failure and dismissal counts: Razorpay keeps its window open after a failed
    // attempt (the family may try again there, and a success still confirms), then dismisses it.
    let closed = false;
    try {
      const Razorpay = await loadCheckout(order.scriptUrl);
      checkout = new Razorpay({
        key: order.keyId,
        amount: order.amountPaise,
        currency: order.currency,
        order_id: order.providerOrderId,
        name: PRODUCT_NAME,
        description: planName({ code: order.planCode, name: order.planName }),
        prefill: { name: order.prefill.name, contact: order.prefill.contact, method: order.method },
        handler: (response) => {
          closed = true;
          void confirm({
            orderId: order.orderId,
            body: {
              providerOrderId: response.razorpay_order_id,
              providerPaymentId: response.razorpay_payment_id,
              signature: response.razorpay_signature,
            },
          });
        },
        modal: {
          ondismiss: () => {
            if (closed) return;
            closed = true;
            close({ outcome: 'abandoned' }, { kind: 'cancelled' });
          },
        },
      });
    } catch {
      close({ outcome: 'abandoned', reason: 'checkout script did not load' }, { kind: 'script', method: order.method });
      return;
    }
    checkout.on('payment.failed', ({ error }) => {
      if (closed) return;
      closed = true;
      close({ outcome: 'failed', ...(error.reason ? { reason: error.reason.slice(0, 200) } : {}) }, { kind: 'failed' });
    });
    setStep('open');
    checkout.open();
  }

  return {
    step,
    notice,
    /** A payment is under way, or waits for its confirmation: Proceed to pay stays off. */
    isBusy: step !== 'idle' || unconfirmed !== null,
    pay: (plan: Plan, method: PaymentMethod) => void pay(plan, method),
    /** Sends the last payment's confirmation again, the same three values. */
    confirmAgain: () => {
      if (unconfirmed && !busy.current) void confirm(unconfirmed);
    },
  };
}
