import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { EmptyChestArt } from './components/empty-art';

/** No subjects for the student's board and grade (access-and-app-shell.md 8). */
export function NoContentPage() {
  const { t } = useTranslation('journey');
  return (
    <Card withBorder padding="lg" radius="md" maw={560} mx="auto">
      <Stack align="center" ta="center">
        <EmptyChestArt />
        <Title order={2} size="h3" data-testid="nocontent-title">
          {t('noContent.title')}
        </Title>
        <Text>{t('noContent.text')}</Text>
        <Button component={Link} to={paths.concepts} variant="light">
          {t('noContent.retry')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('noContent.help')}
        </Text>
      </Stack>
    </Card>
  );
}
