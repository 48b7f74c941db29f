import { z } from 'zod';
import { TRUE_FALSE_OPTIONS } from '@ki/contracts';
import { SUBJECT_SLUGS, type CurriculumFile } from './curriculum-file.schema';

/**
 * Shape of one translation of a curriculum file: curriculum/<subject>/grade-NN.<lang>.json, beside
 * the English grade-NN.json it translates. It carries only words: chapters and topics by the same
 * slugs in the same order, each topic's name and concept, and its questions in the English file's
 * order with the same number of options in the same order (answer keys and question types are the
 * English file's: they do not depend on the language, so they are not repeated here). True/false
 * options are the language's two words (TRUE_FALSE_OPTIONS), fill-in-the-blank texts keep ____.
 * Topics whose questions come from a maths generator have no questions here: the generators carry
 * their own texts in every language (maths-texts.ts).
 */
export const TRANSLATION_LANGUAGES = ['hi', 'mr', 'gu', 'ta', 'te'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** A translation file's name: grade-03.hi.json gives grade 3 and Hindi. */
export const TRANSLATION_FILE = /^grade-(\d\d)\.([a-z]{2})\.json$/;
/** An English curriculum file's name: grade-03.json. */
export const ENGLISH_FILE = /^grade-(\d\d)\.json$/;

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lower-case words joined by hyphens');
/** Limits of the authoring contract (packages/contracts/src/authoring/content.ts), so an editor can save what is loaded. */
const text = (min: number, max: number) => z.string().trim().min(min).max(max);

export const TranslatedQuestionSchema = z
  .object({
    text: text(5, 2000),
    options: z.array(text(1, 300)).min(2).max(6),
    solution: text(5, 4000),
  })
  .strict();
export type TranslatedQuestion = z.infer<typeof TranslatedQuestionSchema>;

export const TranslatedTopicSchema = z
  .object({
    slug,
    name: text(2, 120),
    concept: text(40, 10_000),
    questions: z.array(TranslatedQuestionSchema).optional(),
  })
  .strict();

export const TranslatedChapterSchema = z
  .object({
    slug,
    name: text(2, 120),
    topics: z.array(TranslatedTopicSchema).min(1),
  })
  .strict();

export const TranslationFileSchema = z
  .object({
    subject: z.enum(SUBJECT_SLUGS),
    grade: z.number().int().min(1).max(12),
    language: z.enum(TRANSLATION_LANGUAGES),
    chapters: z.array(TranslatedChapterSchema).min(1),
  })
  .strict();
export type TranslationFile = z.infer<typeof TranslationFileSchema>;

/** Letters of each language's script: a translated sentence has some. */
export const SCRIPT: Record<TranslationLanguage, RegExp> = {
  hi: /[\u0900-\u097F]/,
  mr: /[\u0900-\u097F]/,
  gu: /[\u0A80-\u0AFF]/,
  ta: /[\u0B80-\u0BFF]/,
  te: /[\u0C00-\u0C7F]/,
};
/** Digits of the Indian scripts: the curriculum writes numbers in Western digits in every language (docs/GLOSSARY.md). */
const NATIVE_DIGITS = /[\u0966-\u096F\u0AE6-\u0AEF\u0BE6-\u0BEF\u0C66-\u0C6F]/;

/**
 * What does not fit between a translation and its English file. `errors` are mistakes that would
 * show wrong content (the loader refuses the file); `untranslated` counts the strings a student would
 * still read in English or without the language's script, of `counted` (the test allows a few:
 * names, numbers and, in the English subject, the English being taught).
 */
export function compareTranslation(
  en: CurriculumFile,
  tr: TranslationFile,
): { errors: string[]; untranslated: string[]; counted: number } {
  const errors: string[] = [];
  const untranslated: string[] = [];
  let counted = 0;
  const script = SCRIPT[tr.language];
  const tf = TRUE_FALSE_OPTIONS[tr.language];
  /** A sentence must be in the language: some letters of its script, and not the English text. */
  const sentence = (where: string, value: string, english: string, required: boolean) => {
    if (NATIVE_DIGITS.test(value)) errors.push(`${where}: write numbers in Western digits (0-9)`);
    counted++;
    if (script.test(value) && value !== english) return;
    if (required) errors.push(`${where}: not in the language's script: "${value}"`);
    else untranslated.push(`${where}: "${value}"`);
  };

  if (tr.subject !== en.subject) errors.push(`subject ${tr.subject} is not the English file's ${en.subject}`);
  if (tr.grade !== en.grade) errors.push(`grade ${tr.grade} is not the English file's ${en.grade}`);
  if (tr.chapters.length !== en.chapters.length)
    errors.push(`${tr.chapters.length} chapters, the English file has ${en.chapters.length}`);
  en.chapters.forEach((ec, ci) => {
    const tc = tr.chapters[ci];
    if (!tc) return;
    const cw = `chapter ${ci + 1} (${ec.slug})`;
    if (tc.slug !== ec.slug) errors.push(`${cw}: slug ${tc.slug}, the English file has ${ec.slug} here`);
    sentence(`${cw} name`, tc.name, ec.name, true);
    if (tc.topics.length !== ec.topics.length)
      errors.push(`${cw}: ${tc.topics.length} topics, the English file has ${ec.topics.length}`);
    ec.topics.forEach((et, ti) => {
      const tt = tc.topics[ti];
      if (!tt) return;
      const tw = `${ec.slug}/${et.slug}`;
      if (tt.slug !== et.slug) errors.push(`${tw}: slug ${tt.slug}, the English file has ${et.slug} here`);
      sentence(`${tw} name`, tt.name, et.name, true);
      sentence(`${tw} concept`, tt.concept, et.concept, true);
      if (!et.questions) {
        if (tt.questions)
          errors.push(`${tw}: questions given, but the English topic uses the generator ${et.generator}`);
        return;
      }
      const tq = tt.questions ?? [];
      if (tq.length !== et.questions.length)
        errors.push(`${tw}: ${tq.length} questions, the English file has ${et.questions.length}`);
      et.questions.forEach((eq, qi) => {
        const q = tq[qi];
        if (!q) return;
        const qw = `${tw} question ${qi + 1}`;
        if (q.options.length !== eq.options.length)
          errors.push(`${qw}: ${q.options.length} options, the English question has ${eq.options.length}`);
        if (eq.type === 'true_false' && (q.options[0] !== tf[0] || q.options[1] !== tf[1]))
          errors.push(`${qw}: true/false options must be ${JSON.stringify(tf)}`);
        if (eq.type === 'fill_blank' && !q.text.includes('____')) errors.push(`${qw}: the blank ____ is missing`);
        if (new Set(q.options.map((o) => o.trim().toLowerCase())).size !== q.options.length)
          errors.push(`${qw}: two options are the same`);
        sentence(`${qw} text`, q.text, eq.text, false);
        sentence(`${qw} solution`, q.solution, eq.solution, false);
        // Options that are words to translate (not the English words the English subject teaches, nor numbers).
        if (en.subject !== 'english' && eq.type !== 'true_false')
          q.options.forEach((o, oi) => {
            if (/\p{L}/u.test(eq.options[oi] ?? '')) sentence(`${qw} option ${oi + 1}`, o, eq.options[oi] ?? '', false);
          });
      });
    });
  });
  return { errors, untranslated, counted };
}
