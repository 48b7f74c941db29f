import { z } from 'zod';
import { LANGUAGES } from '@ki/domain';
import { lineText } from '../common/text';
import { MeResponseSchema, MobileSchema, RequestOtpResponseSchema } from './auth';

/**
 * Families' own accounts and the parent's consent (issue #27; India's DPDP Act 2023 s.9: a child is
 * anyone under 18, and a child's data is processed only with a parent's verifiable consent; COPPA
 * for under 13). A school that takes families' sign-ups hands out a sign-up code; a parent fills in
 * the child's details, agrees to the consent text of this version, and proves the number with a code
 * sent to it. Nothing about the child is kept as an account until then.
 *
 * The consent text itself is in the web's six languages (locales/<lang>/signup.json, consent.*); a
 * change of its meaning is a new version here, and the parent agrees to the version they were shown.
 */
export const CONSENT_TEXT_VERSION = '2026-11';

/** A school's sign-up code as the school prints it (letters and digits; case and spaces ignored). */
export const SignUpCodeSchema = z
  .string()
  .max(20)
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{6,12}$/, 'Please enter the school’s sign-up code'));

/** GET /api/v1/sign-up/schools/:code: the school a sign-up code belongs to, and what a family may choose. */
export const SignUpSchoolSchema = z.object({
  name: z.string(),
  city: z.string(),
  /** Families buy a plan after signing up (schools.paid_by = 'family'); otherwise the school pays. */
  familiesPay: z.boolean(),
  languages: z.array(z.string()),
  boards: z.array(z.object({ id: z.number(), name: z.string(), grades: z.array(z.number()) })),
});
export type SignUpSchool = z.infer<typeof SignUpSchoolSchema>;

export const SignUpCodeParamsSchema = z.object({ code: SignUpCodeSchema });

/** The password a parent chooses for the child's account (the 14-digit code's password: at most 20). */
export const ChildPasswordSchema = z
  .string()
  .min(6, 'The password needs at least 6 characters')
  .max(20, 'The password can have at most 20 characters');

/** POST /api/v1/sign-up: the family's details; a code goes to the parent's mobile. */
export const SignUpBodySchema = z.object({
  schoolCode: SignUpCodeSchema,
  parentMobile: MobileSchema,
  parentFirstName: lineText().min(1, 'Please enter your name').max(100),
  childFirstName: lineText().min(1, 'Please enter the child’s first name').max(100),
  childLastName: lineText().max(100).default(''),
  boardId: z.number().int().positive().max(2_147_483_647),
  grade: z.number().int().min(1).max(12),
  language: z.enum(LANGUAGES),
  password: ChildPasswordSchema,
  /** The parent ticked the consent text of this version (the current one only). */
  consent: z.object({
    agreed: z.literal(true, 'Please agree as the child’s parent or guardian'),
    textVersion: z.literal(CONSENT_TEXT_VERSION),
  }),
});
export type SignUpBody = z.input<typeof SignUpBodySchema>;
export const SignUpStartedSchema = RequestOtpResponseSchema;
export type SignUpStarted = z.infer<typeof SignUpStartedSchema>;

/** POST /api/v1/sign-up/verify: the code from the parent's phone. The child is signed in on this device. */
export const SignUpVerifyBodySchema = z.object({
  challengeId: z.uuid(),
  code: z.string().regex(/^\d{4,6}$/, 'Please enter OTP'),
});
export const SignUpDoneSchema = z.object({
  /** The child's 14-digit sign-in code (also texted to the parent), with the password the parent chose. */
  loginCode: z.string(),
  me: MeResponseSchema,
});
export type SignUpDone = z.infer<typeof SignUpDoneSchema>;

/**
 * The parent's consent for an account a family made (null in StudentPrivacy for a school's account:
 * the school collects consent itself). Withdrawn, the child cannot sign in or play; the records stay
 * until exported and erased (or consent is given again).
 */
export const ParentalConsentSchema = z.object({
  /** The consent in force, or the last one withdrawn. */
  givenAt: z.string(),
  /** The parent who agreed, by name, and the number the code was checked on (masked: +91 ••••• •3210). */
  givenBy: z.string(),
  mobile: z.string(),
  textVersion: z.string(),
  withdrawnAt: z.string().nullable(),
  /** A linked parent may withdraw consent in force, or give it again after it was withdrawn. */
  canWithdraw: z.boolean(),
  canGiveAgain: z.boolean(),
});
export type ParentalConsent = z.infer<typeof ParentalConsentSchema>;

/** POST /api/v1/students/:id/consent: a linked parent gives consent again (of the current text). */
export const GiveConsentBodySchema = z.object({
  agreed: z.literal(true, 'Please agree as the child’s parent or guardian'),
  textVersion: z.literal(CONSENT_TEXT_VERSION),
});
export type GiveConsentBody = z.infer<typeof GiveConsentBodySchema>;
