import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useMe } from '../../lib/session';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useMySubjects } from './api/get-my-subjects';
import { themeColor } from './subject-theme';

/** The student's landing page: their subjects for their board and grade. */
export function ConceptsPage() {
  const { t } = useTranslation('learn');
  const { data: me } = useMe();
  const isStudent = me?.user.role === 'student';
  const subjects = useMySubjects(isStudent);
  const navigate = useNavigate();
  const empty = subjects.isSuccess && subjects.data.subjects.length === 0;

  useEffect(() => {
    // No subjects for this board and grade: say so and go to the no-content page (spec 4.1 step 7).
    if (empty) void navigate(paths.noContent, { replace: true });
  }, [empty, navigate]);

  // Browsing content as staff or as a content author is not built yet.
  if (!isStudent) return <Alert color="blue" variant="light">{t('common:notAvailable')}</Alert>;
  if (subjects.isPending || empty) return <FullScreenLoader />;
  if (subjects.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  return (
    <Stack gap="lg" maw={1000} mx="auto">
      <div>
        <Title order={2} data-testid="concepts-title">
          {t('welcome', { name: me?.user.firstName ?? '' })}
        </Title>
        <Text c="dimmed">{t('pickSubject')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {subjects.data.subjects.map((s) => (
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
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
