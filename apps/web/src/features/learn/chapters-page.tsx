import { Anchor, Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { LanguageNote } from './components/language-note';
import { SubjectIcon } from './components/subject-icon';
import { SubjectGate } from './components/subject-gate';
import { themeColor } from './subject-theme';
// The page waits for this device's records (SubjectGate): the device database comes with its code,
// where the topic game, which draws without them, loads it later (lib/device-db.ts).
import '../../lib/learner-db';

/** /{subject}/chapters: the subject's chapters with topics completed, each opening its island. Unknown subjects go to /nocontent. */
export function ChaptersPage() {
  const { subject = '' } = useParams();
  const { t } = useTranslation('journey');
  return (
    <SubjectGate subject={subject}>
      {({ chapters, bundle }) => {
        const info = bundle.data!.subject;
        return (
          <Stack gap="md" maw={900} mx="auto">
            <Anchor component={Link} to={paths.concepts} size="sm">
              ← {t('allSubjects')}
            </Anchor>
            <Group gap="sm" wrap="nowrap">
              <SubjectIcon subject={info.theme} size={48} />
              <Title order={2} data-testid="chapters-title">
                {info.name}
              </Title>
            </Group>
            <LanguageNote
              bundleLanguage={bundle.data!.language}
              shown={[info.nameLanguage, ...chapters.map(({ chapter: c }) => c.nameLanguage)]}
            />
            {chapters.map(({ chapter: c, view }, i) => (
              <Card
                key={c.id}
                component={Link}
                to={paths.island(subject, c.slug)}
                withBorder
                padding="md"
                radius="md"
                data-testid="chapter-card"
                data-chapter={c.slug}
                aria-label={`${i + 1}. ${c.name}: ${t('topicsComplete', { done: view.topicsCompleted, total: view.islandCount })}`}
              >
                <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
                  <Text fw={600}>
                    {i + 1}. {c.name}
                  </Text>
                  {/* The badge keeps its width; the chapter's name wraps instead. */}
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    {view.treasureDone ? (
                      <Badge color="teal" variant="light">
                        {t('completed')}
                      </Badge>
                    ) : null}
                    <IconChevronRight size={18} aria-hidden="true" />
                  </Group>
                </Group>
                <Progress
                  value={view.islandCount ? (100 * view.topicsCompleted) / view.islandCount : 0}
                  color={themeColor(info.theme)}
                  aria-hidden="true"
                />
                <Text size="sm" c="dimmed" mt={4}>
                  {t('topicsComplete', { done: view.topicsCompleted, total: view.islandCount })}
                </Text>
              </Card>
            ))}
          </Stack>
        );
      }}
    </SubjectGate>
  );
}
