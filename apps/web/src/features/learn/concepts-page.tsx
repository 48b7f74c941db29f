import { Alert, Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconBroadcast, IconVideo } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useMe } from '../../lib/session';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useLearnProgress } from './api/get-learn-progress';
import { useMySubjects } from './api/get-my-subjects';
import { themeColor } from './subject-theme';

/** A rail of the concepts home; live classes and broadcasts are not built yet, so it shows its empty state. */
function EmptyRail({
  title,
  text,
  icon,
  testId,
}: {
  title: string;
  text: string;
  icon: React.ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group gap="xs" mb={4} wrap="nowrap">
        {icon}
        <Title order={3} size="h5">
          {title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Card>
  );
}

/** The student's landing page: welcome, chapters complete, subject cards, live-class and broadcast rails. */
export function ConceptsPage() {
  const { t } = useTranslation('learn');
  const { data: me } = useMe();
  const isStudent = me?.user.role === 'student';
  const subjects = useMySubjects(isStudent);
  const progress = useLearnProgress(isStudent);
  const navigate = useNavigate();
  const empty = subjects.isSuccess && subjects.data.subjects.length === 0;

  useEffect(() => {
    // No subjects for this board and grade: say so and go to the no-content page (spec 4.1 step 7).
    if (empty) void navigate(paths.noContent, { replace: true });
  }, [empty, navigate]);

  // Browsing content as staff or as a content author is not built yet.
  if (!isStudent)
    return (
      <Alert color="blue" variant="light">
        {t('common:notAvailable')}
      </Alert>
    );
  // The welcome shows as soon as the student is known; the figures follow when their answers arrive.
  const welcome = (
    <div>
      <Title order={2} data-testid="concepts-title">
        {t('welcome', { name: me?.user.firstName ?? '' })}
      </Title>
      <Text c="dimmed">{t('pickSubject')}</Text>
    </div>
  );
  // The figures wait for both answers, so the cards never show 0 before the real progress and never
  // grow under the reader's finger when it arrives (a layout shift). Offline, an unanswered progress
  // call is paused: the subjects show without it.
  const progressLoading = progress.isPending && progress.fetchStatus === 'fetching';
  if (subjects.isPending || progressLoading || empty)
    return (
      <Stack gap="lg" maw={1000} mx="auto">
        {welcome}
        <FullScreenLoader />
      </Stack>
    );
  if (subjects.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const bySubject = new Map((progress.data?.subjects ?? []).map((s) => [s.subjectId, s]));
  const totalChapters = subjects.data.subjects.reduce((n, s) => n + s.chapters, 0);
  const chaptersDone = subjects.data.subjects.reduce((n, s) => n + (bySubject.get(s.id)?.chaptersCompleted ?? 0), 0);
  return (
    <Stack gap="lg" maw={1000} mx="auto">
      {welcome}
      <Card withBorder radius="md" padding="md" data-testid="chapters-complete">
        <Group justify="space-between" gap="xs" mb={6}>
          <Text fw={700}>{t('home.chaptersComplete', { done: chaptersDone, total: totalChapters })}</Text>
          <Badge variant="light" color="yellow" style={{ flexShrink: 0 }} data-testid="home-coins">
            {t('result.coins', { count: (progress.data?.subjects ?? []).reduce((n, s) => n + s.learningCurrency, 0) })}
          </Badge>
        </Group>
        <Progress
          value={totalChapters ? (100 * chaptersDone) / totalChapters : 0}
          color="teal"
          aria-label={t('home.chaptersComplete', { done: chaptersDone, total: totalChapters })}
        />
      </Card>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {subjects.data.subjects.map((s) => {
          const done = bySubject.get(s.id)?.chaptersCompleted ?? 0;
          return (
            <Card
              key={s.id}
              component={Link}
              to={paths.subjectChapters(s.slug)}
              withBorder
              padding="lg"
              radius="md"
              data-testid={`subject-${s.slug}`}
              style={{ borderTop: `4px solid var(--mantine-color-${themeColor(s.theme)}-6)` }}
            >
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <IconBook2 size={22} aria-hidden="true" color={`var(--mantine-color-${themeColor(s.theme)}-6)`} />
                  <Text fw={700}>{s.name}</Text>
                </Group>
                <Badge variant="light" color={themeColor(s.theme)}>
                  {t('chapterCount', { count: s.chapters })}
                </Badge>
              </Group>
              <Progress
                mt="sm"
                value={s.chapters ? (100 * done) / s.chapters : 0}
                color={themeColor(s.theme)}
                aria-hidden="true"
              />
              <Text size="xs" c="dimmed" mt={4}>
                {t('home.subjectChapters', { done, total: s.chapters })}
              </Text>
            </Card>
          );
        })}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <EmptyRail
          title={t('home.liveClasses')}
          text={t('home.noLiveClass')}
          icon={<IconVideo size={20} aria-hidden="true" />}
          testId="rail-live"
        />
        <EmptyRail
          title={t('home.broadcasts')}
          text={t('home.noBroadcast')}
          icon={<IconBroadcast size={20} aria-hidden="true" />}
          testId="rail-broadcast"
        />
      </SimpleGrid>
    </Stack>
  );
}
