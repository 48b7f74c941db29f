import { useMutation } from '@tanstack/react-query';
import type { OrderOutcomeBody } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** POST /plans/orders/:orderId/outcome: the checkout closed without a payment (failed, or cancelled). */
export const reportOutcome = ({ orderId, body }: { orderId: string; body: OrderOutcomeBody }) =>
  api.post<undefined>(`/plans/orders/${orderId}/outcome`, body);

/**
 * For the server's records only (the family sees the page's own message): a network blip is tried
 * twice more, and a failure is not shown.
 */
export const useReportOutcome = () => useMutation({ mutationFn: reportOutcome, networkMode: 'always', retry: 2 });
