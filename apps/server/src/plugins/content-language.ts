import { LANGUAGES, type Language } from '@ki/domain';

/**
 * The language content names (subjects, chapters, topics) are shown in: the first language of the
 * request's Accept-Language header that the product has (the web app sends the language its screens
 * are in), else English. Names without that translation fall back to English in SQL.
 */
export function contentLanguage(headers: { 'accept-language'?: string | undefined }): Language {
  for (const part of (headers['accept-language'] ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().split('-')[0]!;
    if ((LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return 'en';
}
