import { z } from 'zod';

/** GET /api/v1/health: liveness and database reachability. */
export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean(), latencyMs: z.number() }),
  time: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
