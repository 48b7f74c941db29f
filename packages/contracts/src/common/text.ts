import { z } from 'zod';

/*
 * Which characters a person's text may hold. PostgreSQL cannot store NUL in text at all (a NUL in a
 * name or a search answered 500), and the other control characters are invisible: in a name they
 * hide or fake text on a reviewer's screen, and in a CSV, a log line or a terminal they can break it.
 * The rules are patterns, so the OpenAPI document shows them to clients too.
 */

/** No C0 control but tab, line feed and carriage return, and no DEL: what free text may hold. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FREE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
/** One line: no C0 control at all (tab and line breaks included), no DEL, no U+2028 or U+2029. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ONE_LINE = /^[^\u0000-\u001F\u007F\u2028\u2029]*$/;

/** The message of a one-line text (a name, a search) holding a line break or a control character. */
export const LINE_TEXT_MESSAGE = 'Please remove line breaks and control characters';
/** The message of a free text holding a control character other than a tab or a line break. */
export const FREE_TEXT_MESSAGE = 'Please remove control characters';

/**
 * A name (of a person, school, subject, chapter or topic) or a search: trimmed, on one line, without
 * control characters. Chain length rules after it (they then count the trimmed text).
 */
export function lineText(message: string = LINE_TEXT_MESSAGE) {
  return z.string().trim().regex(ONE_LINE, message);
}

/**
 * Text written in a form (a concept, a question, a comment, a reason): trimmed; tabs and line breaks
 * are allowed, other control characters are not.
 */
export function freeText(message: string = FREE_TEXT_MESSAGE) {
  return z.string().trim().regex(FREE_TEXT, message);
}
