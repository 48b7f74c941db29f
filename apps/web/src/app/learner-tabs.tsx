import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MeResponse } from '@ki/contracts';
import { COMING_SOON, paths } from '../config/paths';

/** The pages the tabs lead to, and the only ones that show them: deeper pages keep the screen for their work. */
const TAB_PAGES: readonly string[] = [paths.concepts, paths.practice, paths.liveClasses];

/**
 * The learner's sub-navigation (access-and-app-shell.md 2.7a): Learn, Practice, Live Classes, the
 * last only where the school has the liveclasses product (6). Practice leads to /assessment, the
 * quizzes' home; a tab whose screens are not built yet is marked 'Coming soon', as in the side menu.
 */
export function LearnerTabs({ me, pathname }: { me: MeResponse; pathname: string }) {
  const { t } = useTranslation();
  if (!me.abilities.learn || !TAB_PAGES.includes(pathname)) return null;
  // Practice always leads to the quizzes' home, whose screens arrive with the assessment module.
  const tabs: { to: string; labelKey: string; soon: boolean }[] = [
    { to: paths.concepts, labelKey: 'nav.learn', soon: false },
    { to: paths.practice, labelKey: 'nav.practice', soon: false },
  ];
  if (me.school?.products.includes('liveclasses'))
    tabs.push({ to: paths.liveClasses, labelKey: 'nav.liveClass', soon: COMING_SOON.includes(paths.liveClasses) });
  return (
    <nav className="ki-tabs" aria-label={t('shell.learnerTabs')}>
      {tabs.map(({ to, labelKey, soon }) =>
        soon ? (
          <span key={to} className="ki-tab" data-soon="">
            {t(labelKey)}
            <span className="ki-soon">{t('nav.comingSoon')}</span>
          </span>
        ) : (
          <Link key={to} to={to} className="ki-tab" aria-current={pathname === to ? 'page' : undefined}>
            {t(labelKey)}
          </Link>
        ),
      )}
    </nav>
  );
}
