/**
 * Housekeeping (issue #21's follow-up): the throttling and sign-in tables grow with every request
 * that counts, so rows no rule reads any more are deleted once an hour by the running server.
 * Retention, from the longest rule that reads each table:
 * - rate_limit_events: 1 day (every window that counts them is 1 hour at most);
 * - sign_in_backoffs: 30 days after the last failure, and only once any wait is over (a count
 *   untouched for OTP_BACKOFF.forgetAfterMs, the longest of the rules, starts from zero anyway);
 * - otp_challenges: 1 day after the code expired (codes live minutes; sends are counted over an hour);
 * - sessions: 1 day after they expired or were signed out.
 * It also finishes, as time_up, the assessment attempts nobody came back to after their time was up
 * (with their marks and learning record: assessment/attempts.service.ts); an attempt someone does
 * come back to is finished on that request already. On the embedded database, which runs no
 * autovacuum, it refreshes the planner's statistics (ANALYZE): without them PGlite planned the chat
 * rooms list at 7.7 ms instead of 2.7 ms (docs/PERFORMANCE.md "Staff chat").
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { finishOverdueAttempts } from '../assessment/attempts.service';
import { OTP_BACKOFF, PASSWORD_BACKOFF } from '../auth/backoff';
import * as repo from './housekeeping.repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const RETENTION = {
  rateLimitEventsMs: DAY_MS,
  backoffsMs: Math.max(OTP_BACKOFF.forgetAfterMs, PASSWORD_BACKOFF.forgetAfterMs),
  otpChallengesMs: DAY_MS,
  endedSessionsMs: DAY_MS,
} as const;

/** How often the running server prunes. */
export const HOUSEKEEPING_EVERY_MS = HOUR_MS;

export interface PruneCounts {
  rateLimitEvents: number;
  backoffs: number;
  /** Sign-in codes and families' sign-ups never finished. */
  otpChallenges: number;
  sessions: number;
}

/** Deletes every row past its retention at `now` (see the file comment). */
export async function pruneExpired({ database }: Pick<AppDeps, 'database'>, now: Date): Promise<PruneCounts> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const db = database.db;
  return {
    rateLimitEvents: await repo.deleteRateLimitEventsBefore(db, ago(RETENTION.rateLimitEventsMs)),
    backoffs: await repo.deleteBackoffsBefore(db, ago(RETENTION.backoffsMs), now),
    otpChallenges: await repo.deleteOtpChallengesExpiredBefore(db, ago(RETENTION.otpChallengesMs)),
    sessions: await repo.deleteSessionsEndedBefore(db, ago(RETENTION.endedSessionsMs)),
  };
}

/**
 * Prunes now and then every HOUSEKEEPING_EVERY_MS until the returned stop function is called; stop
 * resolves once a round under way has finished (so the database can close after it). A failed
 * round is logged and the next one tries again; the timer never keeps the process alive.
 */
export function startHousekeeping(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const round = () => {
    if (running) return;
    const now = deps.clock();
    running = pruneExpired(deps, now)
      .then(async (counts) => {
        if (Object.values(counts).some((n) => n > 0)) log.info({ pruned: counts }, 'housekeeping: old rows deleted');
        const timedUp = await finishOverdueAttempts(deps, now);
        if (timedUp > 0) log.info({ attemptsTimedUp: timedUp }, 'housekeeping: attempts whose time was up finished');
        await repo.refreshPlannerStatistics(deps.database);
      })
      .catch((error: unknown) => log.error({ err: error }, 'housekeeping failed; it runs again within the hour'))
      .finally(() => {
        running = null;
      });
  };
  round();
  const timer = setInterval(round, HOUSEKEEPING_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
