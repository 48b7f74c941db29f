/**
 * The question editor's form values and their mapping to the API's QuestionInput. Pure: the form
 * validates the mapped value with the same zod contract the server uses (QuestionInputSchema).
 */
import { schemaResolver } from '@mantine/form';
import {
  CONTENT_LANGUAGES,
  MAX_OPTIONS,
  MIN_OPTIONS,
  QuestionInputSchema,
  TRUE_FALSE_OPTIONS,
  type AuthoringQuestion,
  type AuthoringQuestionType,
  type ContentLanguage,
} from '@ki/contracts';

export interface LanguageValues {
  text: string;
  options: string[];
  solution: string;
}
export interface QuestionFormValues {
  type: AuthoringQuestionType;
  /** Options of choice questions (3 to 6); true/false and open-ended questions ignore it. */
  optionCount: number;
  answer: number[];
  content: Record<ContentLanguage, LanguageValues>;
}

const DEFAULT_OPTIONS = 4;
const blankLanguage = (count: number): LanguageValues => ({
  text: '',
  options: Array.from({ length: count }, () => ''),
  solution: '',
});

export function emptyQuestion(type: AuthoringQuestionType = 'multiple_choice'): QuestionFormValues {
  return {
    type,
    optionCount: DEFAULT_OPTIONS,
    answer: [],
    content: Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l, blankLanguage(MAX_OPTIONS)])) as Record<
      ContentLanguage,
      LanguageValues
    >,
  };
}

/** Whether a question type has options the editor writes (true/false has fixed ones). */
export const hasWrittenOptions = (type: AuthoringQuestionType) =>
  type === 'multiple_choice' || type === 'fill_blank' || type === 'multiple_select';

/** Form values of a saved question. */
export function questionToForm(q: Pick<AuthoringQuestion, 'type' | 'content' | 'answer'>): QuestionFormValues {
  const values = emptyQuestion(q.type);
  const en = q.content.en;
  if (hasWrittenOptions(q.type) && en)
    values.optionCount = Math.min(MAX_OPTIONS, Math.max(MIN_OPTIONS, en.options.length));
  values.answer = [...q.answer];
  for (const l of CONTENT_LANGUAGES) {
    const c = q.content[l];
    if (!c) continue;
    const options = [...c.options, ...Array.from({ length: MAX_OPTIONS }, () => '')].slice(0, MAX_OPTIONS);
    values.content[l] = { text: c.text, options, solution: c.solution };
  }
  return values;
}

/**
 * The API body of form values: options cut to the chosen count (true/false gets its fixed options in
 * each language), open-ended questions without options or answer. Languages left empty are dropped
 * by the contract itself.
 */
export function formToInput(values: QuestionFormValues) {
  const content = Object.fromEntries(
    CONTENT_LANGUAGES.map((l) => {
      const c = values.content[l];
      const written =
        c.text.trim() !== '' ||
        c.solution.trim() !== '' ||
        (hasWrittenOptions(values.type) && c.options.slice(0, values.optionCount).some((o) => o.trim() !== ''));
      const options =
        values.type === 'true_false'
          ? written || l === 'en'
            ? [...TRUE_FALSE_OPTIONS[l]]
            : []
          : values.type === 'open_ended'
            ? []
            : c.options.slice(0, values.optionCount);
      return [l, { text: c.text, options, solution: c.solution }];
    }),
  );
  return {
    type: values.type,
    content,
    answer: values.type === 'open_ended' ? [] : [...values.answer].sort((a, b) => a - b),
  };
}

const resolve = schemaResolver(QuestionInputSchema, { sync: true });

/** Errors by form path ('content.hi.text', 'answer', ...), as message keys of the authoring namespace. */
export function validateQuestion(values: QuestionFormValues): Record<string, string> {
  return resolve(formToInput(values)) as Record<string, string>;
}

/** Which languages of a question have content, for the per-language indicator. */
export function writtenLanguages(values: QuestionFormValues): ContentLanguage[] {
  return CONTENT_LANGUAGES.filter((l) => values.content[l].text.trim() !== '');
}
