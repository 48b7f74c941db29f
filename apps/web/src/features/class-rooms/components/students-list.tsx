import { Anchor, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClassRoom } from '@ki/contracts';
import { paths } from '../../../config/paths';
import { useMe } from '../../../lib/session';
import { OPENED_FROM_APP } from '../../../lib/url-state';
import { filterStudents, lastActiveText, type Student } from '../class-room-model';

/**
 * A class's students by name: topics completed, knowledge currency and when they were last active
 * (by the calendar days of the school), with a search by name. A name opens the student's dashboard
 * where the server lets the caller read it (abilities.studentDashboards).
 */
export function StudentsList({ room }: { room: ClassRoom }) {
  const { t, i18n } = useTranslation('classrooms');
  const { data: me } = useMe();
  const [search, setSearch] = useState('');
  // "today", "2 days ago": counted from when the page opened.
  const [now] = useState(() => Date.now());
  const canOpen = me?.abilities.studentDashboards ?? false;
  if (room.students.length === 0)
    return (
      <Paper withBorder p="md" radius="md">
        <Text c="dimmed" size="sm" data-testid="students-empty">
          {t('students.empty')}
        </Text>
      </Paper>
    );
  const shown = filterStudents(room.students, search);
  const lastActive = (s: Student) =>
    s.lastActiveAt ? lastActiveText(s.lastActiveAt, now, room.timeZone, i18n.resolvedLanguage) : t('students.never');
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500} data-testid="students-total">
        {t('students.count', { count: room.students.length })}
      </Text>
      <TextInput
        type="search"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        label={t('students.search')}
        maw={360}
        data-testid="students-search"
      />
      {shown.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="students-no-match">
          {t('students.noMatch', { search: search.trim() })}
        </Text>
      ) : (
        // A phone has no room for four columns: the last activity goes under the name there. Should
        // long names still need more than the screen, the table scrolls within itself, never the page.
        <Table.ScrollContainer minWidth={300}>
          <Table striped verticalSpacing="xs" horizontalSpacing="xs" data-testid="students-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('students.name')}</Table.Th>
                <Table.Th ta="right">{t('students.topicsCompleted')}</Table.Th>
                <Table.Th ta="right">{t('students.knowledgeCurrency')}</Table.Th>
                <Table.Th visibleFrom="xs">{t('students.lastActive')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((s) => (
                <Table.Tr key={s.id} data-testid="student-row">
                  <Table.Td>
                    {canOpen ? (
                      <Anchor
                        component={Link}
                        to={`${paths.studentDetail}?studentId=${s.id}&grade=${room.grade}&filter=day`}
                        state={OPENED_FROM_APP}
                        size="sm"
                        data-testid="student-name"
                      >
                        {s.name}
                      </Anchor>
                    ) : (
                      <Text size="sm" data-testid="student-name">
                        {s.name}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" hiddenFrom="xs" data-testid="student-last-active-phone">
                      {t('students.lastActiveWhen', { when: lastActive(s) })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{s.topicsCompleted}</Table.Td>
                  <Table.Td ta="right">{s.knowledgeCurrency}</Table.Td>
                  <Table.Td visibleFrom="xs" data-testid="student-last-active">
                    {lastActive(s)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
