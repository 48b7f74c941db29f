import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useMe } from '../../lib/session';
import { OPENED_FROM_APP } from '../../lib/url-state';
import { useReindexStudent } from './api/reindex';

/**
 * A student row's actions: View details (not for a teacher of subjects only: the student's
 * dashboard covers every subject), and Reindex where the table's rule shows it (dashboards.md 2.3,
 * 2.7, 6: the qa role on student tables, any role other than school on topic tables; 5, 8:
 * 'Indexing successfull' / 'Indexing failed user id not found'). The server decides the abilities.
 */
export function StudentActions({
  studentId,
  grade,
  table = 'students',
}: {
  studentId: number | null;
  grade: number | null;
  /** The table the row is in: its Reindex rule ('none': no Reindex, such as the toppers). */
  table?: 'students' | 'topic' | 'none';
}) {
  const { t } = useTranslation('dashboard');
  const { data: me } = useMe();
  const reindex = useReindexStudent();
  function run() {
    if (studentId === null) {
      notifications.show({ color: 'red', message: t('reindex.noUser') });
      return;
    }
    reindex.mutate(studentId, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('reindex.done') }),
      onError: () => notifications.show({ color: 'red', message: t('reindex.failed') }),
    });
  }
  return (
    <Group gap={4} wrap="nowrap">
      {me?.abilities.studentDashboards ? (
        <Button
          component={Link}
          to={`${paths.studentDetail}?studentId=${studentId ?? ''}&grade=${grade ?? ''}&filter=day`}
          state={OPENED_FROM_APP}
          size="compact-xs"
          variant="light"
        >
          {t('viewDetails')}
        </Button>
      ) : null}
      {(table === 'students' && me?.abilities.reindexStudents) ||
      (table === 'topic' && me?.abilities.reindexOnTopics) ? (
        <Button
          size="compact-xs"
          variant="default"
          loading={reindex.isPending}
          onClick={run}
          data-testid={`reindex-${studentId}`}
        >
          {t('reindex.action')}
        </Button>
      ) : null}
    </Group>
  );
}
