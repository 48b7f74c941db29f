import { IconMoon, IconSun } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getColorScheme, onColorScheme, setColorScheme } from '../lib/color-scheme';

export function ThemeToggle() {
  const { t } = useTranslation();
  const scheme = useSyncExternalStore(onColorScheme, getColorScheme);
  const label = scheme === 'dark' ? t('shell.themeToLight') : t('shell.themeToDark');
  return (
    <button
      type="button"
      className="ki-icon-button"
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
    >
      {scheme === 'dark' ? <IconSun size={20} aria-hidden="true" /> : <IconMoon size={20} aria-hidden="true" />}
    </button>
  );
}
