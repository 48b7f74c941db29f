import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { homePathForRole, LANGUAGES, mayPlay, type Language, type UserRole } from '@ki/domain';
import type { MeResponse, OnboardingOptions, RateLimitedDetails, RequestOtpResponse } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { abilitiesOf, requireRole, requireUser, type Principal } from '../../policy/policy';
import * as repo from './auth.repository';
import {
  type BackoffRule,
  describeWait,
  failuresBefore,
  OTP_BACKOFF,
  PASSWORD_ADDRESS_CEILING,
  PASSWORD_BACKOFF,
  secondsUntil,
  waitAfterFailure,
} from './backoff';
import { generateOtp, hashOtp, OTP_RULES, otpMatches } from './otp';
import { createSession, principalFromToken, revokeSession } from '../../sessions/session-store';

const OTP_ROLES: readonly UserRole[] = ['student', 'parent'];
const STAFF_SIGN_IN_ROLES: readonly UserRole[] = [
  'teacher',
  'principal',
  'superadmin',
  'content_editor',
  'content_approver',
];
/** Verifying against this when no account matches keeps the answer time the same either way. */
const DUMMY_HASH = hash('not-a-real-password-0');

export interface ClientInfo {
  ip: string;
  userAgent: string;
}
export interface SignedIn {
  token: string;
  expiresAt: Date;
  me: MeResponse;
}

const rateLimited = (message: string, retryAfterSeconds?: number) =>
  new AppError(
    'RATE_LIMITED',
    message,
    retryAfterSeconds === undefined ? undefined : ({ retryAfterSeconds } satisfies RateLimitedDetails),
  );
/** A 429 that says when to come back; the error handler repeats retryAfterSeconds as Retry-After. */
export const tryAgainAt = (reason: string, until: Date, now: Date) => {
  const seconds = secondsUntil(until, now);
  return rateLimited(`${reason} Please try again in ${describeWait(seconds)}.`, seconds);
};
/** Wrong codes are counted per number, whichever address and whichever of its codes they were tried on. */
export const otpBackoffKey = (mobile: string): repo.BackoffKey => ({
  kind: 'otp',
  account: `mobile:${mobile}`,
  clientIp: '*',
});
export const WRONG_CODES = 'Too many wrong codes for this number.';

/** Refuses with a 429 saying when, once an address has used `max` of a kind of event in the last hour. */
export async function refuseOverAddressBudget(
  db: AppDeps['database']['db'],
  kind: string,
  max: number,
  reason: string,
  ip: string,
  now: Date,
) {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  if ((await repo.countEventsSince(db, kind, ip, hourAgo)) < max) return;
  const oldest = (await repo.oldestEventSince(db, kind, ip, hourAgo)) ?? now;
  throw tryAgainAt(reason, new Date(oldest.getTime() + 3_600_000), now);
}

/** Sends a one-time code to a registered student's or parent's mobile, within the send limits. */
export async function requestOtp(deps: AppDeps, mobile: string, client: ClientInfo): Promise<RequestOtpResponse> {
  const { db } = deps.database;
  const now = deps.clock();
  const hourAgo = new Date(now.getTime() - 3_600_000);
  // Per address first. Numbers that are not registered count against a small budget, so probing
  // which numbers are registered stays slow; codes sent against a school-sized one, since a whole
  // school signs in from one public address (security review, November 2026).
  await refuseOverAddressBudget(
    db,
    'otp-miss-ip',
    OTP_RULES.maxUnregisteredPerAddressPerHour,
    'Too many unregistered numbers tried from this device.',
    client.ip,
    now,
  );
  await refuseOverAddressBudget(
    db,
    'otp-send-ip',
    OTP_RULES.maxPerAddressPerHour,
    'Too many codes requested from this address.',
    client.ip,
    now,
  );
  const sends = await repo.otpSendsSince(db, mobile, hourAgo);
  if (sends.latest && now.getTime() - sends.latest.getTime() < OTP_RULES.resendAfterMs) {
    throw tryAgainAt(
      'A code was sent to this number a moment ago.',
      new Date(sends.latest.getTime() + OTP_RULES.resendAfterMs),
      now,
    );
  }
  if (sends.count >= OTP_RULES.maxPerNumberPerHour) {
    throw tryAgainAt('Too many codes sent to this number.', new Date((sends.oldest ?? now).getTime() + 3_600_000), now);
  }

  const user = await repo.findUserByMobile(db, mobile, OTP_ROLES);
  if (!user) {
    await repo.recordEvent(db, 'otp-miss-ip', client.ip, now);
    throw new AppError(
      'NOT_REGISTERED',
      'This mobile number is not registered. Ask your school to register it, or sign in with your 14-digit code.',
    );
  }
  // A code the number could not use yet would only cost an SMS and confuse its owner.
  const backoff = await repo.findBackoff(db, otpBackoffKey(mobile));
  if (backoff?.blocked_until && new Date(backoff.blocked_until) > now)
    throw tryAgainAt(WRONG_CODES, new Date(backoff.blocked_until), now);
  await repo.recordEvent(db, 'otp-send-ip', client.ip, now);
  const challengeId = randomUUID();
  const code = generateOtp(deps.config.OTP_LENGTH);
  await repo.insertChallenge(db, {
    id: challengeId,
    mobile,
    userId: user.id,
    codeHash: hashOtp(deps.config.SESSION_SECRET, challengeId, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + OTP_RULES.ttlMs),
    clientIp: client.ip,
  });
  try {
    await deps.sms.send(
      mobile,
      `${code} is your Knowledge Islands sign-in code. It expires in 5 minutes. Do not share it with anyone.`,
    );
  } catch (error) {
    await repo.deleteChallenge(db, challengeId);
    throw new AppError('SERVICE_UNAVAILABLE', 'We could not send the code just now. Please try again.', {
      cause: String(error),
    });
  }
  return {
    challengeId,
    length: deps.config.OTP_LENGTH,
    expiresInSeconds: OTP_RULES.ttlMs / 1000,
    resendAfterSeconds: OTP_RULES.resendAfterMs / 1000,
  };
}

/**
 * Counts a try as a failure BEFORE its answer is checked (a success gives it back), so parallel
 * requests cannot slip in extra guesses while one is being checked. Refuses with a 429 while the key
 * waits; returns the block this try set, if any, so that a success can lift exactly that one.
 */
export async function takeTry(
  deps: AppDeps,
  key: repo.BackoffKey,
  rule: BackoffRule,
  reason: string,
): Promise<Date | null> {
  const now = deps.clock();
  const outcome = await deps.database.db.transaction().execute(async (trx) => {
    const row = await repo.lockBackoff(trx, key, now);
    if (row.blocked_until && new Date(row.blocked_until) > now)
      return { refusedUntil: new Date(row.blocked_until), blockedUntil: null };
    const failures =
      failuresBefore({ failures: row.failures, lastFailureAt: new Date(row.last_failure_at) }, now, rule) + 1;
    const wait = waitAfterFailure(failures, rule);
    const blockedUntil = wait > 0 ? new Date(now.getTime() + wait) : null;
    await repo.saveBackoff(trx, key, { failures, blockedUntil, lastFailureAt: now });
    return { refusedUntil: null, blockedUntil };
  });
  if (outcome.refusedUntil) throw tryAgainAt(reason, outcome.refusedUntil, now);
  return outcome.blockedUntil;
}

/** Refuses a challenge that cannot take a try: used, out of tries, expired or unknown. */
export function refuseSpentChallenge<C extends { attempts: number; consumed_at: Date | null; expires_at: Date }>(
  challenge: C | undefined,
  now: Date,
): asserts challenge is C {
  if (!challenge || challenge.consumed_at !== null)
    throw new AppError('OTP_EXPIRED', 'This code is no longer valid. Please ask for a new code.');
  if (challenge.attempts >= OTP_RULES.maxTries)
    throw new AppError('OTP_LOCKED', 'Too many wrong codes. Please ask for a new code.');
  if (new Date(challenge.expires_at) <= now)
    throw new AppError('OTP_EXPIRED', 'This code has expired. Please ask for a new code.');
}

/**
 * Checks a code against its challenge: single use, 5 minutes, at most 5 tries; and wrong codes per
 * number across all its codes, with growing waits (backoff.ts: OTP_BACKOFF).
 */
export async function verifyOtp(
  deps: AppDeps,
  challengeId: string,
  code: string,
  client: ClientInfo,
): Promise<SignedIn> {
  const { db } = deps.database;
  const now = deps.clock();
  const found = await repo.findChallenge(db, challengeId);
  refuseSpentChallenge(found, now);
  const key = otpBackoffKey(found.mobile);
  const ownBlock = await takeTry(deps, key, OTP_BACKOFF, WRONG_CODES);
  const challenge = await repo.takeChallengeTry(db, challengeId, OTP_RULES.maxTries);
  if (!challenge) {
    // A parallel request used the challenge up meanwhile: this try guessed nothing.
    await repo.forgiveBackoff(db, key, 1, ownBlock);
    refuseSpentChallenge(await repo.findChallenge(db, challengeId), now);
    throw new AppError('OTP_EXPIRED', 'This code is no longer valid. Please ask for a new code.');
  }
  if (!otpMatches(deps.config.SESSION_SECRET, challengeId, code, challenge.code_hash)) {
    throw new AppError('INCORRECT_OTP', 'Incorrect OTP', { triesLeft: OTP_RULES.maxTries - challenge.attempts });
  }
  if (!(await repo.consumeChallenge(db, challengeId, now))) {
    await repo.forgiveBackoff(db, key, 1, ownBlock);
    throw new AppError('OTP_EXPIRED', 'This code has already been used.');
  }
  // Only the tries on THIS code are forgiven (the owner's typos): wrong codes tried on other codes
  // stay counted, or every sign-in of the owner would hand a guesser a fresh allowance.
  await repo.forgiveBackoff(db, key, challenge.attempts, ownBlock);
  return startSession(deps, challenge.user_id, client);
}

/** Refuses password sign-ins from an address that has failed too often lately, across all accounts. */
async function refuseBusyAddress(deps: AppDeps, ip: string, now: Date): Promise<void> {
  const { db } = deps.database;
  const since = new Date(now.getTime() - PASSWORD_ADDRESS_CEILING.windowMs);
  if ((await repo.countEventsSince(db, 'signin-fail-ip', ip, since)) < PASSWORD_ADDRESS_CEILING.failures) return;
  const oldest = (await repo.oldestEventSince(db, 'signin-fail-ip', ip, since)) ?? now;
  throw tryAgainAt(
    'Too many failed sign-ins from this network.',
    new Date(oldest.getTime() + PASSWORD_ADDRESS_CEILING.windowMs),
    now,
  );
}

/**
 * Checks a password with backoff per account and client address (backoff.ts: PASSWORD_BACKOFF).
 * Unknown accounts take the same path and the same time (the dummy hash): answers never tell
 * whether an account exists.
 */
async function checkPassword(
  deps: AppDeps,
  account: string,
  user: { password_hash: string | null } | undefined,
  password: string,
  client: ClientInfo,
) {
  const { db } = deps.database;
  const now = deps.clock();
  await refuseBusyAddress(deps, client.ip, now);
  const key: repo.BackoffKey = { kind: 'password', account, clientIp: client.ip };
  await takeTry(deps, key, PASSWORD_BACKOFF, 'Too many failed sign-ins from this device.');
  const ok = await verify(user?.password_hash ?? (await DUMMY_HASH), password).catch(() => false);
  if (!ok || !user?.password_hash) {
    await repo.recordEvent(db, 'signin-fail-ip', client.ip, now);
    return false;
  }
  await repo.deleteBackoff(db, key);
  return true;
}

/** Sign-in with a 14-digit school-issued code and its password. */
export async function signInWithCode(
  deps: AppDeps,
  code: string,
  password: string,
  client: ClientInfo,
): Promise<SignedIn> {
  const user = await repo.findUserByLoginCode(deps.database.db, code);
  if (!(await checkPassword(deps, `code:${code}`, user, password, client)) || !user) {
    throw new AppError('INVALID_CREDENTIALS', 'Incorrect code or password');
  }
  return startSession(deps, user.id, client);
}

/** Staff sign-in with mobile number and password (/teacher/login). */
export async function signInStaff(
  deps: AppDeps,
  mobile: string,
  password: string,
  client: ClientInfo,
): Promise<SignedIn> {
  const user = await repo.findUserByMobile(deps.database.db, mobile, STAFF_SIGN_IN_ROLES);
  if (!(await checkPassword(deps, `mobile:${mobile}`, user, password, client)) || !user) {
    throw new AppError('INVALID_CREDENTIALS', 'Incorrect Username or Password !!');
  }
  return startSession(deps, user.id, client);
}

/**
 * Signs a user in on this device. A child whose parent withdrew consent for the account a family made
 * is refused here, after the credentials were checked (so the refusal tells a stranger nothing).
 */
export async function startSession(deps: AppDeps, userId: number, client: ClientInfo): Promise<SignedIn> {
  if (await repo.consentWithdrawn(deps.database.db, userId)) {
    throw new AppError(
      'CONSENT_WITHDRAWN',
      'Your parent or guardian has withdrawn their consent for this account. They can give it again from their dashboard.',
    );
  }
  const { token, expiresAt } = await createSession(deps.database.db, userId, deps.clock(), client.userAgent);
  // The new session's principal, as every later request will see it: its abilities go to the web.
  const principal = await principalFromToken(deps.database.db, token, deps.clock());
  return { token, expiresAt, me: await buildMe(deps, requireUser(principal)) };
}

export async function signOut(deps: AppDeps, principal: Principal | null): Promise<void> {
  const p = requireUser(principal);
  await revokeSession(deps.database.db, p.sessionId, deps.clock());
}

export async function getMe(deps: AppDeps, principal: Principal | null): Promise<MeResponse> {
  return buildMe(deps, requireUser(principal));
}

async function buildMe(deps: AppDeps, principal: Principal): Promise<MeResponse> {
  const { user, enrolment, staffSchools, assignments, subjects, school } = await repo.loadMe(
    deps.database.db,
    principal.userId,
  );
  const isStudent = user.role === 'student';
  const subjectIds = [...new Set(assignments.map((a) => a.subject_id))];
  return {
    user: {
      id: user.id,
      role: user.role,
      isQa: user.is_qa,
      firstName: user.first_name,
      lastName: user.last_name,
      mobile: user.mobile,
      email: user.email,
      language: user.language,
      avatar: user.avatar,
    },
    school: school
      ? {
          id: school.id,
          name: school.name,
          chainId: school.chain_id,
          isPace: school.is_pace,
          languages: school.activated_languages,
          products: school.activated_products,
        }
      : null,
    enrolment: enrolment
      ? {
          boardId: enrolment.board_id,
          boardName: enrolment.board_name,
          grade: enrolment.grade,
          section: enrolment.section,
        }
      : null,
    staff: {
      chainId: user.chain_id,
      schoolIds: staffSchools,
      assignedGrades: [...new Set(assignments.map((a) => a.grade))],
      // A teacher limited to one subject opens its summary directly (dashboards.md 2).
      assignedSubjectId: subjectIds.length === 1 ? (subjectIds[0] ?? null) : null,
      subjects: subjects.map((s) => ({ id: s.id, slug: s.slug, names: s.names })),
    },
    onboarding: {
      needsLanguage: user.language === null,
      needsBoard: isStudent && !!enrolment && enrolment.board_id === null,
      needsGrade: isStudent && !!enrolment && enrolment.grade === null,
    },
    // Staff who hold several schools choose one first (access-and-app-shell.md 2.6).
    home:
      (user.role === 'principal' || user.role === 'teacher') && staffSchools.length > 1
        ? '/select-school'
        : homePathForRole(user.role),
    abilities: abilitiesOf(principal),
    plan: await planOf(deps, principal),
  };
}

/**
 * A student's access, as the start-up check and the header show it: the session's figures decide
 * whether a plan runs; while one does, it ends with the last plan bought ahead (they follow on).
 */
async function planOf(deps: AppDeps, principal: Principal): Promise<MeResponse['plan']> {
  if (!principal.plan) return null;
  const { schoolPays, until } = principal.plan;
  if (schoolPays) return { status: 'school', endsAt: null };
  if (!mayPlay(false, until, deps.clock())) return { status: 'none', endsAt: until?.toISOString() ?? null };
  const last = await repo.lastPlanEnd(deps.database.db, principal.userId);
  return { status: 'active', endsAt: (last ?? until)?.toISOString() ?? null };
}

/** The languages, boards and grades the student's school offers. */
export async function getOnboardingOptions(deps: AppDeps, principal: Principal | null): Promise<OnboardingOptions> {
  const p = requireUser(principal);
  const [{ school }, languages] = await Promise.all([
    repo.loadMe(deps.database.db, p.userId),
    offeredLanguages(deps, p.userId),
  ]);
  if (!school) return { languages, boards: [] };
  const boards = await repo.schoolBoards(deps.database.db, school.id);
  return {
    languages,
    boards: boards.map((b) => ({ id: b.id, code: b.code, name: b.name, grades: [...b.grades].sort((x, y) => x - y) })),
  };
}

/**
 * The languages a user may choose, for the interface and the content alike: those their school
 * activates (schools.activated_languages), or all six for a user without a school.
 */
export async function offeredLanguages(deps: AppDeps, userId: number): Promise<string[]> {
  return (await repo.schoolLanguagesOf(deps.database.db, userId)) ?? [...LANGUAGES];
}

/**
 * Refuses a language the user's school does not activate: one refusal (400 LANGUAGE_NOT_OFFERED)
 * wherever the language is set, the header, the profile and the onboarding picker. Its details
 * name the field the way a refused form field is named, and the languages that are offered.
 */
export async function requireOfferedLanguage(deps: AppDeps, userId: number, language: Language): Promise<void> {
  const offered = await offeredLanguages(deps, userId);
  if (offered.includes(language)) return;
  throw new AppError('LANGUAGE_NOT_OFFERED', 'Please select Language', {
    field: 'language',
    offered,
    issues: [{ in: 'body', path: 'language', message: 'Please select Language' }],
  });
}

/**
 * Saves the user's one language (users.language): the web shows its screens in it and the server
 * names subjects, chapters, topics, concepts and questions in it (English where not translated).
 */
export async function saveLanguage(
  deps: AppDeps,
  principal: Principal | null,
  language: Language,
): Promise<MeResponse> {
  const p = requireUser(principal);
  await requireOfferedLanguage(deps, p.userId, language);
  await repo.updateLanguage(deps.database.db, p.userId, language);
  return buildMe(deps, p);
}

/**
 * Saves onboarding choices; each must be one the school offers. Every choice is checked before
 * anything is written, and the writes share one transaction: a refused request changes nothing.
 */
export async function saveOnboarding(
  deps: AppDeps,
  principal: Principal | null,
  choice: { language?: Language | undefined; boardId?: number | undefined; grade?: number | undefined },
): Promise<MeResponse> {
  const p = requireUser(principal);
  const options = await getOnboardingOptions(deps, p);
  if (choice.language !== undefined) await requireOfferedLanguage(deps, p.userId, choice.language);
  let placement: { board_id: number; grade?: number } | null = null;
  if (choice.boardId !== undefined || choice.grade !== undefined) {
    const student = requireRole(p, 'student');
    if (!student.enrolment) throw new AppError('FORBIDDEN', 'This student account is not enrolled in a school yet');
    // Placement is set once; later changes are the school's (records would otherwise mix grades).
    if (student.enrolment.boardId !== null && student.enrolment.grade !== null)
      throw new AppError('CONFLICT', 'Board and grade are already set by your school');
    const boardId = choice.boardId ?? student.enrolment.boardId;
    const board = options.boards.find((b) => b.id === boardId);
    if (boardId === null || !board)
      throw new AppError('VALIDATION_FAILED', 'Please select Board', { field: 'boardId' });
    if (choice.grade !== undefined && !board.grades.includes(choice.grade))
      throw new AppError('VALIDATION_FAILED', 'Please select Grade', { field: 'grade' });
    placement = { board_id: boardId, ...(choice.grade !== undefined ? { grade: choice.grade } : {}) };
  }
  await deps.database.db.transaction().execute(async (trx) => {
    if (choice.language !== undefined) await repo.updateLanguage(trx, p.userId, choice.language);
    if (placement) await repo.updatePlacement(trx, p.userId, placement);
  });
  return buildMe(deps, p);
}
