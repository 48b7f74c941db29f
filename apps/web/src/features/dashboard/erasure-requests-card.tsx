import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gradeLabel } from '@ki/domain';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format-date';
import { OPENED_FROM_APP } from '../../lib/url-state';
import { useSchoolErasureRequests } from './api/erasure-requests';

/**
 * Parents' requests that the school erase their child's data (issue #27), waiting for the
 * principal: listed on the school's dashboard, oldest first, so none waits unseen. Each student's
 * name opens their page, where the principal erases the data or declines with a note. Nothing is
 * shown when none is waiting.
 */
export function ErasureRequestsCard({ schoolId, isPace }: { schoolId: number; isPace: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const requests = useSchoolErasureRequests(schoolId);
  const waiting = requests.data?.requests ?? [];
  if (waiting.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="school-erasure-requests">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('erasureRequests.title')}</Text>
        <Badge color="red" variant="light" data-testid="school-erasure-requests-count">
          {waiting.length}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" mb="sm">
        {t('erasureRequests.hint')}
      </Text>
      <Stack gap="xs">
        {waiting.map((r) => (
          <div key={r.id} data-testid="school-erasure-request">
            <Group gap="xs" wrap="wrap">
              {/* Back on the student's page returns here; so does erasing the data. */}
              <Anchor
                component={Link}
                to={`${paths.studentDetail}?studentId=${r.studentId}&grade=${r.grade ?? ''}&filter=day`}
                state={OPENED_FROM_APP}
                size="sm"
                fw={600}
                data-testid="school-erasure-request-open"
              >
                {r.studentName}
              </Anchor>
              <Text size="sm" c="dimmed">
                {r.grade === null
                  ? t('erasureRequests.detailsNoGrade', { date: formatDate(r.requestedAt, i18n.language) })
                  : t('erasureRequests.details', {
                      grade: gradeLabel(r.grade, { isPace }),
                      date: formatDate(r.requestedAt, i18n.language),
                    })}
              </Text>
            </Group>
            {r.reason && (
              <Text size="sm" lineClamp={2} data-testid="school-erasure-request-reason">
                {t('erasureRequests.reason', { reason: r.reason })}
              </Text>
            )}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
