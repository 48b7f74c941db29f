/**
 * The STUN and TURN servers the browsers use to reach each other for a call (docs/OPERATIONS.md
 * "Calls"). Behind this interface: a TURN server with the "TURN REST API" shared secret (coturn's
 * `use-auth-secret`): each user gets a short-lived username and password the TURN server checks
 * with the same secret; and the local stand-in, STUN only (or nothing), for development, tests and
 * a school's own network, where browsers reach each other directly.
 */
import { createHmac } from 'node:crypto';
import type { IceServer } from '@ki/contracts';

export interface IceServers {
  /** The servers for one user's call, with credentials valid for TURN_CREDENTIAL_SECONDS. */
  forUser(userId: number, now: Date): IceServer[];
}

/** How long a TURN username and password stay valid: a call longer than this keeps its relay (TURN checks them at allocation). */
export const TURN_CREDENTIAL_SECONDS = 6 * 60 * 60;

/**
 * A TURN REST API credential: the username is "<expiry in Unix seconds>:<user id>", the password the
 * base64 HMAC-SHA1 of the username under the shared secret (docs/SECURITY.md "TURN credentials").
 */
export function turnCredential(
  secret: string,
  userId: number,
  now: Date,
  ttlSeconds = TURN_CREDENTIAL_SECONDS,
): { username: string; credential: string } {
  const username = `${Math.floor(now.getTime() / 1000) + ttlSeconds}:${userId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

export class TurnRestIceServers implements IceServers {
  constructor(private readonly o: { stunUrls: string[]; turnUrls: string[]; secret: string }) {}
  forUser(userId: number, now: Date): IceServer[] {
    return [
      ...(this.o.stunUrls.length ? [{ urls: this.o.stunUrls }] : []),
      { urls: this.o.turnUrls, ...turnCredential(this.o.secret, userId, now) },
    ];
  }
}

/** The stand-in: the configured STUN servers only, or none (browsers on one network reach each other directly). */
export class LocalIceServers implements IceServers {
  constructor(private readonly stunUrls: string[]) {}
  forUser(): IceServer[] {
    return this.stunUrls.length ? [{ urls: this.stunUrls }] : [];
  }
}

export function createIceServers(config: {
  ICE_STUN_URLS: string[];
  TURN_URLS: string[];
  TURN_SECRET?: string | undefined;
}): IceServers {
  return config.TURN_URLS.length && config.TURN_SECRET
    ? new TurnRestIceServers({ stunUrls: config.ICE_STUN_URLS, turnUrls: config.TURN_URLS, secret: config.TURN_SECRET })
    : new LocalIceServers(config.ICE_STUN_URLS);
}
