/**
 * The demo's plans (issue #27): one school of the chain lets families pay (FAMILY_PAID_SCHOOL), the
 * others pay for all their students. At that school most families bought a plan through the months
 * of the term (some renewed, some bought a year), some plans ran out, some families never paid, a few
 * checkouts failed or were closed. Named students for the plans journeys: Kabir never had a plan,
 * Diya's ran out two weeks ago, everyone else named (Hetvi, who plays in Gujarati) has one running.
 */
import { nextPlanWindow, type PlanWindow } from '@ki/domain';
import type { Insertable, Kysely } from 'kysely';
import type { DB, PaymentMethodName, PaymentOrdersTable } from '../db/schema';
import { CONSENT_TEXT_VERSION } from '@ki/contracts';
import { receiptNumber } from '../modules/plans/plans.service';
import { randomFor, stableUuid } from './rng';

/** The chain's school (by index) where families pay: Ahmedabad. */
export const FAMILY_PAID_SCHOOL = 1;
/** Students of the plans journeys (e2e/plans.spec.ts), at FAMILY_PAID_SCHOOL; they sign in like Aarav. */
export const DEMO_PLAN_STUDENTS = {
  neverPaid: { first: 'Kabir', last: 'Mehta', mobile: '+919000000018', code: '20260000000018' },
  lapsed: { first: 'Diya', last: 'Joshi', mobile: '+919000000019', code: '20260000000019' },
} as const;

/**
 * Families' sign-up (issue #27): the family-paid school's sign-up code, and Kabir's account, which his
 * mother made herself with it (her consent is on his dashboard's data panel; she signs in by code).
 */
export const DEMO_SIGN_UP_CODE = 'AHMD2026';
export const DEMO_FAMILY_PARENT = { first: 'Sunita', last: 'Mehta', mobile: '+919000000028' } as const;

const DAY = 86_400_000;
const METHODS: PaymentMethodName[] = ['upi', 'upi', 'upi', 'upi', 'card', 'wallet', 'netbanking'];

interface DemoPlan {
  id: number;
  code: string;
  price_paise: number;
  duration_days: number;
}

/** Plans bought at the family-paid school, from the term's start to `now`. */
export async function addDemoPlans(
  db: Kysely<DB>,
  options: { seed: number; now: Date; schoolId: number; termStart: Date },
): Promise<void> {
  const { now, schoolId, termStart } = options;
  await db
    .updateTable('schools')
    .set({ paid_by: 'family', sign_up_code: DEMO_SIGN_UP_CODE })
    .where('id', '=', schoolId)
    .execute();
  await addDemoFamilyAccount(db, { now, termStart });
  const plans = (await db
    .selectFrom('plans')
    .select(['id', 'code', 'price_paise', 'duration_days'])
    .where('active', '=', true)
    .orderBy('sort')
    .execute()) as DemoPlan[];
  if (plans.length === 0) return;
  const byCode = (code: string) => plans.find((p) => p.code === code) ?? plans[0]!;
  const students = await db
    .selectFrom('student_enrolments')
    .innerJoin('users', 'users.id', 'student_enrolments.student_id')
    .select(['users.id', 'users.mobile'])
    .where('student_enrolments.school_id', '=', schoolId)
    .orderBy('users.id')
    .execute();

  const orders: Insertable<PaymentOrdersTable>[] = [];
  const runs: {
    student_id: number;
    school_id: number;
    plan_id: number;
    order_id: string;
    starts_at: Date;
    ends_at: Date;
  }[] = [];
  for (const student of students) {
    const rng = randomFor(options.seed, `plans:${student.id}`);
    const windows: PlanWindow[] = [];
    let n = 0;
    const buy = (plan: DemoPlan, at: Date, outcome: 'paid' | 'failed' | 'abandoned' = 'paid') => {
      const id = stableUuid(`${options.seed}/plan/${student.id}/${n++}`);
      const method = METHODS[rng.int(0, METHODS.length - 1)]!;
      const paid = outcome === 'paid';
      orders.push({
        id,
        student_id: student.id,
        school_id: schoolId,
        plan_id: plan.id,
        provider: 'local',
        provider_order_id: `order_demo${id.replaceAll('-', '').slice(0, 10)}`,
        amount_paise: plan.price_paise,
        currency: 'INR',
        method,
        status: outcome,
        receipt_number: receiptNumber(id, at),
        provider_payment_id: paid ? `pay_demo${id.replaceAll('-', '').slice(0, 10)}` : null,
        paid_method: paid ? method : null,
        failure_reason: outcome === 'failed' ? 'payment_failed' : null,
        created_at: at,
        paid_at: paid ? at : null,
        refunded_at: null,
        provider_refund_id: null,
      });
      if (!paid) return;
      const window = nextPlanWindow(windows, plan.duration_days, at);
      windows.push(window);
      runs.push({
        student_id: student.id,
        school_id: schoolId,
        plan_id: plan.id,
        order_id: id,
        starts_at: window.startsAt,
        ends_at: window.endsAt,
      });
    };
    const daysBefore = (days: number) => new Date(now.getTime() - days * DAY - rng.int(0, 10) * 3_600_000);

    if (student.mobile === DEMO_PLAN_STUDENTS.neverPaid.mobile) continue;
    if (student.mobile === DEMO_PLAN_STUDENTS.lapsed.mobile) {
      // A quarter that ran out a fortnight ago.
      buy(byCode('quarter'), new Date(now.getTime() - (byCode('quarter').duration_days + 14) * DAY));
      continue;
    }
    const roll = rng.next();
    const named = student.mobile !== null && student.mobile.startsWith('+919000000');
    if (!named && roll < 0.1) {
      // Never paid; a few tried once.
      if (rng.chance(0.3)) buy(byCode('quarter'), daysBefore(rng.int(1, 60)), rng.chance(0.5) ? 'failed' : 'abandoned');
      continue;
    }
    if (!named && roll < 0.22) {
      // A plan that ran out 1 to 60 days ago.
      const plan = byCode(rng.chance(0.7) ? 'quarter' : 'half-year');
      buy(plan, new Date(now.getTime() - (plan.duration_days + rng.int(1, 60)) * DAY));
      continue;
    }
    // A plan running now: bought at the term's start or later, renewed when it ran out.
    const first = byCode(rng.chance(0.5) ? 'quarter' : rng.chance(0.6) ? 'half-year' : 'year');
    const spanDays = Math.max(1, Math.floor((now.getTime() - termStart.getTime()) / DAY));
    let at = new Date(now.getTime() - rng.int(1, Math.min(spanDays, first.duration_days - 1)) * DAY);
    if (rng.chance(0.08)) buy(first, new Date(at.getTime() - 600_000), 'failed');
    buy(first, at);
    // Renewed a few days before the end, while the term lasts.
    while (windows[windows.length - 1]!.endsAt.getTime() - 5 * DAY < now.getTime()) {
      at = new Date(
        Math.min(windows[windows.length - 1]!.endsAt.getTime() - rng.int(0, 5) * DAY, now.getTime() - 3_600_000),
      );
      buy(byCode('quarter'), at);
    }
  }
  for (let i = 0; i < orders.length; i += 500)
    await db
      .insertInto('payment_orders')
      .values(orders.slice(i, i + 500))
      .execute();
  for (let i = 0; i < runs.length; i += 500)
    await db
      .insertInto('student_plans')
      .values(runs.slice(i, i + 500))
      .execute();
}

/** Kabir's account as his mother made it, a week into the term: her account, their link, her consent. */
async function addDemoFamilyAccount(db: Kysely<DB>, options: { now: Date; termStart: Date }): Promise<void> {
  const kabir = await db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', DEMO_PLAN_STUDENTS.neverPaid.mobile)
    .executeTakeFirst();
  if (!kabir) return;
  const at = new Date(Math.min(options.termStart.getTime() + 7 * DAY + 18.5 * 3_600_000, options.now.getTime() - DAY));
  const { id: parentId } = await db
    .insertInto('users')
    .values({
      role: 'parent',
      first_name: DEMO_FAMILY_PARENT.first,
      last_name: DEMO_FAMILY_PARENT.last,
      mobile: DEMO_FAMILY_PARENT.mobile,
      language: 'en',
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('parent_links')
    .values({
      parent_id: parentId,
      student_id: kabir.id,
      created_at: at,
      linked_by: parentId,
      first_name: DEMO_FAMILY_PARENT.first,
      last_name: DEMO_FAMILY_PARENT.last,
    })
    .execute();
  await db
    .insertInto('parent_link_events')
    .values({ student_id: kabir.id, parent_id: parentId, action: 'linked', actor_id: parentId, at })
    .execute();
  await db
    .insertInto('parental_consents')
    .values({
      student_id: kabir.id,
      parent_id: parentId,
      mobile: DEMO_FAMILY_PARENT.mobile,
      text_version: CONSENT_TEXT_VERSION,
      method: 'otp',
      given_at: at,
    })
    .execute();
}
