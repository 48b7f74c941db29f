import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Every language has every key of English, and no language is an English copy. */
const root = dirname(fileURLToPath(import.meta.url));
const LANGS = ['en', 'mr', 'gu', 'hi', 'ta', 'te'];
const TRANSLATED = LANGS.filter((l) => l !== 'en');

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}
const load = (lang: string, ns: string) => flatten(JSON.parse(readFileSync(join(root, lang, ns), 'utf8')));
const namespaces = readdirSync(join(root, 'en')).filter((f) => f.endsWith('.json'));
// Texts that are the same in every language: language names written in their own script.
const SAME_EVERYWHERE = /^languages\./;
// i18next looks up `key_zero` before the language's plural form when count is 0, so a language
// may add it (hi and gu put 0 in the "one" category: "0 सिक्का" needs its own text).
const ZERO_FORM = /_zero$/;
const withoutZero = (keys: string[]) => keys.filter((k) => !ZERO_FORM.test(k));

describe.each(namespaces)('locale namespace %s', (ns) => {
  const en = load('en', ns);
  it.each(TRANSLATED)('%s has exactly the English keys and translates them', (lang) => {
    const other = load(lang, ns);
    expect(withoutZero(Object.keys(other)).sort()).toEqual(Object.keys(en).sort());
    const strayZero = Object.keys(other).filter((k) => ZERO_FORM.test(k) && !(k.replace(ZERO_FORM, '_other') in en));
    expect(strayZero, 'a _zero form belongs next to an English _one/_other pair').toEqual([]);
    const copied = Object.keys(en).filter(
      (k) => !SAME_EVERYWHERE.test(k) && other[k] === en[k] && /[a-z]{3}/i.test(en[k] ?? ''),
    );
    expect(copied).toEqual([]);
    const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
    for (const key of Object.keys(other)) {
      const source = en[key] ?? en[key.replace(ZERO_FORM, '_other')] ?? '';
      expect(placeholders(other[key] ?? ''), `${lang}:${key}`).toEqual(placeholders(source));
    }
  });
});

/** All values of one language, as `namespace:key` -> text. */
function catalogue(lang: string): Record<string, string> {
  return Object.fromEntries(
    namespaces.flatMap((ns) =>
      Object.entries(load(lang, ns)).map(([key, text]) => [`${ns.replace(/\.json$/, '')}:${key}`, text]),
    ),
  );
}

describe('plural forms', () => {
  it.each(TRANSLATED)('%s has every plural form i18next picks, and a zero form where 0 would read as one', (lang) => {
    const texts = catalogue(lang);
    const rules = new Intl.PluralRules(lang);
    const bases = Object.keys(catalogue('en'))
      .filter((k) => k.endsWith('_other'))
      .map((k) => k.slice(0, -'_other'.length));
    const missing: string[] = [];
    for (const base of bases) {
      for (const category of rules.resolvedOptions().pluralCategories) {
        if (!(`${base}_${category}` in texts)) missing.push(`${base}_${category}`);
      }
      // hi and gu count 0 as "one": where the one and other texts differ, 0 needs its own text.
      const zeroCategory = rules.select(0);
      const zeroText = texts[`${base}_${zeroCategory}`];
      if (zeroCategory !== 'other' && zeroText !== texts[`${base}_other`] && !(`${base}_zero` in texts))
        missing.push(`${base}_zero`);
    }
    expect(missing).toEqual([]);
  });
});

interface GlossaryEntry {
  use: string;
  expect?: string[];
  avoid?: string[];
}
type GlossaryTerm = { en: string; match?: string; keys?: string[]; except?: string[]; note?: string } & Partial<
  Record<string, GlossaryEntry | string | string[]>
>;
const glossary = JSON.parse(readFileSync(join(root, 'glossary.json'), 'utf8')) as {
  terms: Record<string, GlossaryTerm>;
};

/** The English text a term is looked for in: placeholders and the brand name are not the product's terms. */
const englishOf = (text: string) => text.replace(/{{\w+}}/g, ' ').replace(/Knowledge Islands/g, ' ');

describe('glossary (docs/GLOSSARY.md)', () => {
  const english = catalogue('en');
  it.each(TRANSLATED)('%s uses the glossary word for every key term and none of the words to avoid', (lang) => {
    const texts = catalogue(lang);
    const problems: string[] = [];
    for (const [name, term] of Object.entries(glossary.terms)) {
      const entry = term[lang] as GlossaryEntry | undefined;
      if (!entry) continue;
      const except = new Set(term.except ?? []);
      for (const [key, text] of Object.entries(texts)) {
        if (except.has(key)) continue;
        for (const word of entry.avoid ?? []) {
          if (text.includes(word))
            problems.push(`${key}: "${word}" is not the word for ${name} (use ${entry.use}): ${text}`);
        }
      }
      const pattern = term.match ? new RegExp(term.match, 'i') : null;
      const keys =
        term.keys ??
        (pattern
          ? Object.keys(english).filter((k) => !except.has(k) && pattern.test(englishOf(english[k] ?? '')))
          : []);
      for (const key of keys) {
        const text = texts[key] ?? '';
        const expected = entry.expect ?? [entry.use];
        if (!expected.some((word) => text.includes(word)))
          problems.push(`${key}: ${name} should be ${entry.use}: ${text}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('dashboard:bandTitle', () => {
  // {{type}} is a score band ("90-100%") and also "Active Students" / "Inactive Students"
  // (school-dashboard.tsx): a word for marks after it read "active students marks" in all five.
  it.each(TRANSLATED)('%s adds no word for score or marks to {{type}}', (lang) => {
    const title = catalogue(lang)['dashboard:bandTitle'] ?? '';
    const score = glossary.terms.score?.[lang] as GlossaryEntry;
    const scoreWords = score.expect ?? [score.use];
    expect(scoreWords.filter((word) => title.includes(word))).toEqual([]);
  });
});

describe('dates in sentences', () => {
  // {{when}} is a date and time ending "04:00 PM": a case ending after it reads "PMએ", "PMన", "PM న".
  const GLUED = /\{\{(?:when|time)\}\}(?:\p{L}|\p{M}| న )/u;
  it.each(TRANSLATED)('%s glues no case ending onto {{when}} or {{time}}', (lang) => {
    const glued = Object.entries(catalogue(lang)).filter(([, text]) => GLUED.test(text));
    expect(glued.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });
});
