import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@ki/domain';
import { isLanguage } from '../lib/i18n';

/** A native select: light on a slow phone and fully accessible. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <select
      className="ki-select"
      aria-label={t('shell.language')}
      data-testid="language-select"
      value={i18n.resolvedLanguage ?? 'en'}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) void i18n.changeLanguage(value);
      }}
    >
      {LANGUAGES.map((lang) => (
        <option key={lang} value={lang}>
          {t(`languages.${lang}`)}
        </option>
      ))}
    </select>
  );
}
