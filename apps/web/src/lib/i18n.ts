import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@ki/domain';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';

export const NAMESPACES = [
  'common',
  'errors',
  'auth',
  'schools',
  'learn',
  'journey',
  'dashboard',
  'profile',
  'student',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
const LANGUAGE_KEY = 'ki.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : 'en';
}

/**
 * The shell's English strings (common, errors) are bundled: they are every screen's fallback and the
 * first paint needs them. Everything else loads on demand as its own chunk, one per language and
 * namespace, so a student on a slow phone downloads only the language they use and only the strings
 * of the screens they open (English included: /concepts needs `learn`, the home's strings, not the
 * dashboards' nor `journey`, those of the learner's other screens: chapters, island, concept, the
 * games and their results, bookmarks).
 */
// The offline notice's strings (`offline`) come with its own code (ui/offline-notice.tsx), as do the
// page names of the tab titles (`pages`), the privacy policy (`privacy`), staff chat (`chat`), the
// school calendar (`calendar`), plans (`plans`), the families' sign-up (`signup`, lib/signup-strings.ts),
// school notices (`notices`), doubts (`doubts`), live classes (`live`), the exam launcher (`exams`),
// the authoring screens (`authoring`), the class rooms (`classrooms`), the profile (`profile`) and the
// teachers' drive with its card on the learner's home (`drive`, lib/drive-strings.ts): see ownStrings.
const chunks = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/common.json',
  '!../locales/en/errors.json',
  '!../locales/*/offline.json',
  '!../locales/*/pages.json',
  '!../locales/*/privacy.json',
  '!../locales/*/chat.json',
  '!../locales/*/calendar.json',
  '!../locales/*/plans.json',
  '!../locales/*/signup.json',
  '!../locales/*/notices.json',
  '!../locales/*/doubts.json',
  '!../locales/*/live.json',
  '!../locales/*/exams.json',
  '!../locales/*/authoring.json',
  '!../locales/*/classrooms.json',
  '!../locales/*/drive.json',
  '!../locales/*/quizzes.json',
  '!../locales/*/assessment.json',
  '!../locales/*/leaderboard.json',
  '!../locales/*/profile.json',
]);

/** A namespace's files (`locales/<language>/<namespace>.json`) from `import.meta.glob(…, { import: 'default' })`. */
type StringFiles = Record<string, () => Promise<unknown>>;

const own = new Map<string, StringFiles>();

/**
 * Strings that come with their screen's code rather than through the table above, so the first load
 * does not carry a line per language for screens few open (the privacy policy) or open late (the page
 * names of the tab titles). The screen's module calls this as it loads, with its own glob of the
 * namespace's files (Vite needs the pattern written out where the files are imported); its components
 * then ask for the namespace as for any other.
 */
export const ownStrings = (namespace: string, files: StringFiles) => own.set(namespace, files);

/** The strings of one language from a namespace's own files, or why there are none. */
function ownFile(files: StringFiles, language: string, namespace: string): Promise<Record<string, unknown>> {
  const file = Object.keys(files).find((path) => path.endsWith(`/${language}/${namespace}.json`));
  if (!file) return Promise.reject(new Error(`no ${namespace} strings for ${language}`));
  return files[file]!() as Promise<Record<string, unknown>>;
}

export const i18nReady = i18next
  .use(initReactI18next)
  .use(
    resourcesToBackend((language: string, namespace: string) => {
      const mine = own.get(namespace);
      if (mine) return ownFile(mine, language, namespace);
      const load = chunks[`../locales/${language}/${namespace}.json`];
      return load ? load() : Promise.reject(new Error(`no strings for ${language}/${namespace}`));
    }),
  )
  .init({
    lng: storedLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // The shell's namespaces; a screen's own (learn, dashboard, ...) load with it, so a student
    // reading Hindi downloads the Hindi strings of the screens they open, not of all ten.
    ns: ['common', 'errors'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { en: { common: enCommon, errors: enErrors } },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

i18next.on('languageChanged', (language) => {
  if (isLanguage(language)) {
    localStorage.setItem(LANGUAGE_KEY, language);
    document.documentElement.lang = language;
  }
});

export { i18next };
