import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { readSchoolSelection } from '../../lib/school-selection';
import { useMe } from '../../lib/session';

/**
 * /dashboard picks the view by user type (dashboards.md 2). The analytics views themselves are the
 * school analytics and student dashboard issues; until they land this page says so.
 */
export function DashboardPage() {
  const { t } = useTranslation('common');
  const { data: me } = useMe();
  const selection = readSchoolSelection();
  const schoolNames = selection?.names.length ? selection.names : me?.school ? [me.school.name] : [];
  return (
    <Stack maw={900} mx="auto">
      <Title order={2} data-testid="dashboard-title">
        {t('nav.dashboard')}
      </Title>
      {schoolNames.length ? (
        <Text c="dimmed" data-testid="dashboard-schools">
          {schoolNames.join(', ')}
        </Text>
      ) : null}
      {me?.user.role === 'superadmin' ? (
        <Group>
          <Button component={Link} to={`${paths.selectSchool}?edit=1`} variant="light" size="xs">
            {t('dashboard.addRemoveSchools')}
          </Button>
        </Group>
      ) : null}
      <Alert color="blue" variant="light">
        {t('notAvailable')}
      </Alert>
    </Stack>
  );
}
