/**
 * Families' own accounts (issue #27, docs/DECISIONS.md "Families' sign-up and consent"). A parent
 * signs a child up at a school that hands out a sign-up code; the code sent to the parent's mobile is
 * the parent's verified consent. Only then is the child's account made, with the parent's account
 * (or the parent's existing one), their link, and the consent record, in one transaction.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { personName } from '@ki/domain';
import type { SignUpBodySchema, SignUpSchool, SignUpStarted } from '@ki/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import * as authRepo from './auth.repository';
import * as repo from './sign-up.repository';
import {
  type ClientInfo,
  otpBackoffKey,
  refuseOverAddressBudget,
  refuseSpentChallenge,
  type SignedIn,
  startSession,
  takeTry,
  tryAgainAt,
  WRONG_CODES,
} from './auth.service';
import { OTP_BACKOFF } from './backoff';
import { generateOtp, hashOtp, OTP_RULES, otpMatches } from './otp';

/** Unknown sign-up codes tried from one address in an hour: guessing a school's code stays slow. */
export const UNKNOWN_SIGN_UP_CODES_PER_ADDRESS_PER_HOUR = 20;

const unknownCode = () =>
  new AppError('NOT_FOUND', 'No school has this sign-up code. Please check it with your school.');

async function schoolOfCode(deps: AppDeps, code: string, client: ClientInfo) {
  const { db } = deps.database;
  const now = deps.clock();
  await refuseOverAddressBudget(
    db,
    'signup-miss-ip',
    UNKNOWN_SIGN_UP_CODES_PER_ADDRESS_PER_HOUR,
    'Too many sign-up codes tried from this device.',
    client.ip,
    now,
  );
  const school = await repo.schoolBySignUpCode(db, code);
  if (!school) {
    await authRepo.recordEvent(db, 'signup-miss-ip', client.ip, now);
    throw unknownCode();
  }
  return school;
}

/** GET /sign-up/schools/:code: the school of a sign-up code, its languages, boards and grades. */
export async function signUpSchool(deps: AppDeps, code: string, client: ClientInfo): Promise<SignUpSchool> {
  const school = await schoolOfCode(deps, code, client);
  const boards = await authRepo.schoolBoards(deps.database.db, school.id);
  return {
    name: school.name,
    city: school.city,
    familiesPay: school.paid_by === 'family',
    languages: school.activated_languages,
    boards: boards.map((b) => ({ id: b.id, name: b.name, grades: [...b.grades].sort((x, y) => x - y) })),
  };
}

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { field, issues: [{ in: 'body', path: field, message }] });

/**
 * POST /sign-up: checks the family's choices against the school, then sends a code to the parent's
 * mobile, within the limits sign-in codes have (per number, per address, and no code while the
 * number waits after wrong codes). The text names the child and the school, so whoever holds the
 * phone knows what they are agreeing to.
 */
export async function startSignUp(
  deps: AppDeps,
  body: z.output<typeof SignUpBodySchema>,
  client: ClientInfo,
): Promise<SignUpStarted> {
  const { db } = deps.database;
  const now = deps.clock();
  const school = await schoolOfCode(deps, body.schoolCode, client);
  const board = (await authRepo.schoolBoards(db, school.id)).find((b) => b.id === body.boardId);
  if (!board) throw fieldError('boardId', 'Please select Board');
  if (!board.grades.includes(body.grade)) throw fieldError('grade', 'Please select Grade');
  if (!school.activated_languages.includes(body.language)) throw fieldError('language', 'Please select Language');

  await refuseOverAddressBudget(
    db,
    'otp-send-ip',
    OTP_RULES.maxPerAddressPerHour,
    'Too many codes requested from this address.',
    client.ip,
    now,
  );
  const mobile = body.parentMobile;
  const sends = await repo.signUpsSince(db, mobile, new Date(now.getTime() - 3_600_000));
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
  const backoff = await authRepo.findBackoff(db, otpBackoffKey(mobile));
  if (backoff?.blocked_until && new Date(backoff.blocked_until) > now)
    throw tryAgainAt(WRONG_CODES, new Date(backoff.blocked_until), now);
  await authRepo.recordEvent(db, 'otp-send-ip', client.ip, now);

  const id = randomUUID();
  const code = generateOtp(deps.config.OTP_LENGTH);
  await repo.insertSignUp(db, {
    id,
    school_id: school.id,
    parent_mobile: mobile,
    parent_first_name: body.parentFirstName,
    child_first_name: body.childFirstName,
    child_last_name: body.childLastName,
    board_id: body.boardId,
    grade: body.grade,
    language: body.language,
    password_hash: await hash(body.password),
    text_version: body.consent.textVersion,
    code_hash: hashOtp(deps.config.SESSION_SECRET, id, code),
    created_at: now,
    expires_at: new Date(now.getTime() + OTP_RULES.ttlMs),
    client_ip: client.ip,
  });
  const child = personName(body.childFirstName, body.childLastName);
  try {
    await deps.sms.send(
      mobile,
      `${code} is your code to agree to ${child}'s Knowledge Islands account at ${school.name}. It expires in 5 minutes. Do not share it with anyone.`,
    );
  } catch (error) {
    await repo.deleteSignUp(db, id);
    throw new AppError('SERVICE_UNAVAILABLE', 'We could not send the code just now. Please try again.', {
      cause: String(error),
    });
  }
  return {
    challengeId: id,
    length: deps.config.OTP_LENGTH,
    expiresInSeconds: OTP_RULES.ttlMs / 1000,
    resendAfterSeconds: OTP_RULES.resendAfterMs / 1000,
  };
}

/** A 14-digit sign-in code nobody holds (the school's codes and the families' share one space). */
async function freeLoginCode(trx: Parameters<typeof repo.loginCodeTaken>[0]): Promise<string> {
  for (;;) {
    const code = `${randomInt(1, 10)}${String(randomInt(0, 10 ** 13)).padStart(13, '0')}`;
    if (!(await repo.loginCodeTaken(trx, code))) return code;
  }
}

/**
 * POST /sign-up/verify: the parent's code. Wrong codes count like sign-in codes (per number, across
 * all its codes). A right one makes the accounts and the consent record and signs the child in here.
 */
export async function verifySignUp(
  deps: AppDeps,
  challengeId: string,
  code: string,
  client: ClientInfo,
): Promise<SignedIn & { loginCode: string }> {
  const { db } = deps.database;
  const now = deps.clock();
  const found = await repo.findSignUp(db, challengeId);
  refuseSpentChallenge(found, now);
  const key = otpBackoffKey(found.parent_mobile);
  const ownBlock = await takeTry(deps, key, OTP_BACKOFF, WRONG_CODES);
  const taken = await repo.takeSignUpTry(db, challengeId, OTP_RULES.maxTries);
  if (!taken) {
    await authRepo.forgiveBackoff(db, key, 1, ownBlock);
    refuseSpentChallenge(await repo.findSignUp(db, challengeId), now);
    throw new AppError('OTP_EXPIRED', 'This code is no longer valid. Please ask for a new code.');
  }
  if (!otpMatches(deps.config.SESSION_SECRET, challengeId, code, taken.code_hash)) {
    throw new AppError('INCORRECT_OTP', 'Incorrect OTP', { triesLeft: OTP_RULES.maxTries - taken.attempts });
  }
  // The code was right: the number is the parent's. Its tries on this code are forgiven whatever follows.
  await authRepo.forgiveBackoff(db, key, taken.attempts, ownBlock);
  const made = await db.transaction().execute(async (trx) => {
    if (!(await repo.consumeSignUp(trx, challengeId)))
      throw new AppError('OTP_EXPIRED', 'This code has already been used.');
    const holder =
      (await repo.userByMobile(trx, found.parent_mobile)) ??
      (await repo.insertParent(trx, {
        firstName: found.parent_first_name,
        mobile: found.parent_mobile,
        language: found.language,
        at: now,
      }));
    if (!holder || holder.role !== 'parent') {
      throw new AppError(
        'MOBILE_NOT_A_PARENTS',
        'This number belongs to a student’s or a staff account. Please sign up with a parent’s or guardian’s own number.',
      );
    }
    const parentId = holder.id;
    const loginCode = await freeLoginCode(trx);
    const studentId = await repo.insertFamilyStudent(trx, {
      firstName: found.child_first_name,
      lastName: found.child_last_name,
      loginCode,
      passwordHash: found.password_hash,
      language: found.language,
      schoolId: found.school_id,
      boardId: found.board_id,
      grade: found.grade,
      parentId,
      parentFirstName: found.parent_first_name,
      parentMobile: found.parent_mobile,
      textVersion: found.text_version,
      at: now,
    });
    return { studentId, loginCode };
  });
  try {
    const child = personName(found.child_first_name, found.child_last_name);
    await deps.sms.send(
      found.parent_mobile,
      `${child}'s Knowledge Islands sign-in code is ${made.loginCode}. Sign in with it and the password you chose.`,
    );
  } catch {
    // The code is on the screen that follows as well.
  }
  return { ...(await startSession(deps, made.studentId, client)), loginCode: made.loginCode };
}
