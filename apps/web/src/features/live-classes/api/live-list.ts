import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveList } from '@ki/contracts';
import { api, ApiError } from '../../../lib/api-client';

/** Every answer about live classes (the lists, a room) sits under this key. */
export const LIVE_KEY = ['live-classes'] as const;

/**
 * GET /live-classes: the caller's live classes and programmes from now to 14 days ahead (live first)
 * and, for staff, their classes that ended in the last 7 days. Asked again each minute while shown,
 * so a class turns Live (and its Join appears) without a reload.
 */
export const liveListQuery = () =>
  queryOptions({
    queryKey: [...LIVE_KEY, 'list'],
    queryFn: ({ signal }) => api.get<LiveList>('/live-classes', undefined, signal),
    refetchInterval: 60_000,
  });

export const useLiveList = (enabled = true) => useQuery({ ...liveListQuery(), enabled });

/** Whether a failed request is the server saying the school does not have live classes. */
export const notInPlan = (error: unknown) => error instanceof ApiError && error.code === 'LIVE_CLASSES_NOT_IN_PLAN';
