import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@ki/domain';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enDashboard from '../locales/en/dashboard.json';
import enErrors from '../locales/en/errors.json';
import enLeaderboard from '../locales/en/leaderboard.json';
import enLearn from '../locales/en/learn.json';
import enSchools from '../locales/en/schools.json';
import enAuthoring from '../locales/en/authoring.json';
import enProfile from '../locales/en/profile.json';
import enStudent from '../locales/en/student.json';

export const NAMESPACES = ['common', 'errors', 'auth', 'schools', 'learn', 'dashboard', 'leaderboard', 'authoring', 'profile', 'student'] as const;
const LANGUAGE_KEY = 'ki.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : 'en';
}

/**
 * English is bundled (it is the fallback); the other five languages load on demand as their own
 * chunks, one per namespace, so a student on a slow phone downloads only the language they use and
 * only the strings of the screens they open.
 */
export const i18nReady = i18next
  .use(initReactI18next)
  // English is bundled above; only the other languages are fetched as chunks.
  .use(resourcesToBackend((language: string, namespace: string) => (language === 'en' ? Promise.resolve({}) : import(`../locales/${language}/${namespace}.json`))))
  .init({
    lng: storedLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // The shell's namespaces; a screen's own (learn, dashboard, ...) load with it, so a student
    // reading Hindi downloads the Hindi strings of the screens they open, not of all ten.
    ns: ['common', 'errors'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { en: { common: enCommon, errors: enErrors, auth: enAuth, schools: enSchools, learn: enLearn, dashboard: enDashboard, leaderboard: enLeaderboard, authoring: enAuthoring, profile: enProfile, student: enStudent } },
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
