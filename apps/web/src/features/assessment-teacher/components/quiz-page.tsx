import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import type { Abilities } from '@ki/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useMe } from '../../../lib/session';

export type AssessmentLevel = Abilities['assessments'];

/** What the signed-in user may do with teachers' quizzes (the server's policy, sent with /me). */
export function useAssessmentLevel(): AssessmentLevel {
  const { data: me } = useMe();
  return me?.abilities.assessments ?? 'none';
}

/** The assessment screens a level opens, for the row of links at the top of each. */
function linksFor(level: AssessmentLevel): { to: string; key: string }[] {
  const links = [
    { to: paths.createQuiz, key: 'nav.create', levels: ['author'] },
    { to: paths.quizListing, key: 'nav.listing', levels: ['author', 'view'] },
    { to: paths.marking, key: 'nav.marking', levels: ['author', 'view'] },
    { to: paths.reports, key: 'nav.reports', levels: ['author', 'view'] },
  ];
  return links.filter((l) => l.levels.includes(level));
}

/**
 * A teacher's assessment screen: the row of links between them, the title and the screen. Those the
 * level does not open say so instead (the server refuses them anyway).
 */
export function QuizPage({
  allow,
  title,
  actions,
  children,
}: {
  allow: readonly AssessmentLevel[];
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('quizzes');
  const level = useAssessmentLevel();
  const { pathname } = useLocation();
  if (!allow.includes(level)) {
    return (
      <Alert color="yellow" maw={640} mx="auto" data-testid="quiz-not-allowed">
        {t('notAllowed')}
      </Alert>
    );
  }
  const links = linksFor(level);
  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      {links.length > 1 ? (
        <Group gap={6} wrap="wrap" component="nav" aria-label={t('nav.label')}>
          {links.map((l) => (
            <Button
              key={l.to}
              component={Link}
              to={l.to}
              size="compact-sm"
              variant={pathname === l.to ? 'filled' : 'light'}
              aria-current={pathname === l.to ? 'page' : undefined}
              data-testid={`quiz-nav-${l.key.slice(4)}`}
            >
              {t(l.key)}
            </Button>
          ))}
        </Group>
      ) : null}
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Title order={2} data-testid="quiz-page-title">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}
