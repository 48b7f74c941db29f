/**
 * Plans in the access world (issue #27): a school of chain A where families pay, with a student who
 * started one order and paid another. The world's actors are not that student: to each of them the
 * orders are someone else's. test/access-matrix-plans.ts calls the plans routes against them.
 */
import type { PaymentOrder } from '@ki/contracts';
import type { LocalPaymentProvider } from '../providers/payment/local-payment-provider';
import type { TestApp } from './build-test-app';
import { createSchool, createStudent, sessionCookie } from './factories';

export interface PlansWork {
  /** The three-month plan. */
  planId: number;
  /** An unpaid order of the family-paid student, and its provider order id. */
  openOrderId: string;
  openProviderOrderId: string;
  /** A paid order of the same student (chain A): what a refund takes. */
  paidOrderId: string;
}

export async function buildPlansWorld(t: TestApp, o: { chainA: number; boardA: number }): Promise<PlansWork> {
  const db = t.database.db;
  const school = await createSchool(db, {
    chainId: o.chainA,
    boardId: o.boardA,
    grades: [7],
    name: 'Family-paid school',
  });
  await db.updateTable('schools').set({ paid_by: 'family' }).where('id', '=', school).execute();
  const kid = await createStudent(db, { schoolId: school, boardId: o.boardA, grade: 7, firstName: 'Payal' });
  const cookie = await sessionCookie(db, kid, t.now());
  const planId = (await db.selectFrom('plans').select('id').where('code', '=', 'quarter').executeTakeFirstOrThrow()).id;
  const order = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/plans/orders',
      headers: { cookie },
      payload: { planId, method: 'upi' },
    });
    if (res.statusCode !== 201) throw new Error(`world: an order answered ${res.statusCode} ${res.body}`);
    return res.json() as PaymentOrder;
  };
  const open = await order();
  const paid = await order();
  const checkout = (t.payments as LocalPaymentProvider).pay(paid.providerOrderId, 'success', 'upi', t.now())!.checkout!;
  const verified = await t.app.inject({
    method: 'POST',
    url: `/api/v1/plans/orders/${paid.orderId}/verify`,
    headers: { cookie },
    payload: {
      providerOrderId: checkout.razorpay_order_id,
      providerPaymentId: checkout.razorpay_payment_id,
      signature: checkout.razorpay_signature,
    },
  });
  if (verified.statusCode !== 200) throw new Error(`world: a payment answered ${verified.statusCode} ${verified.body}`);
  return { planId, openOrderId: open.orderId, openProviderOrderId: open.providerOrderId, paidOrderId: paid.orderId };
}
