/** SQL of the plans module: plans, orders, the plans students bought, webhook events. No rules, no access checks. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, PaymentMethodName, PaymentOrderStatus } from '../../db/schema';

export async function activePlans(db: Kysely<DB>) {
  return db
    .selectFrom('plans')
    .select(['id', 'code', 'name', 'price_paise', 'duration_days', 'features'])
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function findActivePlan(db: Kysely<DB>, planId: number) {
  return db
    .selectFrom('plans')
    .select(['id', 'code', 'name', 'price_paise', 'duration_days'])
    .where('id', '=', planId)
    .where('active', '=', true)
    .executeTakeFirst();
}

/** Whether the student's school pays for its students, and the student's name and mobile (checkout prefill). */
export async function studentAccount(db: Kysely<DB>, studentId: number) {
  return db
    .selectFrom('users')
    .innerJoin('student_enrolments', 'student_enrolments.student_id', 'users.id')
    .innerJoin('schools', 'schools.id', 'student_enrolments.school_id')
    .select(['users.first_name', 'users.last_name', 'users.mobile', 'schools.paid_by', 'schools.id as school_id'])
    .where('users.id', '=', studentId)
    .executeTakeFirst();
}

export async function planWindows(db: Kysely<DB> | Transaction<DB>, studentId: number) {
  return db.selectFrom('student_plans').select(['starts_at', 'ends_at']).where('student_id', '=', studentId).execute();
}

export async function insertOrder(
  db: Kysely<DB>,
  row: {
    id: string;
    studentId: number;
    schoolId: number;
    planId: number;
    provider: 'razorpay' | 'local';
    providerOrderId: string;
    amountPaise: number;
    method: PaymentMethodName;
    receiptNumber: string;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('payment_orders')
    .values({
      id: row.id,
      student_id: row.studentId,
      school_id: row.schoolId,
      plan_id: row.planId,
      provider: row.provider,
      provider_order_id: row.providerOrderId,
      amount_paise: row.amountPaise,
      method: row.method,
      status: 'created',
      receipt_number: row.receiptNumber,
      created_at: row.createdAt,
    })
    .execute();
}

const orderColumns = [
  'payment_orders.id',
  'payment_orders.student_id',
  'payment_orders.school_id',
  'payment_orders.plan_id',
  'payment_orders.provider',
  'payment_orders.provider_order_id',
  'payment_orders.amount_paise',
  'payment_orders.currency',
  'payment_orders.status',
  'payment_orders.provider_payment_id',
] as const;

export async function findOrder(db: Kysely<DB>, orderId: string) {
  return db
    .selectFrom('payment_orders')
    .innerJoin('schools', 'schools.id', 'payment_orders.school_id')
    .select([...orderColumns, 'schools.chain_id'])
    .where('payment_orders.id', '=', orderId)
    .executeTakeFirst();
}

export async function findOrderByProviderOrder(
  db: Kysely<DB> | Transaction<DB>,
  provider: string,
  providerOrderId: string,
) {
  return db
    .selectFrom('payment_orders')
    .select([...orderColumns])
    .where('provider', '=', provider as 'razorpay' | 'local')
    .where('provider_order_id', '=', providerOrderId)
    .executeTakeFirst();
}

/** The order a provider's payment paid (refund events name the payment, not the order). */
export async function findOrderByPayment(db: Kysely<DB>, provider: string, providerPaymentId: string) {
  return db
    .selectFrom('payment_orders')
    .select([...orderColumns])
    .where('provider', '=', provider as 'razorpay' | 'local')
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
}

/** How many orders the student started since `since`. */
export async function ordersSince(db: Kysely<DB>, studentId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('payment_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('student_id', '=', studentId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The order, locked for the rest of the transaction (payment, refund and webhooks wait for each other). */
export async function lockOrder(trx: Transaction<DB>, orderId: string) {
  return trx
    .selectFrom('payment_orders')
    .innerJoin('plans', 'plans.id', 'payment_orders.plan_id')
    .select([...orderColumns, 'plans.duration_days'])
    .where('payment_orders.id', '=', orderId)
    .forUpdate('payment_orders')
    .executeTakeFirst();
}

/**
 * The student's row locked: two orders of one student paid at once take their windows one after the
 * other, so the second starts where the first ends.
 */
export async function lockStudent(trx: Transaction<DB>, studentId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', studentId).forUpdate().execute();
}

export async function markPaid(
  trx: Transaction<DB>,
  orderId: string,
  paid: { paymentId: string; method: PaymentMethodName | null; at: Date },
): Promise<void> {
  await trx
    .updateTable('payment_orders')
    .set({
      status: 'paid',
      provider_payment_id: paid.paymentId,
      paid_method: paid.method,
      paid_at: paid.at,
      failure_reason: null,
    })
    .where('id', '=', orderId)
    .execute();
}

export async function insertStudentPlan(
  trx: Transaction<DB>,
  row: { studentId: number; schoolId: number; planId: number; orderId: string; startsAt: Date; endsAt: Date },
): Promise<void> {
  await trx
    .insertInto('student_plans')
    .values({
      student_id: row.studentId,
      school_id: row.schoolId,
      plan_id: row.planId,
      order_id: row.orderId,
      starts_at: row.startsAt,
      ends_at: row.endsAt,
    })
    .execute();
}

/** An unpaid order failed or was given up; a paid or refunded one keeps its state. */
export async function markUnpaid(
  db: Kysely<DB> | Transaction<DB>,
  orderId: string,
  status: Extract<PaymentOrderStatus, 'failed' | 'abandoned'>,
  reason: string | null,
) {
  await db
    .updateTable('payment_orders')
    .set({ status, failure_reason: reason })
    .where('id', '=', orderId)
    .where('status', 'in', ['created', 'failed', 'abandoned'])
    .execute();
}

export async function markRefunded(
  trx: Transaction<DB>,
  orderId: string,
  refund: { id: string; at: Date },
): Promise<void> {
  await trx
    .updateTable('payment_orders')
    .set({ status: 'refunded', refunded_at: refund.at, provider_refund_id: refund.id })
    .where('id', '=', orderId)
    .execute();
}

/**
 * A refunded order's plan stops at `at` (or never starts), and the student's plans bought after it
 * move earlier by the time it gave back, so they run on without a gap.
 */
export async function endPlanOfOrder(
  trx: Transaction<DB>,
  studentId: number,
  orderId: string,
  at: Date,
): Promise<void> {
  const plan = await trx
    .selectFrom('student_plans')
    .select(['starts_at', 'ends_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!plan) return;
  const newEnd = new Date(Math.min(Math.max(at.getTime(), plan.starts_at.getTime()), plan.ends_at.getTime()));
  const givenBack = plan.ends_at.getTime() - newEnd.getTime();
  await trx.updateTable('student_plans').set({ ends_at: newEnd }).where('order_id', '=', orderId).execute();
  if (givenBack > 0) {
    const interval = `${givenBack} milliseconds`;
    await sql`
      update student_plans
         set starts_at = starts_at - ${interval}::interval, ends_at = ends_at - ${interval}::interval
       where student_id = ${studentId} and order_id <> ${orderId} and starts_at >= ${plan.ends_at}`.execute(trx);
  }
}

/** A webhook event seen for the first time: true; a replay: false. */
export async function recordEvent(
  trx: Transaction<DB>,
  row: { provider: string; eventId: string; event: string; orderId: string | null; at: Date },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_events')
    .values({
      provider: row.provider,
      event_id: row.eventId,
      event: row.event,
      order_id: row.orderId,
      received_at: row.at,
    })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

const receiptColumns = [
  'payment_orders.id',
  'payment_orders.receipt_number',
  'payment_orders.amount_paise',
  'payment_orders.paid_method',
  'payment_orders.status',
  'payment_orders.paid_at',
  'payment_orders.refunded_at',
  'payment_orders.provider_payment_id',
  'plans.code as plan_code',
  'plans.name as plan_name',
  'student_plans.starts_at',
  'student_plans.ends_at',
] as const;

/** The student's paid and refunded orders with the time each plan ran, newest first. */
export async function receipts(db: Kysely<DB>, studentId: number, limit: number) {
  return db
    .selectFrom('payment_orders')
    .innerJoin('plans', 'plans.id', 'payment_orders.plan_id')
    .innerJoin('student_plans', 'student_plans.order_id', 'payment_orders.id')
    .select([...receiptColumns])
    .where('payment_orders.student_id', '=', studentId)
    .where('payment_orders.status', 'in', ['paid', 'refunded'])
    .orderBy('payment_orders.paid_at', 'desc')
    .limit(limit)
    .execute();
}

export async function receiptOf(db: Kysely<DB> | Transaction<DB>, orderId: string) {
  return db
    .selectFrom('payment_orders')
    .innerJoin('plans', 'plans.id', 'payment_orders.plan_id')
    .innerJoin('student_plans', 'student_plans.order_id', 'payment_orders.id')
    .select([...receiptColumns])
    .where('payment_orders.id', '=', orderId)
    .executeTakeFirst();
}
