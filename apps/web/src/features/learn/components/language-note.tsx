import { useTranslation } from 'react-i18next';
import { languageNote } from '../language-note';

/**
 * One quiet line per learner page when some of its texts are not in the student's language
 * ("Not yet available in Tamil: shown in English"), nothing otherwise. Plain HTML: the game's first
 * screen carries no Mantine.
 */
export function LanguageNote({
  bundleLanguage,
  shown,
}: {
  bundleLanguage: string | undefined;
  shown: readonly (string | null | undefined)[];
}) {
  const { t, i18n } = useTranslation(['journey', 'common']);
  const chosen = i18n.resolvedLanguage ?? 'en';
  const note = languageNote(chosen, bundleLanguage, shown);
  if (!note) return null;
  return (
    <p className="ki-text-xs ki-dimmed ki-m0" role="note" data-testid="language-note" data-kind={note}>
      {t(`journey:languageNote.${note}`, { language: t(`common:languages.${chosen}`) })}
    </p>
  );
}
