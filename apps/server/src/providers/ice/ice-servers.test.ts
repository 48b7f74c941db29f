/**
 * TURN credentials and the documented vector (docs/SECURITY.md "TURN credentials"), which a TURN
 * server's operator checks their side (coturn `use-auth-secret`, `static-auth-secret`) against.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  createIceServers,
  LocalIceServers,
  turnCredential,
  TurnRestIceServers,
  TURN_CREDENTIAL_SECONDS,
} from './ice-servers';

// The vector, as written in docs/SECURITY.md (checked there with openssl): change both together.
const VECTOR = {
  secret: 'turn-vector-secret-not-for-production-01',
  userId: 4242,
  now: new Date('2026-11-27T09:00:00Z'),
  username: '1795791600:4242',
  credential: 'fcrk2xrDqVQNbVpuALxij0yxPsc=',
};

describe('TURN credentials', () => {
  it('are the documented vector for its secret, user and clock', () => {
    expect(TURN_CREDENTIAL_SECONDS).toBe(6 * 3600);
    expect(turnCredential(VECTOR.secret, VECTOR.userId, VECTOR.now)).toEqual({
      username: VECTOR.username,
      credential: VECTOR.credential,
    });
  });
  it('change with the secret, the user and the time', () => {
    const base = turnCredential(VECTOR.secret, VECTOR.userId, VECTOR.now).credential;
    expect(turnCredential(`${VECTOR.secret}x`, VECTOR.userId, VECTOR.now).credential).not.toBe(base);
    expect(turnCredential(VECTOR.secret, VECTOR.userId + 1, VECTOR.now).credential).not.toBe(base);
    expect(turnCredential(VECTOR.secret, VECTOR.userId, new Date(VECTOR.now.getTime() + 1000)).credential).not.toBe(
      base,
    );
  });
});

describe('ICE servers from the configuration', () => {
  it('uses TURN with credentials when TURN_URLS and TURN_SECRET are set, STUN alone otherwise, nothing by default', () => {
    const turn = createIceServers(
      loadConfig({
        NODE_ENV: 'test',
        ICE_STUN_URLS: 'stun:stun.school.example:3478',
        TURN_URLS: 'turn:turn.school.example:3478?transport=udp, turns:turn.school.example:5349',
        TURN_SECRET: VECTOR.secret,
      }),
    );
    expect(turn).toBeInstanceOf(TurnRestIceServers);
    expect(turn.forUser(VECTOR.userId, VECTOR.now)).toEqual([
      { urls: ['stun:stun.school.example:3478'] },
      {
        urls: ['turn:turn.school.example:3478?transport=udp', 'turns:turn.school.example:5349'],
        username: VECTOR.username,
        credential: VECTOR.credential,
      },
    ]);
    const stun = createIceServers(loadConfig({ NODE_ENV: 'test', ICE_STUN_URLS: 'stun:stun.school.example:3478' }));
    expect(stun).toBeInstanceOf(LocalIceServers);
    expect(stun.forUser(1, VECTOR.now)).toEqual([{ urls: ['stun:stun.school.example:3478'] }]);
    expect(createIceServers(loadConfig({ NODE_ENV: 'test' })).forUser(1, VECTOR.now)).toEqual([]);
  });
  it('refuses a TURN server without its secret, and addresses of the wrong kind', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TURN_URLS: 'turn:turn.school.example:3478' })).toThrow(/TURN_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'test', ICE_STUN_URLS: 'https://stun.example' })).toThrow(/ICE_STUN_URLS/);
    expect(() => loadConfig({ NODE_ENV: 'test', TURN_URLS: 'stun:x', TURN_SECRET: VECTOR.secret })).toThrow(
      /TURN_URLS/,
    );
  });
});
