/**
 * Reads the curriculum source files (curriculum/<subject>/grade-NN.json) with their translations
 * (grade-NN.<lang>.json beside them), and expands maths topics' generators into concrete questions
 * with a seeded generator, so the same seed gives the same bank.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LanguageMap, QuestionContent } from '../db/schema';
import {
  CurriculumFileSchema,
  type CurriculumFile,
  type CurriculumQuestion,
} from './curriculum/curriculum-file.schema';
import { generateQuestions } from './curriculum/maths-generators';
import {
  ENGLISH_FILE,
  TRANSLATION_FILE,
  TranslationFileSchema,
  compareTranslation,
  type TranslationFile,
  type TranslationLanguage,
} from './curriculum/translation-file.schema';
import { randomFor } from './rng';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), 'curriculum');
/** Generated questions per maths topic: two games' worth, so replays see new questions. */
export const GENERATED_QUESTIONS_PER_TOPIC = 20;

export interface SourceQuestion extends CurriculumQuestion {
  /** The question's words in the languages it is translated into (options in the English order). */
  translations: Partial<Record<TranslationLanguage, QuestionContent>>;
}
export interface SourceTopic {
  slug: string;
  /** The English name and any translations. */
  names: LanguageMap;
  /** The concept in English and in each language it is translated into. */
  concepts: LanguageMap;
  questions: SourceQuestion[];
}
export interface SourceChapter {
  slug: string;
  names: LanguageMap;
  topics: SourceTopic[];
}
export interface SourceFile {
  subject: CurriculumFile['subject'];
  grade: number;
  chapters: SourceChapter[];
}

/** A translation file read and checked against its English file; a mismatch is an error, not a silent English fallback. */
export function readTranslation(path: string, english: CurriculumFile): TranslationFile {
  const file = TranslationFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  const [, , language] = TRANSLATION_FILE.exec(path.split('/').pop() ?? '') ?? [];
  const { errors } = compareTranslation(english, file);
  if (language !== file.language) errors.unshift(`the file name says ${language}, the file says ${file.language}`);
  if (errors.length) throw new Error(`${path} does not match its English file:\n  ${errors.join('\n  ')}`);
  return file;
}

/** Every curriculum file, validated, with its translations merged in and generated questions filled in. */
export function loadCurriculumSources(seed = 1): SourceFile[] {
  const files: SourceFile[] = [];
  for (const subject of readdirSync(ROOT).sort()) {
    const dir = join(ROOT, subject);
    if (!statSync(dir).isDirectory()) continue;
    const names = readdirSync(dir).sort();
    for (const name of names.filter((f) => ENGLISH_FILE.test(f))) {
      const parsed = CurriculumFileSchema.parse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
      const stem = name.slice(0, -'.json'.length);
      const translations = names
        .filter((f) => f.startsWith(`${stem}.`) && TRANSLATION_FILE.test(f))
        .map((f) => readTranslation(join(dir, f), parsed));
      files.push({
        subject: parsed.subject,
        grade: parsed.grade,
        chapters: parsed.chapters.map((chapter, ci) => ({
          slug: chapter.slug,
          names: {
            en: chapter.name,
            ...Object.fromEntries(translations.map((t) => [t.language, t.chapters[ci]!.name])),
          },
          topics: chapter.topics.map((topic, ti) => {
            const translated = translations.map((t) => ({ language: t.language, topic: t.chapters[ci]!.topics[ti]! }));
            const questions: SourceQuestion[] = topic.questions
              ? topic.questions.map((q, qi) => ({
                  ...q,
                  translations: Object.fromEntries(
                    translated.map(({ language, topic: t }) => [language, t.questions![qi]!]),
                  ),
                }))
              : generateQuestions(
                  topic.generator!,
                  randomFor(seed, `${parsed.subject}/${parsed.grade}/${chapter.slug}/${topic.slug}`).next,
                  GENERATED_QUESTIONS_PER_TOPIC,
                ).map(({ translations: generated, ...q }) => ({
                  ...q,
                  // The generators write the grades that are translated; only languages with a translation file are served.
                  translations: Object.fromEntries(
                    translated.flatMap(({ language }) =>
                      generated?.[language] ? [[language, generated[language]]] : [],
                    ),
                  ),
                }));
            return {
              slug: topic.slug,
              names: {
                en: topic.name,
                ...Object.fromEntries(translated.map(({ language, topic: t }) => [language, t.name])),
              },
              concepts: {
                en: topic.concept,
                ...Object.fromEntries(translated.map(({ language, topic: t }) => [language, t.concept])),
              },
              questions,
            };
          }),
        })),
      });
    }
  }
  return files;
}
