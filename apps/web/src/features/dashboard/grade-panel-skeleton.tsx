import { Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A grade tab while its figures load: the shape of the panel (total, score chart, subject cards,
 * report rows) in place of a blank area, announced once to screen readers.
 */
export function GradePanelSkeleton() {
  const { t } = useTranslation('common');
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t('shell.loading')} data-testid="grade-panel-skeleton">
      <Skeleton h={84} w={220} radius="md" />
      <Paper withBorder p="md" radius="md">
        <Skeleton h={14} w="40%" mb="sm" />
        <Skeleton h={220} />
      </Paper>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={64} radius="md" />
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <Skeleton h={36} w={220} />
        <Skeleton h={36} w={90} />
      </Group>
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} h={28} />
      ))}
    </Stack>
  );
}
