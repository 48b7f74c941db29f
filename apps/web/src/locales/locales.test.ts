import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Every language has every key of English, and no language is an English copy. */
const root = dirname(fileURLToPath(import.meta.url));
const LANGS = ['en', 'mr', 'gu', 'hi', 'ta', 'te'];

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

describe.each(namespaces)('locale namespace %s', (ns) => {
  const en = load('en', ns);
  it.each(LANGS.filter((l) => l !== 'en'))('%s has exactly the English keys and translates them', (lang) => {
    const other = load(lang, ns);
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    const copied = Object.keys(en).filter((k) => !SAME_EVERYWHERE.test(k) && other[k] === en[k] && /[a-z]{3}/i.test(en[k] ?? ''));
    expect(copied).toEqual([]);
    for (const [key, text] of Object.entries(en)) {
      const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
      expect(placeholders(other[key] ?? ''), `${lang}:${key}`).toEqual(placeholders(text));
    }
  });
});
