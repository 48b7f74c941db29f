import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { chooseLanguage, currentLanguage, languageChoices } from '../lib/language';
import { useMe } from '../lib/session';
import { LanguageSelect } from '../ui/language-select';

/**
 * The header's language: the user's one setting (lib/language.ts), offered among their school's
 * languages; for a visitor who is not signed in, this device's language among all six.
 */
export function HeaderLanguage() {
  const { t } = useTranslation();
  // Re-rendered on a change of language (useTranslation), so `current` follows i18next.
  const current = currentLanguage();
  const { data: me } = useMe();
  const client = useQueryClient();
  return (
    <LanguageSelect
      value={current}
      languages={languageChoices(me, current)}
      onChange={(language) =>
        void chooseLanguage(client, me, language).catch((error: unknown) =>
          notifications.show({
            color: 'red',
            message:
              error instanceof ApiError
                ? t(`errors:${error.code}`, { defaultValue: error.message })
                : t('errors:INTERNAL'),
          }),
        )
      }
    />
  );
}
