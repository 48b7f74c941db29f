/**
 * The authorization matrix rows of plans and payment (issue #27, policy/plans.ts), spread into MATRIX
 * by test/access-matrix.ts. Plans are a student's own: the world's student (whose school pays) reads
 * them and cannot buy (409); orders are their student's alone (404 to another student, 403 to
 * everyone else); refunds are the chain's super-administrator's; the webhook is public and refuses
 * anything unsigned (400).
 */
import { ACTORS, type AccessWorld, type Actor } from './access-world';

type Status = 200 | 201 | 204 | 400 | 401 | 403 | 404 | 409;
type Cells = Record<Actor, Status>;
interface Call {
  target: string;
  url: (w: AccessWorld) => string;
  payload?: (w: AccessWorld, actor: Actor) => unknown;
  expect: Cells;
}

/** `status` for each of `allowed`, anonymous 401, everyone else `otherwise` (403 unless said). */
function cells(allowed: readonly Actor[], status: Status, otherwise: Partial<Record<Actor, Status>> = {}): Cells {
  return Object.fromEntries(
    ACTORS.map((a) => [a, a === 'anonymous' ? 401 : allowed.includes(a) ? status : (otherwise[a] ?? 403)]),
  ) as Cells;
}
const everyone = (status: Status) => Object.fromEntries(ACTORS.map((a) => [a, status])) as Cells;

const SIGNED = {
  providerOrderId: 'order_Matrix00000001',
  providerPaymentId: 'pay_Matrix000000001',
  signature: 'a'.repeat(64),
};

export const PLANS_ROWS: Record<string, Call[]> = {
  'GET /api/v1/plans': [{ target: 'own plans', url: () => '/api/v1/plans', expect: cells(['student'], 200) }],
  'POST /api/v1/plans/orders': [
    {
      target: 'a plan (the student’s school pays)',
      url: () => '/api/v1/plans/orders',
      payload: (w) => ({ planId: w.plans.planId, method: 'upi' }),
      expect: cells(['student'], 409),
    },
  ],
  'POST /api/v1/plans/orders/{orderId}/verify': [
    {
      target: 'another student’s order',
      url: (w) => `/api/v1/plans/orders/${w.plans.openOrderId}/verify`,
      payload: () => SIGNED,
      expect: cells(['student'], 404),
    },
  ],
  'POST /api/v1/plans/orders/{orderId}/outcome': [
    {
      target: 'another student’s order',
      url: (w) => `/api/v1/plans/orders/${w.plans.openOrderId}/outcome`,
      payload: () => ({ outcome: 'abandoned' }),
      expect: cells(['student'], 404),
    },
  ],
  'POST /api/v1/plans/orders/{orderId}/refund': [
    {
      target: 'a paid order of chain A',
      url: (w) => `/api/v1/plans/orders/${w.plans.paidOrderId}/refund`,
      expect: cells(['superadmin'], 200, { otherChainSuperadmin: 404 }),
    },
  ],
  'POST /api/v1/payments/webhook': [
    {
      target: 'an unsigned event',
      url: () => '/api/v1/payments/webhook',
      payload: () => ({ event: 'payment.captured', payload: {} }),
      expect: everyone(400),
    },
  ],
  'GET /api/v1/payments/local/checkout.js': [
    { target: 'the stand-in’s script', url: () => '/api/v1/payments/local/checkout.js', expect: everyone(200) },
  ],
  'POST /api/v1/payments/local/pay': [
    {
      target: 'another student’s order',
      url: () => '/api/v1/payments/local/pay',
      payload: (w) => ({ providerOrderId: w.plans.openProviderOrderId, outcome: 'success' }),
      expect: cells(['student'], 404),
    },
  ],
};
