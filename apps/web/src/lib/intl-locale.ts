/**
 * The Intl locale for a UI language: India's conventions (day first), and Western digits in every
 * language. Marathi's default numbering is Devanagari (mr-IN writes '२६ नोव्हें, २०२५'), while the
 * catalogues and every count beside a date use 0-9; docs/GLOSSARY.md keeps Western digits for all.
 */
export const intlLocale = (language: string | undefined): string =>
  !language || language === 'en' ? 'en-IN' : `${language}-IN-u-nu-latn`;
