import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MeResponse } from '@ki/contracts';
import { paths } from '../config/paths';

/** The pages the tabs lead to, and the only ones that show them: deeper pages keep the screen for their work. */
const TAB_PAGES: readonly string[] = [paths.concepts, paths.practice, paths.liveClasses];

/**
 * The learner's sub-navigation (access-and-app-shell.md 2.7a): Learn, Practice, Live Classes, the
 * last only where the school has the liveclasses product (6). Practice leads to /assessment, the
 * quizzes' home.
 */
export function LearnerTabs({ me, pathname }: { me: MeResponse; pathname: string }) {
  const { t } = useTranslation();
  if (!me.abilities.learn || !TAB_PAGES.includes(pathname)) return null;
  // Practice always leads to the quizzes' home, whose screens arrive with the assessment module.
  const tabs: [string, string][] = [
    [paths.concepts, 'nav.learn'],
    [paths.practice, 'nav.practice'],
  ];
  if (me.school?.products.includes('liveclasses')) tabs.push([paths.liveClasses, 'nav.liveClass']);
  return (
    <nav className="ki-tabs" aria-label={t('shell.learnerTabs')}>
      {tabs.map(([to, labelKey]) => (
        <Link key={to} to={to} className="ki-tab" aria-current={pathname === to ? 'page' : undefined}>
          {t(labelKey)}
        </Link>
      ))}
    </nav>
  );
}
