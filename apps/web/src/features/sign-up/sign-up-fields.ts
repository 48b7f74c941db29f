/**
 * The sign-up form's fields and what a refusal says about them (pure: the form and its tests use it).
 * The server names a refused field in VALIDATION_FAILED's details: `field` for a choice the school
 * does not offer, and each issue's `path` for the contract's checks (SignUpBodySchema); the form's
 * own check of the same schema gives the same paths.
 */
export const SIGN_UP_FIELDS = [
  'parentFirstName',
  'parentMobile',
  'childFirstName',
  'childLastName',
  'boardId',
  'grade',
  'language',
  'password',
  'passwordRepeat',
  'consent',
] as const;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];
export type FieldErrors = Partial<Record<SignUpField, string>>;

/** The field of an issue's path ('consent.agreed' is the consent box); a path outside the form has none. */
export function fieldOfPath(path: string | readonly PropertyKey[]): SignUpField | null {
  const first = typeof path === 'string' ? path.split('.')[0] : path[0];
  return SIGN_UP_FIELDS.find((field) => field === first) ?? null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The fields a VALIDATION_FAILED answer names, once each, in the form's order. */
export function refusedFields(details: unknown): SignUpField[] {
  if (!isRecord(details)) return [];
  const paths: unknown[] = [
    details.field,
    ...(Array.isArray(details.issues) ? details.issues.map((i) => (isRecord(i) ? i.path : null)) : []),
  ];
  const named = new Set(paths.flatMap((p) => (typeof p === 'string' ? [fieldOfPath(p)] : [])));
  return SIGN_UP_FIELDS.filter((field) => named.has(field));
}

/**
 * The message (a key of signup.json) for a refused field: a missing name or a name that cannot be
 * kept (too long, on more than one line), a password too short or too long.
 */
export function fieldMessageKey(
  field: SignUpField,
  values: { parentFirstName: string; childFirstName: string; password: string },
): string {
  switch (field) {
    case 'parentFirstName':
      return values.parentFirstName.trim() ? 'errors.nameInvalid' : 'errors.parentName';
    case 'childFirstName':
      return values.childFirstName.trim() ? 'errors.nameInvalid' : 'errors.childFirstName';
    case 'childLastName':
      return 'errors.nameInvalid';
    case 'password':
      return values.password.length > 20 ? 'errors.passwordLong' : 'errors.passwordShort';
    default:
      return `errors.${field}`;
  }
}

/** A 14-digit sign-in code as it is read out and written down, in fours: 2026 0000 0001 23. */
export const groupLoginCode = (code: string): string => code.replace(/(\d{4})(?=\d)/g, '$1 ');
