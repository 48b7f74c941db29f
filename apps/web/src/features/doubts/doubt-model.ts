import {
  AnswerDoubtBodySchema,
  AskDoubtBodySchema,
  DOUBT_ANSWER_REQUIRED,
  DOUBT_PICTURE_MAX_BYTES,
  DOUBT_PICTURE_TYPES,
  DOUBT_TEXT_SHORT,
  FREE_TEXT_MESSAGE,
  type AnswerDoubtBody,
  type AskDoubtBody,
  type Doubt,
} from '@ki/contracts';
import { toRoman } from '@ki/domain';

/**
 * The doubts' rules, apart from their screens: the ask and answer forms are checked with the
 * contract's own schemas (those the server applies), their messages turned into keys of the
 * `doubts` strings, for the forms' own checks and for a 400's issues alike; the picture is checked
 * on the device before anything is sent.
 */

/** A problem of a field: a key of the `doubts` strings and its values. */
export interface Problem {
  key: string;
  values?: Record<string, number>;
}

/** The contract's messages, as keys of the `doubts` strings. */
const CONTRACT_MESSAGES: Readonly<Record<string, string>> = {
  [DOUBT_TEXT_SHORT]: 'problems.textShort',
  [DOUBT_ANSWER_REQUIRED]: 'problems.answerRequired',
  [FREE_TEXT_MESSAGE]: 'problems.freeText',
};

interface Issue {
  path: readonly PropertyKey[] | string;
  message: string;
  code?: string;
  maximum?: number | bigint;
}

const fieldOf = (path: Issue['path']): string | undefined => {
  const first = typeof path === 'string' ? path.split('.')[0] : path[0];
  return first === undefined ? undefined : String(first);
};

/** The first problem of each field among a schema's or a 400's issues. */
export function problemsOf(issues: readonly Issue[]): Partial<Record<string, Problem>> {
  const problems: Partial<Record<string, Problem>> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path) ?? '';
    if (problems[field]) continue;
    const known = CONTRACT_MESSAGES[issue.message];
    problems[field] = known
      ? { key: known }
      : issue.code === 'too_big' && issue.maximum !== undefined
        ? { key: 'problems.tooLong', values: { max: Number(issue.maximum) } }
        : { key: 'problems.invalid' };
  }
  return problems;
}

/** The problems of a refused request (VALIDATION_FAILED's details.issues), by field. */
export function serverProblems(details: unknown): Partial<Record<string, Problem>> {
  const issues = (details as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return {};
  return problemsOf(
    issues.map((i: { path?: unknown; message?: unknown }) => ({
      path: typeof i.path === 'string' ? i.path : Array.isArray(i.path) ? (i.path as PropertyKey[]) : '',
      message: String(i.message ?? ''),
    })),
  );
}

export interface AskValues {
  topicId: number | null;
  text: string;
}

export type AskProblems = Partial<Record<'topicId' | 'text', Problem>>;

/** The ask form's values checked as the server will check them: the body to send, or the problems. */
export function validateAsk(
  values: AskValues,
): { ok: true; body: AskDoubtBody } | { ok: false; problems: AskProblems } {
  const problems: AskProblems = {};
  if (values.topicId === null) problems.topicId = { key: 'problems.topicRequired' };
  const result = AskDoubtBodySchema.safeParse({ topicId: values.topicId ?? 1, text: values.text });
  if (!result.success) {
    const found = problemsOf(result.error.issues);
    if (found.text) problems.text = found.text;
  }
  if (problems.topicId || problems.text || values.topicId === null) return { ok: false, problems };
  // Sent as typed: the server's schema trims it as this one did.
  return { ok: true, body: { topicId: values.topicId, text: values.text } };
}

/** The answer form's text checked as the server will check it. */
export function validateAnswer(text: string): { ok: true; body: AnswerDoubtBody } | { ok: false; problem: Problem } {
  const result = AnswerDoubtBodySchema.safeParse({ text });
  if (result.success) return { ok: true, body: { text } };
  return { ok: false, problem: problemsOf(result.error.issues).text ?? { key: 'problems.invalid' } };
}

/**
 * A picture chosen on the device, before it is sent: PNG, JPEG or WebP, at most 2 MB (the server
 * checks the bytes themselves all the same). Null when it will do.
 */
export function pictureProblem(file: Pick<File, 'type' | 'size'>): Problem | null {
  if (!(DOUBT_PICTURE_TYPES as readonly string[]).includes(file.type)) return { key: 'problems.pictureType' };
  if (file.size > DOUBT_PICTURE_MAX_BYTES)
    return { key: 'problems.pictureSize', values: { max: DOUBT_PICTURE_MAX_BYTES / (1024 * 1024) } };
  return null;
}

/** The address of a doubt's picture, for an <img>: the session's cookie goes with it. */
export const pictureUrl = (doubt: Pick<Doubt, 'id'>) => `/api/v1/doubts/${doubt.id}/picture`;

/** Who asked, as staff read it: 'Aarav Shah · VII-A' (grade in roman numerals, as the app writes grades). */
export function askedBy(student: NonNullable<Doubt['student']>): string {
  const grade = toRoman(student.grade);
  return `${student.name} · ${student.section ? `${grade}-${student.section}` : grade}`;
}

/** The doubts the student has not seen the answer of: the ones marked New on this visit. */
export const unseenIds = (doubts: readonly Doubt[]): number[] =>
  doubts.filter((d) => d.status === 'answered' && d.answers.length > 0 && !d.answerSeen).map((d) => d.id);
