import {
  BROADCAST_GRADES_REQUIRED,
  BROADCAST_PICTURE_MAX_BYTES,
  BROADCAST_PICTURE_TYPES,
  BROADCAST_LINK_HTTPS,
  BROADCAST_TITLE_REQUIRED,
  CreateBroadcastBodySchema,
  FREE_TEXT_MESSAGE,
  LINE_TEXT_MESSAGE,
  type CreateBroadcastBody,
} from '@ki/contracts';
import { toRoman } from '@ki/domain';

/**
 * The compose form's rules, apart from its screen: validation with the contract's own schema (the
 * one the server applies), its messages turned into keys of the `notices` strings, for the form's
 * own checks and for a 400's issues alike.
 */

export interface ComposeValues {
  title: string;
  body: string;
  linkUrl: string;
  grades: number[];
}

export const EMPTY_COMPOSE: ComposeValues = { title: '', body: '', linkUrl: '', grades: [] };

export type Field = keyof ComposeValues;
const FIELDS: readonly Field[] = ['title', 'body', 'linkUrl', 'grades'];

/** A problem of one field: a key of the `notices` strings and its values. */
export interface Problem {
  key: string;
  values?: Record<string, number>;
}
export type Problems = Partial<Record<Field, Problem>>;

/** The contract's messages, as keys of the `notices` strings. */
const CONTRACT_MESSAGES: Readonly<Record<string, string>> = {
  [BROADCAST_TITLE_REQUIRED]: 'problems.titleRequired',
  [BROADCAST_GRADES_REQUIRED]: 'problems.gradesRequired',
  [BROADCAST_LINK_HTTPS]: 'problems.linkHttps',
  [LINE_TEXT_MESSAGE]: 'problems.lineText',
  [FREE_TEXT_MESSAGE]: 'problems.freeText',
};

interface Issue {
  path: readonly PropertyKey[] | string;
  message: string;
  code?: string;
  maximum?: number | bigint;
}

/** The field an issue is about ('grades.0' is the grades), or undefined for one of no field. */
const fieldOf = (path: Issue['path']): Field | undefined => {
  const first = typeof path === 'string' ? path.split('.')[0] : path[0];
  return FIELDS.find((f) => f === first);
};

/** The first problem of each field among a schema's or a 400's issues. */
export function problemsOf(issues: readonly Issue[]): Problems {
  const problems: Problems = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (!field || problems[field]) continue;
    const known = CONTRACT_MESSAGES[issue.message];
    problems[field] = known
      ? { key: known }
      : issue.code === 'too_big' && issue.maximum !== undefined
        ? { key: 'problems.tooLong', values: { max: Number(issue.maximum) } }
        : { key: 'problems.invalid' };
  }
  return problems;
}

/** The problems of a refused POST (VALIDATION_FAILED's details.issues), by field. */
export function serverProblems(details: unknown): Problems {
  const issues = (details as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return {};
  return problemsOf(
    issues.map((i: { path?: unknown; message?: unknown }) => ({
      path: typeof i.path === 'string' ? i.path : '',
      message: String(i.message ?? ''),
    })),
  );
}

/** The values checked as the server will check them: the body to send, or the problems by field. */
export function validate(
  values: ComposeValues,
): { ok: true; body: CreateBroadcastBody } | { ok: false; problems: Problems } {
  const result = CreateBroadcastBodySchema.safeParse(values);
  if (!result.success) return { ok: false, problems: problemsOf(result.error.issues) };
  // Sent as typed (the link '' for none): the server's schema trims and transforms it as this one did.
  return { ok: true, body: values };
}

/**
 * Grades as the app writes them, in roman numerals, runs of three or more joined: [6, 7, 8] 'VI–VIII',
 * [1..12] 'I–XII', [9, 10] 'IX, X', [7] 'VII'.
 */
export function gradeRuns(grades: readonly number[]): string {
  const sorted = [...new Set(grades)].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const g of sorted) {
    const last = runs.at(-1);
    if (last && last.at(-1) === g - 1) last.push(g);
    else runs.push([g]);
  }
  return runs
    .flatMap((run) =>
      run.length >= 3 ? [`${toRoman(run[0] ?? 1)}–${toRoman(run.at(-1) ?? 1)}`] : run.map((g) => toRoman(g)),
    )
    .join(', ');
}

/** A picture chosen for a notice, checked on the device as the server checks it (type, size). */
export function pictureProblem(file: Pick<File, 'type' | 'size'>): Problem | null {
  if (!(BROADCAST_PICTURE_TYPES as readonly string[]).includes(file.type)) return { key: 'problems.pictureType' };
  if (file.size > BROADCAST_PICTURE_MAX_BYTES)
    return { key: 'problems.pictureSize', values: { max: BROADCAST_PICTURE_MAX_BYTES / (1024 * 1024) } };
  return null;
}
