import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlansResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** The plans answer's key: paying puts the new access in it and asks again. */
export const PLANS_KEY = ['plans'] as const;

export const getPlans = (signal?: AbortSignal) => api.get<PlansResponse>('/plans', undefined, signal);

/**
 * GET /plans: the student's access, the plans on offer and their receipts. Asked again whenever a
 * screen showing it opens (staleTime 0): whether a plan is running is what the page is for, and a
 * plan may have ended or been bought in another tab since. Kept on the device, so the profile's
 * receipts open offline.
 */
export const plansQuery = () =>
  queryOptions({
    queryKey: PLANS_KEY,
    queryFn: ({ signal }) => getPlans(signal),
    staleTime: 0,
    meta: { saveOnDevice: true },
  });

export const usePlans = () => useQuery(plansQuery());
