import { useTranslation } from 'react-i18next';
import type { Language } from '@ki/domain';
import { isLanguage } from '../lib/i18n';

/**
 * A native select of languages, each named in its own script: light on a slow phone and fully
 * accessible. What is offered and what a choice does are the caller's (app/header-language.tsx).
 */
export function LanguageSelect({
  value,
  languages,
  onChange,
}: {
  value: Language;
  languages: readonly Language[];
  onChange: (language: Language) => void;
}) {
  const { t } = useTranslation();
  return (
    <select
      className="ki-select"
      aria-label={t('shell.language')}
      data-testid="language-select"
      value={value}
      onChange={(event) => {
        const picked = event.currentTarget.value;
        if (isLanguage(picked)) onChange(picked);
      }}
    >
      {languages.map((lang) => (
        <option key={lang} value={lang}>
          {t(`languages.${lang}`)}
        </option>
      ))}
    </select>
  );
}
