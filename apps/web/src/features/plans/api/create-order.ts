import { useMutation } from '@tanstack/react-query';
import type { CreateOrderBody, PaymentOrder } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** POST /plans/orders: an order for a plan, paid with the method chosen (the server sets the amount). */
export const createOrder = (body: CreateOrderBody) => api.post<PaymentOrder>('/plans/orders', body);

/**
 * Sent at once even offline (networkMode 'always'), so the page says the network is missing instead
 * of waiting; never retried by itself: a second order is the family's choice, not the app's.
 */
export const useCreateOrder = () => useMutation({ mutationFn: createOrder, networkMode: 'always', retry: false });
