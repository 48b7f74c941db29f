import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHealth } from './get-health';

export function HomePage() {
  const { t } = useTranslation();
  const health = useHealth();
  const ok = health.data?.status === 'ok';
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <div>
        <Title order={2} data-testid="home-title">
          {t('home.title')}
        </Title>
        <Text c="dimmed">{t('app.tagline')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="lg">
          <IconMapPin size={32} aria-hidden="true" color="var(--mantine-color-orange-6)" />
          <Text>{t('home.students')}</Text>
        </Card>
        <Card withBorder padding="lg">
          <IconChartBar size={32} aria-hidden="true" color="var(--mantine-color-cyan-7)" />
          <Text>{t('home.schools')}</Text>
        </Card>
      </SimpleGrid>
      <Group gap="xs">
        <Text size="sm">{t('home.status')}:</Text>
        {health.isPending ? null : (
          <Badge color={ok ? 'teal' : 'red'} variant="light" data-testid="health-status">
            {ok ? t('home.statusOk') : t('home.statusDown')}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}
