import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** Where a super-admin without a school chain is sent after being signed out (dashboards.md 4). */
export function ChainLoginPage() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" maw={520} mx="auto">
      <Stack>
        <Title order={2} size="h3">
          {t('chainLogin.title')}
        </Title>
        <Text>{t('chainLogin.text')}</Text>
        <Button component={Link} to={paths.teacherLogin}>
          {t('chainLogin.signIn')}
        </Button>
      </Stack>
    </Card>
  );
}
