export type Names = Record<string, string>;

/** A name in the interface language, else English. */
export function localName(names: Names | undefined, language: string): string {
  if (!names) return '';
  return names[language] ?? names.en ?? '';
}
