/**
 * Plans and payment (issue #27; docs/DECISIONS.md "Plans and payment"): who must have a plan, who buys
 * one, who sees receipts, who refunds.
 *
 * - A student plays (learn, practise, challenge, the leader board, the exam launcher) while their
 *   school pays or a plan they bought runs; otherwise those routes answer PLAN_REQUIRED (402).
 *   Free for everyone: signing in, the profile, the calendar, the privacy policy, plans and payment,
 *   and uploading records played earlier (nothing played offline is lost when a plan ends).
 *   Staff, parents and content roles never need a plan.
 * - Plans, orders and receipts are a student's own: only the student buys, for themselves, and
 *   only when their school lets families pay. An order the caller did not make does not exist for
 *   them (404).
 * - A refund is the chain's super-administrator's (money goes back to the family's account).
 */
import { mayPlay } from '@ki/domain';
import { AppError, forbidden, notFound } from '../errors';
import { requireUser, type Principal } from './policy';

export const PLAN_REQUIRED_MESSAGE = 'Your plan has ended. Choose a plan to keep learning.';

/** The gate of the protected learner routes: a student without a running plan gets PLAN_REQUIRED. */
export function requireActivePlan(principal: Principal | null, now: Date): void {
  if (principal?.role !== 'student' || !principal.plan) return;
  if (!mayPlay(principal.plan.schoolPays, principal.plan.until, now))
    throw new AppError('PLAN_REQUIRED', PLAN_REQUIRED_MESSAGE);
}

/** Plans and receipts: a student's own page. */
export function authorizeReadPlans(
  principal: Principal | null,
): Principal & { role: 'student'; enrolment: NonNullable<Principal['enrolment']> } {
  const p = requireUser(principal);
  if (p.role !== 'student' || !p.enrolment) throw forbidden('Plans are for students');
  return p as Principal & { role: 'student'; enrolment: NonNullable<Principal['enrolment']> };
}

/** Buying: a student whose school lets families pay. */
export function authorizeBuyPlan(principal: Principal | null) {
  const p = authorizeReadPlans(principal);
  if (p.plan?.schoolPays) throw new AppError('SCHOOL_PAYS', 'Your school pays for your plan. There is nothing to pay.');
  return p;
}

/** An order: only its student sees it or reports on it; anyone else is told it does not exist. */
export function authorizeOwnOrder(principal: Principal | null, order: { studentId: number } | undefined) {
  const p = authorizeReadPlans(principal);
  if (!order || order.studentId !== p.userId) throw notFound('Order');
  return p;
}

/** A refund: the super-administrator of the chain the order's school belongs to. Others: 404 or 403. */
export function authorizeRefund(principal: Principal | null, order: { chainId: number | null } | undefined): Principal {
  const p = requireUser(principal);
  if (p.role !== 'superadmin') throw forbidden('Only the chain’s super-administrator refunds payments');
  if (!order || order.chainId === null || order.chainId !== p.chainId) throw notFound('Order');
  return p;
}
