/**
 * The exam launcher's table (access-and-app-shell.md 2.2): "The type is one of JEE, NEET,
 * 12passout, 12, 11. It selects a test id: default 1, JEE 4, NEET 5, 12passout 9, 12 10, 11 11."
 * The test ids are the outside test site's; this app only passes them on.
 */

/** The exam types of the launcher, in the spec's order. */
export const EXAM_TYPES = ['JEE', 'NEET', '12passout', '12', '11'] as const;

/** An exam type of the launcher. */
export type ExamType = (typeof EXAM_TYPES)[number];

/** The test id of any other type, and of none ("default 1"). */
export const DEFAULT_EXAM_TEST_ID = 1;

const TEST_IDS: ReadonlyMap<string, number> = new Map<ExamType, number>([
  ['JEE', 4],
  ['NEET', 5],
  ['12passout', 9],
  ['12', 10],
  ['11', 11],
]);

/**
 * Whether a string is one of the launcher's exam types. Exact: the spec names them in this case,
 * so 'jee' is not JEE.
 *
 * @param value any string, for example a route parameter
 */
export function isExamType(value: string): value is ExamType {
  return TEST_IDS.has(value);
}

/**
 * The outside test site's test id for an exam type (access-and-app-shell.md 2.2): JEE 4, NEET 5,
 * 12passout 9, 12 10, 11 11, and 1 for anything else, including no type.
 *
 * @param type the type from the route (/exams/{type}, /himalayansuper30/{type}), or undefined
 */
export function examTestId(type: string | undefined): number {
  return (type === undefined ? undefined : TEST_IDS.get(type)) ?? DEFAULT_EXAM_TEST_ID;
}
