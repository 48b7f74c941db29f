import { Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveSession } from '@ki/contracts';
import { useAttendance } from '../api/attendance';
import { formatTime } from '../live-time';

/**
 * A live class's register (issue #26): "present of total", then each student of the class, joined
 * (at what time, in the school's zone, and under which name when it differs) or not joined.
 */
export function AttendanceDialog({ session, onClose }: { session: LiveSession | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('live');
  const register = useAttendance(session?.id ?? null);
  const data = register.data;
  return (
    <Modal
      opened={session !== null}
      onClose={onClose}
      title={t('attendance.title', { name: session?.name ?? '' })}
      centered
      data-testid="attendance-dialog"
    >
      {!session ? null : data ? (
        <Stack gap="sm">
          <Text fw={600} data-testid="attendance-summary">
            {t('attendance.summary', { present: data.present, total: data.total })}
          </Text>
          {data.students.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('attendance.noStudents')}
            </Text>
          ) : (
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {data.students.map((s) => (
                <Group
                  key={s.id}
                  component="li"
                  justify="space-between"
                  gap="xs"
                  wrap="nowrap"
                  data-testid="attendance-row"
                  data-joined={s.firstJoinedAt ? 'yes' : 'no'}
                >
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {s.name}
                    </Text>
                    {s.firstJoinedAt ? (
                      <Text size="xs" c="dimmed" data-testid="attendance-time">
                        {s.joinedAs && s.joinedAs !== s.name
                          ? t('attendance.joinedAs', {
                              time: formatTime(s.firstJoinedAt, session.timeZone, i18n.resolvedLanguage),
                              name: s.joinedAs,
                            })
                          : t('attendance.joined', {
                              time: formatTime(s.firstJoinedAt, session.timeZone, i18n.resolvedLanguage),
                            })}
                      </Text>
                    ) : null}
                  </div>
                  {s.firstJoinedAt ? null : (
                    <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
                      {t('attendance.notJoined')}
                    </Badge>
                  )}
                </Group>
              ))}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-testid="attendance-close">
              {t('attendance.close')}
            </Button>
          </Group>
        </Stack>
      ) : register.isError ? (
        <Text c="red" size="sm" role="alert">
          {t('attendance.failed')}
        </Text>
      ) : (
        <Group justify="center" p="md">
          <Loader aria-label={t('attendance.loading')} />
        </Group>
      )}
    </Modal>
  );
}
