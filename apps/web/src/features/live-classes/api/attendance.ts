import { useQuery } from '@tanstack/react-query';
import type { LiveAttendance } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { LIVE_KEY } from './live-list';

/** GET /live-classes/:id/attendance: the class's students, who joined and when (staff). Read afresh each time it opens. */
export const useAttendance = (id: number | null) =>
  useQuery({
    queryKey: [...LIVE_KEY, 'attendance', id],
    queryFn: ({ signal }) => api.get<LiveAttendance>(`/live-classes/${id}/attendance`, undefined, signal),
    enabled: id !== null,
    staleTime: 0,
  });
