import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gradeLabel } from '@ki/domain';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/format-date';
import { useSchoolParentRequests } from './api/parent-requests';

/**
 * Parent link requests that teachers made and the principal has not decided yet (security issue
 * #21's link flow): listed on the school's dashboard so none waits unseen; each opens the student's
 * page, where the principal approves or rejects it. Nothing is shown when none is waiting.
 */
export function ParentRequestsCard({ schoolId, isPace }: { schoolId: number; isPace: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const requests = useSchoolParentRequests(schoolId);
  const waiting = requests.data?.requests ?? [];
  if (waiting.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="school-parent-requests">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>{t('parentRequests.title')}</Text>
        <Badge color="orange" variant="light" data-testid="school-parent-requests-count">
          {waiting.length}
        </Badge>
      </Group>
      <Stack gap="xs">
        {waiting.map((r) => (
          <Group key={r.requestId} justify="space-between" wrap="wrap" gap="xs" data-testid="school-parent-request">
            <div>
              <Text size="sm">
                {t('parentRequests.row', {
                  parent: r.name,
                  mobile: r.mobile,
                  student: r.studentName,
                  grade: r.grade === null ? '—' : gradeLabel(r.grade, { isPace }),
                })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('parentRequests.requestedBy', {
                  name: r.requestedBy ?? '—',
                  when: formatDateTime(r.requestedAt, i18n.language),
                })}
              </Text>
            </div>
            <Button
              component={Link}
              to={`${paths.studentDetail}?studentId=${r.studentId}&grade=${r.grade ?? ''}&filter=day`}
              size="compact-sm"
              variant="light"
              data-testid="school-parent-request-open"
            >
              {t('parentRequests.open')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
