import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AssessmentHome } from '@ki/contracts';
import { assessmentPaths } from '../../../config/assessment-paths';
import { formatDateTime } from '../../../lib/format-date';

type Assigned = AssessmentHome['assigned'][number];

const STATE_COLOR: Record<Assigned['state'], string> = {
  not_open: 'gray',
  open: 'teal',
  started: 'violet',
  finished: 'blue',
  closed: 'gray',
};

/** Where a row leads: its join page, the attempt to resume, or the report of the finished one. */
export function assignedLink(a: Pick<Assigned, 'kind' | 'assessmentId' | 'state' | 'attemptId'>): string {
  if (a.state === 'started' && a.attemptId) return assessmentPaths.attempt(a.attemptId);
  if (a.state === 'finished' && a.attemptId) return assessmentPaths.attemptReport(a.attemptId);
  return a.kind === 'quiz' ? assessmentPaths.joinQuiz(a.assessmentId) : assessmentPaths.joinTest(a.assessmentId);
}

/** When a row's state says it opens, closes or closed (spec 4.9 states of an assigned quiz). */
export function useStateText() {
  const { t, i18n } = useTranslation('assessment');
  return (a: Pick<Assigned, 'state' | 'opensAt' | 'closesAt'>) => {
    const when = (iso: string) => formatDateTime(iso, i18n.resolvedLanguage);
    if (a.state === 'not_open') return t('assigned.opens', { when: when(a.opensAt) });
    if (a.state === 'closed') return t('assigned.closed', { when: when(a.closesAt) });
    if (a.state === 'finished') return t('assigned.finished');
    return t('assigned.closes', { when: when(a.closesAt) });
  };
}

/** The quizzes and tests teachers assigned to the student's class, with their states; 'No quizzes assigned' when none. */
export function AssignedList({ assigned }: { assigned: Assigned[] }) {
  const { t } = useTranslation('assessment');
  const stateText = useStateText();
  if (assigned.length === 0)
    return (
      <Text c="dimmed" data-testid="no-assigned">
        {t('home.noneAssigned')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="assigned">
      {assigned.map((a) => {
        const action =
          a.state === 'open'
            ? t('assigned.start')
            : a.state === 'started'
              ? t('assigned.resume')
              : a.state === 'finished'
                ? t('assigned.report')
                : t('assigned.details');
        return (
          <Card
            key={a.assignmentId}
            withBorder
            radius="md"
            padding="sm"
            data-testid="assigned-row"
            data-state={a.state}
          >
            <Group justify="space-between" gap="xs" wrap="wrap">
              <div style={{ minWidth: 0, flex: '1 1 200px' }}>
                <Group gap="xs">
                  <Text fw={600}>{a.name}</Text>
                  <Badge variant="light" color={a.kind === 'quiz' ? 'orange' : 'blue'}>
                    {t(`kind.${a.kind}`)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('assigned.facts', { subject: a.subjectName, count: a.questionCount, minutes: a.durationMinutes })}
                </Text>
                <Group gap="xs" mt={4}>
                  <Badge variant="dot" color={STATE_COLOR[a.state]} data-testid="assigned-state">
                    {t(`assigned.state.${a.state}`)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {stateText(a)}
                  </Text>
                </Group>
              </div>
              <Button
                component={Link}
                to={assignedLink(a)}
                variant={a.state === 'open' || a.state === 'started' ? 'filled' : 'default'}
                size="sm"
                data-testid="assigned-action"
              >
                {action}
              </Button>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
