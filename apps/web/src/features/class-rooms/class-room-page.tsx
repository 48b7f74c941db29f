import { Badge, Button, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gradeLabel } from '@ki/domain';
import type { ClassRoom } from '@ki/contracts';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { useMe } from '../../lib/session';
import { useUrlState } from '../../lib/url-state';
import { zoneName } from '../../lib/zoned-time';
import { BackLink } from '../../ui/back-link';
import { NotOnDevice } from '../../ui/offline-parts';
import { useClassRoom } from './api/class-room';
import { parseClassRoomPath } from './class-room-model';
import { AssignmentsList } from './components/assignments-list';
import { StudentsList } from './components/students-list';
import { UpcomingList } from './components/upcoming-list';
import { SectionLoader } from '../../ui/section-loader';

const TABS = ['students', 'assignments', 'upcoming'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * /class-rooms/{schoolId}/{boardId}/{grade}/{section} (issue #26; access-and-app-shell.md 2.1
 * /class-rooms/*): one class and section, in three tabs (the open one in the address, so a reload or
 * Back shows it again): its students, the quizzes and tests set for it, and its calendar for the
 * next two weeks. A class the caller does not teach reads as one that does not exist (the server
 * answers both with 404), as does an address that names no class.
 */
export function ClassRoomPage({ rest }: { rest: string }) {
  const { t } = useTranslation('classrooms');
  const key = parseClassRoomPath(rest);
  const room = useClassRoom(key);
  const notFound = key === null || (room.error instanceof ApiError && room.error.status === 404);
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%" data-testid="class-room-page">
      <BackLink fallback={paths.classRooms} label={t('room.back')} testId="class-room-back" />
      {notFound ? (
        <Paper withBorder p="md" radius="md" data-testid="class-room-not-found">
          <Stack gap="sm" align="flex-start">
            <Text>{t('room.notYours')}</Text>
            <Button component={Link} to={paths.classRooms} variant="light">
              {t('room.toList')}
            </Button>
          </Stack>
        </Paper>
      ) : room.data ? (
        <Room room={room.data} />
      ) : (
        <NotOnDevice
          query={room}
          failedText={t('room.failed')}
          offlineText={t('room.offline')}
          loader={<SectionLoader label={t('room.loading')} />}
        />
      )}
    </Stack>
  );
}

function Room({ room }: { room: ClassRoom }) {
  const { t, i18n } = useTranslation('classrooms');
  const { data: me } = useMe();
  const { params, setView } = useUrlState();
  const tab = params.get('tab');
  const current: Tab = isTab(tab) ? tab : 'students';
  const isPace = me?.school?.isPace ?? false;
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const count = (n: number, id: string) => (
    <Badge variant="light" size="sm" data-testid={`${id}-count`}>
      {n}
    </Badge>
  );
  return (
    <>
      <div>
        <Title order={1} size="h3" data-testid="class-room-title">
          {t('class', { grade: gradeLabel(room.grade, { isPace }), section: room.section })}
        </Title>
        <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {room.schoolName} · {room.boardName}
        </Text>
        {deviceZone !== room.timeZone ? (
          <Text c="dimmed" size="xs" data-testid="class-room-zone">
            {t('room.timeZone', { zone: zoneName(room.timeZone, i18n.resolvedLanguage) })}
          </Text>
        ) : null}
      </div>
      <Tabs
        value={current}
        onChange={(v) => isTab(v) && setView({ tab: v === 'students' ? null : v })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('room.sections')}>
          <Tabs.Tab value="students" rightSection={count(room.students.length, 'students')} data-testid="tab-students">
            {t('students.title')}
          </Tabs.Tab>
          <Tabs.Tab
            value="assignments"
            rightSection={count(room.assignments.length, 'assignments')}
            data-testid="tab-assignments"
          >
            {t('assignments.title')}
          </Tabs.Tab>
          <Tabs.Tab value="upcoming" rightSection={count(room.upcoming.length, 'upcoming')} data-testid="tab-upcoming">
            {t('upcoming.title')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="students" pt="sm">
          <StudentsList room={room} />
        </Tabs.Panel>
        <Tabs.Panel value="assignments" pt="sm">
          <AssignmentsList room={room} />
        </Tabs.Panel>
        <Tabs.Panel value="upcoming" pt="sm">
          <UpcomingList room={room} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
