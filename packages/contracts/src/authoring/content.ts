import { z } from 'zod';
import { QUESTION_TYPES } from '../learn/subject-bundle';
import { IdParamSchema } from '../common/ids';
import { freeText, lineText } from '../common/text';
import { LANGUAGES } from '@ki/domain';

/**
 * The shapes an editor writes: names in six languages, concepts, and questions of five types. The
 * web form and the server validate with these same schemas. Every message is a key of the web's
 * `authoring` namespace (validation.*), so the server's 400 details translate on screen as well.
 * The question rules are those of the curriculum sources
 * (apps/server/src/demo-data/curriculum/curriculum-file.schema.ts), plus open-ended questions.
 */

export const CONTENT_LANGUAGES = LANGUAGES;
export type ContentLanguage = (typeof LANGUAGES)[number];
/** Languages other than English: optional everywhere. */
export const OPTIONAL_LANGUAGES = LANGUAGES.filter((l) => l !== 'en') as Exclude<ContentLanguage, 'en'>[];

export type AuthoringQuestionType = (typeof QUESTION_TYPES)[number];

/** The blank of a fill-in-the-blank question (access-and-app-shell.md 3: "fill in the blanks"). */
export const BLANK = '____';

/** True/false options in each language, in this order: the answer key is 0 = true, 1 = false. */
export const TRUE_FALSE_OPTIONS: Record<ContentLanguage, [string, string]> = {
  en: ['True', 'False'],
  mr: ['बरोबर', 'चूक'],
  gu: ['સાચું', 'ખોટું'],
  hi: ['सही', 'गलत'],
  ta: ['சரி', 'தவறு'],
  te: ['ఒప్పు', 'తప్పు'],
};

export const MIN_OPTIONS = 3;
export const MAX_OPTIONS = 6;

const isBlank = (v: unknown): boolean => {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.every(isBlank);
  if (typeof v === 'object') return Object.values(v).every(isBlank);
  return false;
};
/** An optional language left empty in a form counts as absent. */
const optionalLanguage = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), schema.optional());

/** What an editor writes beyond names: line breaks allowed, control characters not. */
const text = freeText('validation.textCharacters');

const nameText = lineText('validation.nameCharacters').min(2, 'validation.nameShort').max(120, 'validation.nameLong');

/** A name in every language given; English is required. */
export const LanguageNamesSchema = z.object({
  en: nameText,
  mr: optionalLanguage(nameText),
  gu: optionalLanguage(nameText),
  hi: optionalLanguage(nameText),
  ta: optionalLanguage(nameText),
  te: optionalLanguage(nameText),
});
export type LanguageNames = z.infer<typeof LanguageNamesSchema>;

/** A concept a student reads before playing a topic: a few sentences, in one language. */
export const ConceptBodySchema = z.object({
  body: text.min(40, 'validation.conceptShort').max(10_000, 'validation.conceptLong'),
});
export type ConceptBody = z.infer<typeof ConceptBodySchema>;

/** One language of a question. */
export const QuestionLanguageSchema = z.object({
  text: text.min(5, 'validation.questionShort').max(2000, 'validation.questionLong'),
  options: z
    .array(text.min(1, 'validation.optionEmpty').max(300, 'validation.optionLong'))
    .max(MAX_OPTIONS, 'validation.tooManyOptions'),
  solution: text.min(5, 'validation.solutionShort').max(4000, 'validation.solutionLong'),
});
export type QuestionLanguage = z.infer<typeof QuestionLanguageSchema>;

export const QuestionContentSchema = z.object({
  en: QuestionLanguageSchema,
  mr: optionalLanguage(QuestionLanguageSchema),
  gu: optionalLanguage(QuestionLanguageSchema),
  hi: optionalLanguage(QuestionLanguageSchema),
  ta: optionalLanguage(QuestionLanguageSchema),
  te: optionalLanguage(QuestionLanguageSchema),
});
export type QuestionContent = z.infer<typeof QuestionContentSchema>;

/**
 * A question as an editor writes it: its type, its content per language and a language-independent
 * answer key (indexes into the options, which therefore have the same order in every language).
 */
export const QuestionInputSchema = z
  .object({
    type: z.enum(QUESTION_TYPES, 'validation.questionType'),
    content: QuestionContentSchema,
    answer: z.array(z.number().int().min(0)).max(MAX_OPTIONS),
  })
  .superRefine((q, ctx) => {
    const issue = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path });
    const languages = CONTENT_LANGUAGES.filter((l) => q.content[l] !== undefined);
    const en = q.content.en;
    const answers = new Set(q.answer);
    if (answers.size !== q.answer.length) issue('validation.duplicateAnswer', ['answer']);

    if (q.type === 'open_ended') {
      for (const l of languages)
        if (q.content[l]!.options.length > 0) issue('validation.openEndedNoOptions', ['content', l, 'options']);
      if (q.answer.length > 0) issue('validation.openEndedNoAnswer', ['answer']);
      return;
    }
    for (const l of languages) {
      const c = q.content[l]!;
      if (q.type === 'true_false') {
        const expected = TRUE_FALSE_OPTIONS[l];
        if (c.options.length !== 2 || c.options[0] !== expected[0] || c.options[1] !== expected[1])
          issue('validation.trueFalseOptions', ['content', l, 'options']);
        continue;
      }
      if (l === 'en' && c.options.length < MIN_OPTIONS) issue('validation.fewOptions', ['content', l, 'options']);
      if (l !== 'en' && c.options.length !== en.options.length)
        issue('validation.optionCountMismatch', ['content', l, 'options']);
      // Empty options have their own message; only written ones can repeat each other.
      const lower = c.options.map((o) => o.trim().toLowerCase()).filter((o) => o !== '');
      if (new Set(lower).size !== lower.length) issue('validation.duplicateOptions', ['content', l, 'options']);
      if (q.type === 'fill_blank' && !c.text.includes(BLANK)) issue('validation.blankMissing', ['content', l, 'text']);
    }
    if (q.answer.some((i) => i >= en.options.length)) issue('validation.answerOutsideOptions', ['answer']);
    if (q.type === 'multiple_select') {
      if (q.answer.length < 2) issue('validation.multipleSelectAnswers', ['answer']);
    } else if (q.answer.length !== 1) {
      issue('validation.oneAnswer', ['answer']);
    }
  });
export type QuestionInput = z.infer<typeof QuestionInputSchema>;

/** Live status of a curriculum row: students see only 'published'. */
export const CONTENT_STATUSES = ['draft', 'in_review', 'published'] as const;
export const ContentStatusSchema = z.enum(CONTENT_STATUSES);
export type ContentStatusName = z.infer<typeof ContentStatusSchema>;

/** State of an item's open revision: edits waiting, submitted, or sent back by the approver. */
export const PENDING_STATES = ['draft', 'in_review', 'returned'] as const;
export const PendingStateSchema = z.enum(PENDING_STATES);

export const ENTITY_TYPES = ['subject', 'chapter', 'topic', 'concept', 'question'] as const;
export const EntityTypeSchema = z.enum(ENTITY_TYPES);
export type EntityType = z.infer<typeof EntityTypeSchema>;

/** Where an item stands in the workflow, as lists and editors show it. */
export const ItemStateSchema = z.object({
  status: ContentStatusSchema,
  /** The open revision's state, or null when the item has no unapproved change. */
  pending: PendingStateSchema.nullable(),
  /** The approver's comment when the change was sent back. */
  returnComment: z.string().nullable(),
});
export type ItemState = z.infer<typeof ItemStateSchema>;

/** Names as stored: English always, other languages when given. */
export const StoredNamesSchema = z.record(z.string(), z.string());
export const IdParamsSchema = z.object({ id: IdParamSchema });
