/**
 * What a learner page says about texts that are not in the student's language (issue #30), once
 * per page however many texts it shows:
 * - 'notDownloaded': the device's copy of the subject was made for another language (the language
 *   was changed offline); the new one downloads when the device is online again;
 * - 'englishOnly': some text on the page has no translation yet and is shown in English;
 * - null: everything is in the student's language.
 * `shown` are the languages of the page's texts as the bundle gives them (undefined for a copy
 * kept from before the bundle said so: nothing is claimed about it).
 */
export type LanguageNoteKind = 'notDownloaded' | 'englishOnly';

export function languageNote(
  chosen: string,
  bundleLanguage: string | undefined,
  shown: readonly (string | null | undefined)[],
): LanguageNoteKind | null {
  if (bundleLanguage !== undefined && bundleLanguage !== chosen) return 'notDownloaded';
  return shown.some((language) => language != null && language !== chosen) ? 'englishOnly' : null;
}
