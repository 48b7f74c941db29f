import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * i18next for a component test: the given namespaces in one language, values not escaped (React
 * escapes); `defaultNS` is the namespace of keys given without one.
 */
export async function initTestI18n(namespaces: Resource[string], lng = 'en', defaultNS?: string): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng,
    resources: { [lng]: namespaces },
    ...(defaultNS ? { defaultNS } : {}),
    interpolation: { escapeValue: false },
  });
}
