import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useMe } from '../../lib/session';
import { useLaunchExam } from './api/launch-exam';
import { EXAM_CARDS, type ExamCard } from './exam-cards';

// The launcher's three pages share one module: one lazy chunk and one entry in the router's import
// table, which every route's first load carries (the /concepts budget has no room to spare).

/** A card's name: JEE and NEET as they are, the class-based types in the user's language. */
function useCardName() {
  const { t } = useTranslation('exams');
  return ({ type, namedByType }: ExamCard) => (namedByType ? type : t(`cards.${type}.title`));
}

/**
 * /exams (access-and-app-shell.md 2.1, 2.2): the launcher's five exam types as cards, each opening
 * its test on the outside site. One column on a phone, two from 576 px.
 */
export function ExamsPage() {
  const { t } = useTranslation('exams');
  const name = useCardName();
  const { data: me } = useMe();
  return (
    <Stack gap="md" maw={720} mx="auto">
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </div>
      {me?.abilities.launchExams ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {EXAM_CARDS.map((card) => (
            <Card
              key={card.type}
              component={Link}
              to={paths.exam(card.type)}
              withBorder
              padding="md"
              radius="md"
              data-testid={`exam-${card.type}`}
            >
              <Text fw={700} fz="lg">
                {name(card)}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`cards.${card.type}.text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        // Parents and content roles (docs/DECISIONS.md "Exam launcher"): the spec's one message.
        <Alert color="yellow" data-testid="exam-unavailable">
          {t('unavailable')}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * /exams/{type} and /himalayansuper30/{type} (access-and-app-shell.md 2.2): asks the server for the
 * test's address with a fresh signed token and sends the browser there. Any failure (no site
 * configured, not allowed, offline) says 'This section is not currently accessible', with a way back.
 */
export function ExamLaunchPage() {
  const { t } = useTranslation('exams');
  const { type = '' } = useParams();
  const { data: me } = useMe();
  const allowed = !!me?.abilities.launchExams;
  const launch = useLaunchExam();
  const { mutate } = launch;
  // replace, not assign: Back from the test site then returns to the page before this one, not to
  // this launcher, which would send the browser straight back (docs/DECISIONS.md "Exam launcher").
  const start = () => mutate({ type }, { onSuccess: ({ url }) => window.location.replace(url) });
  // Once per type: React runs effects twice in development, and one token is enough.
  const launched = useRef<string | null>(null);
  useEffect(() => {
    if (!allowed || launched.current === type) return;
    launched.current = type;
    mutate({ type }, { onSuccess: ({ url }) => window.location.replace(url) });
  }, [allowed, mutate, type]);

  if (allowed && !launch.isError) {
    return (
      <Stack align="center" gap="sm" py="xl" role="status" data-testid="exam-launching">
        <Loader />
        <Text>{t('launching')}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={560} mx="auto">
      <Alert color="yellow" data-testid="exam-unavailable">
        {t('unavailable')}
      </Alert>
      <Group gap="sm">
        <Button component={Link} to={paths.exams} variant="light" data-testid="exam-back">
          {t('back')}
        </Button>
        {allowed ? (
          <Button variant="subtle" onClick={start} data-testid="exam-retry">
            {t('tryAgain')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/**
 * /himalayan-super30 (access-and-app-shell.md 2.1: open without login): the programme's public
 * page. Its button opens /exams, which asks a visitor to sign in first and brings them back there.
 */
export function HimalayanSuper30Page() {
  const { t } = useTranslation('exams');
  const name = useCardName();
  const { data: me } = useMe();
  return (
    <Card withBorder padding="lg" radius="md" maw={560} mx="auto">
      <Stack>
        <Title order={2} data-testid="programme-title">
          {t('programme.title')}
        </Title>
        <Text>{t('programme.intro')}</Text>
        <Group gap="xs">
          {EXAM_CARDS.map((card) => (
            <Badge key={card.type} variant="light" size="lg">
              {name(card)}
            </Badge>
          ))}
        </Group>
        <Button component={Link} to={paths.exams} data-testid="programme-start">
          {me ? t('programme.open') : t('programme.signIn')}
        </Button>
      </Stack>
    </Card>
  );
}
