import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstallPrompt } from '../lib/install-prompt';
import { STORAGE_KEYS } from '../lib/storage-keys';

/**
 * Shown in a browser tab when the browser offers to install the app (access-and-app-shell.md 2.7a);
 * its code loads when the offer comes, not with the first screen. The close button sits in the
 * card's corner and the text wraps beside it: nothing runs past a phone's edge, whatever the
 * language (shell.css).
 */
export function InstallBanner() {
  const { t } = useTranslation();
  const { available, install } = useInstallPrompt();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(STORAGE_KEYS.installDismissed) === '1');
  if (!available || dismissed) return null;
  return (
    <div className="ki-card ki-install" data-testid="install-banner">
      <span className="ki-text-sm">{t('install.text')}</span>
      <button type="button" className="ki-button" data-size="xs" onClick={() => void install()}>
        {t('install.action')}
      </button>
      <button
        type="button"
        className="ki-icon-button"
        data-variant="subtle"
        aria-label={t('install.close')}
        onClick={() => {
          sessionStorage.setItem(STORAGE_KEYS.installDismissed, '1');
          setDismissed(true);
        }}
      >
        <IconX size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
