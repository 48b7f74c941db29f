import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="md" p="md" maw={520}>
        <Text fz={64} fw={800} c="cyan" aria-hidden="true">
          404
        </Text>
        <Title order={2} ta="center">
          {t('errors.notFoundTitle')}
        </Title>
        <Text ta="center" data-testid="not-found-text">
          {t('errors.notFound')}
        </Text>
        <Button component={Link} to={paths.root}>
          {t('errors.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
