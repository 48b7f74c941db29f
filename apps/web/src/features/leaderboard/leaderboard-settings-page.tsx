import { Alert, Paper, SegmentedControl, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gradeLabel } from '@ki/domain';
import { useMe } from '../../lib/session';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import {
  useLeaderboardSettings,
  useSetGradeMode,
  useSetSchoolMode,
  useSettingsSchools,
} from './leaderboard-settings-api';
import './strings';

type Mode = 'full' | 'initials' | 'off';
const FOLLOW = 'school';

/**
 * The principal's leaderboard setting (leaderboards rank minors): the school's leaderboard shows
 * full names, other students' initials only, or is off; a grade can be made stricter on its own.
 * The API enforces it; this screen only changes it.
 */
export function LeaderboardSettingsPage() {
  const { t } = useTranslation('leaderboard');
  const { data: me } = useMe();
  const schools = useSettingsSchools();
  const [chosen, setChosen] = useState<string | null>(null);
  if (!me?.abilities.schoolSettings) return <Alert color="yellow">{t('settings.principalOnly')}</Alert>;
  if (schools.isPending) return <FullScreenLoader />;
  const list = schools.data?.schools ?? [];
  const schoolId = chosen ? Number(chosen) : (list[0]?.id ?? null);
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={2}>{t('settings.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('settings.hint')}
      </Text>
      {list.length > 1 ? (
        <Select
          label={t('settings.school')}
          data={list.map((s) => ({ value: String(s.id), label: s.name }))}
          value={schoolId === null ? null : String(schoolId)}
          onChange={setChosen}
          allowDeselect={false}
        />
      ) : null}
      {schoolId !== null ? (
        <SchoolSettings
          key={schoolId}
          schoolId={schoolId}
          isPace={list.find((s) => s.id === schoolId)?.isPace ?? false}
        />
      ) : null}
    </Stack>
  );
}

function SchoolSettings({ schoolId, isPace }: { schoolId: number; isPace: boolean }) {
  const { t } = useTranslation('leaderboard');
  const settings = useLeaderboardSettings(schoolId);
  const setSchool = useSetSchoolMode(schoolId);
  const setGrade = useSetGradeMode(schoolId);
  const modes: { value: Mode; label: string }[] = [
    { value: 'full', label: t('settings.full') },
    { value: 'initials', label: t('settings.initials') },
    { value: 'off', label: t('settings.off') },
  ];
  const saved = () => notifications.show({ id: 'leaderboard-saved', color: 'teal', message: t('settings.saved') });
  const failed = () => notifications.show({ color: 'red', message: t('settings.failed') });
  if (settings.isPending) return <FullScreenLoader />;
  if (settings.isError) return <Alert color="red">{t('settings.failed')}</Alert>;
  const s = settings.data;
  return (
    <>
      <Paper withBorder p="md" radius="md">
        <Text fw={600} mb="xs">
          {t('settings.wholeSchool')}
        </Text>
        <SegmentedControl
          fullWidth
          value={s.mode}
          data={modes}
          onChange={(v) => setSchool.mutate(v as Mode, { onSuccess: saved, onError: failed })}
          data-testid="school-mode"
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Text fw={600} mb="xs">
          {t('settings.perGrade')}
        </Text>
        <Table>
          <Table.Tbody>
            {s.grades.map((g) => (
              <Table.Tr key={g.grade}>
                <Table.Td>{gradeLabel(g.grade, { isPace })}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={gradeLabel(g.grade, { isPace })}
                    data={[{ value: FOLLOW, label: t('settings.followSchool') }, ...modes]}
                    value={g.mode ?? FOLLOW}
                    allowDeselect={false}
                    onChange={(v) =>
                      setGrade.mutate(
                        { grade: g.grade, mode: v === FOLLOW || v === null ? null : (v as Mode) },
                        { onSuccess: saved, onError: failed },
                      )
                    }
                    data-testid={`grade-mode-${g.grade}`}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt="xs">
          {t('settings.stricterWins')}
        </Text>
      </Paper>
    </>
  );
}
