import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClassRoom } from '@ki/contracts';
import { paths } from '../../../config/paths';
import { OPENED_FROM_APP } from '../../../lib/url-state';
import { formatSpan } from '../class-room-model';

const STATUS_COLORS = { open: 'teal', upcoming: 'blue', closed: 'gray' } as const;

/**
 * The quizzes and tests set for the class (or its whole grade), as the server orders them: open
 * first, then upcoming, then closed. Each says when it opens and closes (in the school's zone) and
 * how many of the class's students finished it; an open or closed one links to its report when the
 * reader may open it (a teacher of the class in another subject sees a colleague's quiz without it).
 */
export function AssignmentsList({ room }: { room: ClassRoom }) {
  const { t, i18n } = useTranslation('classrooms');
  if (room.assignments.length === 0)
    return (
      <Paper withBorder p="md" radius="md">
        <Text c="dimmed" size="sm" data-testid="assignments-empty">
          {t('assignments.empty')}
        </Text>
      </Paper>
    );
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="assignments">
      {room.assignments.map((a) => (
        <Paper key={a.id} component="li" withBorder p="md" radius="md" data-testid="assignment" data-status={a.status}>
          <Stack gap={4}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="assignment-name">
                {a.name}
              </Text>
              <Badge
                color={STATUS_COLORS[a.status]}
                variant="light"
                style={{ flexShrink: 0 }}
                data-testid="assignment-status"
              >
                {t(`assignments.status.${a.status}`)}
              </Badge>
            </Group>
            <Text size="sm">
              {t(`assignments.kind.${a.kind}`)} · {a.subjectName}
            </Text>
            <Text size="sm" c="dimmed" data-testid="assignment-when">
              {formatSpan(a.opensAt, a.closesAt, room.timeZone, i18n.resolvedLanguage)}
            </Text>
            <Group justify="space-between" gap="xs">
              <Text size="sm" data-testid="assignment-finished">
                {t('assignments.finished', { finished: a.finished, total: room.students.length })}
              </Text>
              {a.status !== 'upcoming' && a.reportOpen ? (
                <Anchor
                  component={Link}
                  to={paths.reportDetails(a.id)}
                  state={OPENED_FROM_APP}
                  size="sm"
                  fw={600}
                  data-testid="assignment-report"
                >
                  {t('assignments.report')}
                </Anchor>
              ) : null}
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
