import { Alert, Anchor, Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useMySubjects } from './api/get-my-subjects';
import { useSubjectChapters } from './api/get-subject-chapters';
import { themeColor } from './subject-theme';

/** /{subject}/chapters: the subject's chapters with topics completed. Unknown subjects go to /nocontent. */
export function ChaptersPage() {
  const { subject = '' } = useParams();
  const { t } = useTranslation('learn');
  const mine = useMySubjects();
  const known = mine.data?.subjects.some((s) => s.slug === subject);
  const chapters = useSubjectChapters(subject);

  if (mine.isPending) return <FullScreenLoader />;
  if (mine.isSuccess && !known) return <Navigate to={paths.noContent} replace />;
  if (chapters.isPending) return <FullScreenLoader />;
  if (chapters.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const { subject: info } = chapters.data;
  return (
    <Stack gap="md" maw={900} mx="auto">
      <Anchor component={Link} to={paths.concepts} size="sm">
        ← {t('allSubjects')}
      </Anchor>
      <Title order={2} data-testid="chapters-title">
        {info.name}
      </Title>
      {chapters.data.chapters.map((c, i) => (
        <Card key={c.id} withBorder padding="md" radius="md" data-testid="chapter-card">
          <Group justify="space-between" gap="xs" mb="xs">
            <Text fw={600}>
              {i + 1}. {c.name}
            </Text>
            {c.isCompleted ? (
              <Badge color="teal" variant="light">
                {t('completed')}
              </Badge>
            ) : null}
          </Group>
          <Progress value={c.topics ? (100 * c.topicsCompleted) / c.topics : 0} color={themeColor(info.theme)} aria-label={t('topicsComplete', { done: c.topicsCompleted, total: c.topics })} />
          <Text size="sm" c="dimmed" mt={4}>
            {t('topicsComplete', { done: c.topicsCompleted, total: c.topics })}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
