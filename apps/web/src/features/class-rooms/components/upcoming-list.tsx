import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClassRoom } from '@ki/contracts';
import { useNow } from '../../../lib/use-now';
import { OPENED_FROM_APP } from '../../../lib/url-state';
import { formatSpan, isUnderWay } from '../class-room-model';

const TYPES = new Set(['class', 'test', 'holiday', 'meeting', 'event', 'programme']);

/**
 * The class's calendar for the next two weeks (its grade's events and the whole school's), soonest
 * first: name, type and time in the school's zone. A live class held in the app has Join, which
 * opens its join page (from 10 minutes before its start; the page says when it is too early).
 */
export function UpcomingList({ room }: { room: ClassRoom }) {
  const { t, i18n } = useTranslation('classrooms');
  // Which live class is under way, kept current while the page stays open.
  const now = useNow();
  if (room.upcoming.length === 0)
    return (
      <Paper withBorder p="md" radius="md">
        <Text c="dimmed" size="sm" data-testid="upcoming-empty">
          {t('upcoming.empty')}
        </Text>
      </Paper>
    );
  return (
    <Stack gap="sm">
      <Text c="dimmed" size="sm">
        {t('upcoming.hint')}
      </Text>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="upcoming">
        {room.upcoming.map((e) => (
          <Paper key={e.id} component="li" withBorder p="md" radius="md" data-testid="upcoming-event">
            <Stack gap={4}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="upcoming-name">
                  {e.name}
                </Text>
                {e.liveClassPath && isUnderWay(e, now) ? (
                  <Badge color="red" variant="filled" style={{ flexShrink: 0 }} data-testid="upcoming-live">
                    {t('upcoming.liveNow')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm">
                {[TYPES.has(e.type) ? t(`upcoming.types.${e.type}`) : e.type, e.subjectName]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              <Text size="sm" c="dimmed" data-testid="upcoming-when">
                {formatSpan(e.start, e.end, room.timeZone, i18n.resolvedLanguage)}
              </Text>
              {e.liveClassPath ? (
                <Button
                  component={Link}
                  to={e.liveClassPath}
                  state={OPENED_FROM_APP}
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconVideo size={16} aria-hidden="true" />}
                  style={{ alignSelf: 'flex-start' }}
                  aria-label={`${t('upcoming.join')}: ${e.name}`}
                  data-testid="upcoming-join"
                >
                  {t('upcoming.join')}
                </Button>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
