import { Button, Center, Stack, Title } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { paths } from '../config/paths';

/** 'Oops! Something went wrong' with a go-home action (access-and-app-shell.md 8). */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="60vh">
      <Stack align="center" gap="md" p="md">
        <IconMoodSad size={56} aria-hidden="true" color="var(--mantine-color-orange-6)" />
        <Title order={2} ta="center">
          {t('errors.oops')}
        </Title>
        {/* A full navigation: the router state that failed is thrown away. */}
        <Button component="a" href={paths.root}>
          {t('errors.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
