import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MeResponse, PlanAccess, PlansResponse, VerifiedPayment, VerifyPaymentBody } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { PLANS_KEY } from './get-plans';

export interface Verification {
  orderId: string;
  body: VerifyPaymentBody;
}

/** POST /plans/orders/:orderId/verify: the checkout's three values; the server checks the signature. */
export const verifyPayment = ({ orderId, body }: Verification) =>
  api.post<VerifiedPayment>(`/plans/orders/${orderId}/verify`, body);

/**
 * Puts a student's new access in the session and the plans answer at once (the start-up check reads
 * the session: the learner pages open straight away), then asks the server for both again.
 */
function adoptAccess(client: QueryClient, access: PlanAccess) {
  client.setQueryData<MeResponse | null>(['me'], (me) => (me ? { ...me, plan: access } : me));
  client.setQueryData<PlansResponse>(PLANS_KEY, (plans) => (plans ? { ...plans, access } : plans));
  void client.invalidateQueries({ queryKey: ['me'], exact: true });
  void client.invalidateQueries({ queryKey: PLANS_KEY });
}

/** Confirms a payment; sent at once, never retried by itself (the page offers Try again with the same body). */
export function useVerifyPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: verifyPayment,
    networkMode: 'always',
    retry: false,
    onSuccess: ({ access }) => adoptAccess(client, access),
  });
}
