/**
 * Plain values the web app uses at run time, kept out of the schema modules: a page that imports one
 * of these does not bring zod, every schema and the phone-number rules into its code (the package
 * has no side effects, so the bundler leaves out modules none of whose exports a page uses).
 */

/** Largest batch one upload may carry. */
export const MAX_RECORDS_PER_BATCH = 500;

export const STUDENT_CATEGORIES = ['registered', 'active', 'inactive', 'band'] as const;
export type StudentCategory = (typeof STUDENT_CATEGORIES)[number];

/**
 * How a student list was opened (dashboards.md 2.8): 'report' is the Students Report of a grade tab,
 * 'card' a Registered / Active / Inactive card, 'simplebar' a bar of the score chart, 'mixbar' a bar
 * of the grade-wise active / inactive chart. A super-admin's list (any of the three) is 'superadmin'.
 */
export const STUDENT_LIST_VIEWS = ['report', 'card', 'simplebar', 'mixbar'] as const;
export type StudentListView = (typeof STUDENT_LIST_VIEWS)[number];

/** The periods of the student dashboard's progress chart. */
export const PROGRESS_FILTERS = ['day', 'week', 'month'] as const;
export type ProgressFilter = (typeof PROGRESS_FILTERS)[number];
