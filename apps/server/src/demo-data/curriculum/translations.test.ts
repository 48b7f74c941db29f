import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConceptBodySchema, LanguageNamesSchema, QuestionInputSchema, TRUE_FALSE_OPTIONS } from '@ki/contracts';
import { CurriculumFileSchema, type CurriculumFile } from './curriculum-file.schema';
import { MATHS_GENERATORS, seededRng } from './maths-generators';
import { GRADE_3_TEXTS } from './maths-texts';
import {
  SCRIPT,
  TRANSLATION_FILE,
  TRANSLATION_LANGUAGES,
  TranslationFileSchema,
  compareTranslation,
  type TranslationFile,
} from './translation-file.schema';

/*
 * Every translation file (curriculum/<subject>/grade-NN.<lang>.json) against its English file: the
 * same chapters, topics and questions in the same order, the same number of options, the blanks kept,
 * the true/false words of the language, nothing empty, and the words really in the language. Whatever
 * languages are present pass; a malformed file fails.
 */

const ROOT = dirname(fileURLToPath(import.meta.url));
/** Share of a file's sentences that may stay as in English or lack the language's script (names, numbers). */
const MAX_UNTRANSLATED = 0.2;

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const translationFiles = readdirSync(ROOT)
  .filter((d) => statSync(join(ROOT, d)).isDirectory())
  .flatMap((subject) =>
    readdirSync(join(ROOT, subject))
      .filter((f) => /^grade-\d\d\.[^.]+\.json$/.test(f))
      .map((file) => ({ subject, file, path: join(ROOT, subject, file) })),
  );
const english = (subject: string, file: string): CurriculumFile =>
  CurriculumFileSchema.parse(readJson(join(ROOT, subject, file.replace(/\.[^.]+\.json$/, '.json'))));

/** The contract the authoring screens save with: what the demo loads, an editor can open and save. */
function authoringProblems(en: CurriculumFile, tr: TranslationFile): string[] {
  const problems: string[] = [];
  const named = (where: string, enName: string, name: string) => {
    const r = LanguageNamesSchema.safeParse({ en: enName, [tr.language]: name });
    if (!r.success) problems.push(`${where}: ${r.error.issues.map((i) => i.message).join(', ')}`);
  };
  en.chapters.forEach((c, ci) => {
    const tc = tr.chapters[ci]!;
    named(c.slug, c.name, tc.name);
    c.topics.forEach((t, ti) => {
      const tt = tc.topics[ti]!;
      named(`${c.slug}/${t.slug}`, t.name, tt.name);
      if (!ConceptBodySchema.safeParse({ body: tt.concept }).success) problems.push(`${c.slug}/${t.slug}: concept`);
      (t.questions ?? []).forEach((q, qi) => {
        const r = QuestionInputSchema.safeParse({
          type: q.type,
          answer: q.answer,
          content: { en: { text: q.text, options: q.options, solution: q.solution }, [tr.language]: tt.questions![qi] },
        });
        if (!r.success)
          problems.push(`${c.slug}/${t.slug} question ${qi + 1}: ${r.error.issues.map((i) => i.message).join(', ')}`);
      });
    });
  });
  return problems;
}

describe('curriculum translation files', () => {
  it('exist for grade 3 in every subject: maths in all five languages, English and EVS at least in Hindi and Marathi', () => {
    const present = new Set(translationFiles.map((f) => `${f.subject}/${f.file}`));
    for (const lang of TRANSLATION_LANGUAGES) expect(present, `maths ${lang}`).toContain(`maths/grade-03.${lang}.json`);
    for (const subject of ['english', 'evs'])
      for (const lang of ['hi', 'mr'])
        expect(present, `${subject} ${lang}`).toContain(`${subject}/grade-03.${lang}.json`);
  });

  describe.each(translationFiles)('$subject/$file', ({ subject, file, path }) => {
    it('is named grade-NN.<language>.json beside its English file, and says so inside', () => {
      const m = TRANSLATION_FILE.exec(file);
      expect(m, 'file name').not.toBeNull();
      expect(TRANSLATION_LANGUAGES as readonly string[]).toContain(m![2]);
      expect(existsSync(join(ROOT, subject, `grade-${m![1]}.json`)), 'English file').toBe(true);
      const parsed = TranslationFileSchema.parse(readJson(path));
      expect(parsed.language).toBe(m![2]);
      expect(parsed.subject).toBe(subject);
      expect(parsed.grade).toBe(Number(m![1]));
    });

    it('matches its English file: slugs, counts, options, blanks, true/false words, script and digits', () => {
      const tr = TranslationFileSchema.parse(readJson(path));
      const { errors, untranslated, counted } = compareTranslation(english(subject, file), tr);
      expect(errors).toEqual([]);
      expect(untranslated.length / counted, `left as in English:\n${untranslated.join('\n')}`).toBeLessThanOrEqual(
        MAX_UNTRANSLATED,
      );
    });

    it('is valid content for the authoring contract (what an editor can save)', () => {
      const tr = TranslationFileSchema.parse(readJson(path));
      expect(authoringProblems(english(subject, file), tr)).toEqual([]);
    });
  });
});

describe('compareTranslation and the schema catch a malformed file', () => {
  const en = english('evs', 'grade-03.hi.json');
  const good = (): TranslationFile => TranslationFileSchema.parse(readJson(join(ROOT, 'evs', 'grade-03.hi.json')));
  const errorsOf = (change: (f: TranslationFile) => void) => {
    const f = good();
    change(f);
    return compareTranslation(en, f).errors.join('\n');
  };
  const firstOfType = (f: TranslationFile, type: string) => {
    const topic = en.chapters[0]!.topics[0]!;
    const qi = topic.questions!.findIndex((q) => q.type === type);
    return f.chapters[0]!.topics[0]!.questions![qi]!;
  };

  it('accepts the real file', () => {
    expect(compareTranslation(en, good()).errors).toEqual([]);
  });
  it('finds a changed slug, a missing chapter, topic or question', () => {
    expect(errorsOf((f) => (f.chapters[1]!.slug = 'plants'))).toMatch(/slug plants/);
    expect(errorsOf((f) => f.chapters.pop())).toMatch(/2 chapters, the English file has 3/);
    expect(errorsOf((f) => f.chapters[0]!.topics.pop())).toMatch(/1 topics, the English file has 2/);
    expect(errorsOf((f) => f.chapters[0]!.topics[0]!.questions!.pop())).toMatch(
      /10 questions, the English file has 11/,
    );
  });
  it('finds a wrong number of options, English true/false words, a lost blank and repeated options', () => {
    expect(errorsOf((f) => f.chapters[0]!.topics[0]!.questions![0]!.options.pop())).toMatch(
      /2 options, the English question has 3/,
    );
    expect(errorsOf((f) => (firstOfType(f, 'true_false').options = ['True', 'False']))).toMatch(/true\/false options/);
    expect(errorsOf((f) => (firstOfType(f, 'fill_blank').text = 'कौवे के पैर होते हैं।'))).toMatch(/blank ____ is missing/);
    expect(
      errorsOf((f) => {
        const q = firstOfType(f, 'multiple_choice');
        q.options[1] = q.options[0]!;
      }),
    ).toMatch(/two options are the same/);
  });
  it('finds names and concepts not in the language, and native digits', () => {
    expect(errorsOf((f) => (f.chapters[0]!.name = en.chapters[0]!.name))).toMatch(/name: not in the language's script/);
    expect(errorsOf((f) => (f.chapters[0]!.topics[0]!.concept = en.chapters[0]!.topics[0]!.concept))).toMatch(
      /concept: not in the language's script/,
    );
    expect(errorsOf((f) => (f.chapters[0]!.topics[0]!.questions![5]!.text = 'गाय के ४ पैर होते हैं?'))).toMatch(
      /Western digits/,
    );
  });
  it('counts questions left in English, so a file mostly in English fails the share', () => {
    const f = good();
    f.chapters.forEach((c, ci) =>
      c.topics.forEach((t, ti) =>
        t.questions!.forEach((q, qi) => {
          const e = en.chapters[ci]!.topics[ti]!.questions![qi]!;
          q.text = e.text;
          q.solution = e.solution;
        }),
      ),
    );
    const { untranslated, counted } = compareTranslation(en, f);
    expect(untranslated.length / counted).toBeGreaterThan(MAX_UNTRANSLATED);
  });
  it('the schema refuses empty strings, an answer key, a stray field or an unknown language', () => {
    const parse = (change: (f: Record<string, unknown>) => void) => {
      const f = readJson(join(ROOT, 'evs', 'grade-03.hi.json')) as Record<string, unknown>;
      change(f);
      return TranslationFileSchema.safeParse(f).success;
    };
    type Raw = { chapters: { name: string; topics: { questions: Record<string, unknown>[] }[] }[] };
    expect(parse(() => undefined)).toBe(true);
    expect(parse((f) => ((f as unknown as Raw).chapters[0]!.name = ' '))).toBe(false);
    expect(parse((f) => ((f as unknown as Raw).chapters[0]!.topics[0]!.questions[0]!.answer = [1]))).toBe(false);
    expect(parse((f) => ((f as unknown as Raw).chapters[0]!.topics[0]!.questions[0]!.options = ['', 'x', 'y']))).toBe(
      false,
    );
    expect(parse((f) => (f.language = 'fr'))).toBe(false);
    expect(parse((f) => (f.lang = 'hi'))).toBe(false);
  });
});

describe('grade 3 maths generators in the Indian languages', () => {
  const GRADE_3 = CurriculumFileSchema.parse(readJson(join(ROOT, 'maths', 'grade-03.json'))).chapters.flatMap((c) =>
    c.topics.map((t) => t.generator!),
  );
  const SEEDS = Number(process.env.MATHS_SEEDS ?? 200);
  const numbers = (s: string) => new Set(s.replace(/(\d),(?=\d)/g, '$1').match(/\d+(?:\.\d+)?/g) ?? []);

  it('has every name and shop item in every language, none repeated', () => {
    for (const lang of TRANSLATION_LANGUAGES) {
      const L = GRADE_3_TEXTS[lang];
      expect(L.girls).toHaveLength(16);
      expect(L.boys).toHaveLength(16);
      expect(new Set([...L.girls, ...L.boys]).size, lang).toBe(32);
      expect(L.items).toHaveLength(8);
      for (const word of [...L.girls, ...L.boys, ...L.items]) expect(word, lang).toMatch(SCRIPT[lang]);
    }
  });

  describe.each(GRADE_3)('%s', (name) => {
    it(`writes each question in all five languages with the same numbers, options and answer (${SEEDS} seeds)`, () => {
      for (let seed = 1; seed <= SEEDS; seed++) {
        const q = MATHS_GENERATORS[name]!(seededRng(seed));
        for (const lang of TRANSLATION_LANGUAGES) {
          const where = `${name} seed ${seed} ${lang}`;
          const t = q.translations?.[lang];
          expect(t, where).toBeDefined();
          expect(t!.options, where).toEqual(q.type === 'true_false' ? TRUE_FALSE_OPTIONS[lang] : q.options);
          if (q.type === 'fill_blank') expect(t!.text, where).toContain('____');
          // Words in the language, unless the English is a bare sum (2 + 3 = ____), kept as it is.
          if (/[a-z]{2}/i.test(q.text)) expect(t!.text, where).toMatch(SCRIPT[lang]);
          else expect(t!.text, where).toBe(q.text);
          expect(t!.solution, where).toMatch(SCRIPT[lang]);
          for (const s of [t!.text, t!.solution]) {
            expect(s, where).not.toMatch(/undefined|NaN|\[object|[a-z]{3}/i);
            expect(s, where).not.toMatch(/[\u0966-\u096F\u0AE6-\u0AEF\u0BE6-\u0BEF\u0C66-\u0C6F]/);
          }
          expect(numbers(t!.text), `${where}: the numbers of the question`).toEqual(numbers(q.text));
          expect(numbers(t!.solution), `${where}: the numbers of the solution`).toEqual(numbers(q.solution));
          const contract = QuestionInputSchema.safeParse({
            type: q.type,
            answer: q.answer,
            content: { en: q, [lang]: t },
          });
          expect(contract.success, `${where}: ${contract.error?.message ?? ''}`).toBe(true);
        }
      }
    });
  });

  it('other grades stay English only', () => {
    const q = MATHS_GENERATORS['add-within-10']!(seededRng(1));
    expect(q.translations).toBeUndefined();
  });
});
