import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * The exam launcher's token (access-and-app-shell.md 2.2: "an external test site with a signed
 * token that carries the user id"): a JWT signed with HS256 over a secret shared with the outside
 * site. Its claims and a worked vector are in docs/SECURITY.md "Exam launcher tokens", for the
 * outside site's developers.
 */

/** How long a token is accepted: 5 minutes, the most issue #23 allows (time for a slow phone network to follow the redirect). */
export const EXAM_TOKEN_TTL_SECONDS = 300;
/** The only algorithm made and accepted: a token naming another (or `none`) is refused. */
export const EXAM_TOKEN_ALGORITHM = 'HS256';

/** Who signs, for whom, with what (config EXAM_SITE_SECRET, EXAM_SITE_ISSUER, EXAM_SITE_AUDIENCE). */
export interface ExamTokenKey {
  /** The shared secret; its UTF-8 bytes are the HMAC key. */
  secret: string;
  issuer: string;
  audience: string;
}

/** What a token says, once verified. */
export interface ExamTokenClaims {
  userId: number;
  testId: number;
  /** The token's own id: the outside site can refuse a token it has already seen. */
  tokenId: string;
  issuedAt: Date;
  expiresAt: Date;
}

const keyBytes = (key: ExamTokenKey) => new TextEncoder().encode(key.secret);

/**
 * Signs a launch token for a user and test at `now` (the app's clock: fixed in tests). `tokenId`
 * is a random UUID unless given (the documented vector fixes it).
 */
export async function signExamToken(
  key: ExamTokenKey,
  launch: { userId: number; testId: number; now: Date; tokenId?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(launch.now.getTime() / 1000);
  const expiresAt = issuedAt + EXAM_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ testId: launch.testId })
    .setProtectedHeader({ alg: EXAM_TOKEN_ALGORITHM, typ: 'JWT' })
    .setIssuer(key.issuer)
    .setAudience(key.audience)
    .setSubject(String(launch.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .setJti(launch.tokenId ?? randomUUID())
    .sign(keyBytes(key));
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

/** A token that is not ours, not for this audience, expired, or otherwise wrong. */
export class ExamTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ExamTokenError';
  }
}

/**
 * Verifies a launch token as the outside site should (the development stand-in does exactly this):
 * HS256 only, the issuer and audience, not expired at `now`, issued at most 5 minutes before it and
 * made to live no longer, a numeric user id in `sub` and an integer `testId`.
 */
export async function verifyExamToken(key: ExamTokenKey, token: string, now: Date): Promise<ExamTokenClaims> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, keyBytes(key), {
      algorithms: [EXAM_TOKEN_ALGORITHM],
      issuer: key.issuer,
      audience: key.audience,
      currentDate: now,
      maxTokenAge: EXAM_TOKEN_TTL_SECONDS,
      requiredClaims: ['sub', 'iat', 'exp', 'jti'],
    }));
  } catch (error) {
    if (error instanceof errors.JOSEError) throw new ExamTokenError(error.code);
    throw error;
  }
  const { sub, testId, jti, iat, exp } = payload;
  if (exp! - iat! > EXAM_TOKEN_TTL_SECONDS) throw new ExamTokenError('the token lives longer than 5 minutes');
  if (!sub || !/^[1-9]\d{0,15}$/.test(sub)) throw new ExamTokenError('sub is not a user id');
  if (typeof testId !== 'number' || !Number.isSafeInteger(testId) || testId < 1)
    throw new ExamTokenError('testId is not a test id');
  return {
    userId: Number(sub),
    testId,
    tokenId: String(jti),
    issuedAt: new Date(iat! * 1000),
    expiresAt: new Date(exp! * 1000),
  };
}
