import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@ki/domain';
import { isLanguage } from '../lib/i18n';

/** A native select: light on a slow phone and fully accessible. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('shell.language')}
      data-testid="language-select"
      size="sm"
      w={120}
      value={i18n.resolvedLanguage ?? 'en'}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) void i18n.changeLanguage(value);
      }}
      data={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
    />
  );
}
