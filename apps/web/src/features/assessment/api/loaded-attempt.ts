import type { Attempt } from '@ki/contracts';

/**
 * An attempt as the page holds it: the server's answer and when it arrived on this device, so the
 * countdown runs on the server's clock (serverNow) rather than the device's (server-clock.ts).
 */
export type LoadedAttempt = Attempt & { receivedAt: number };

export const received = (attempt: Attempt): LoadedAttempt => ({ ...attempt, receivedAt: Date.now() });
