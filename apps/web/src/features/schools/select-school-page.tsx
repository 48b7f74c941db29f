import { Alert, Button, Card, Group, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { logout } from '../../lib/logout';
import { readSchoolSelection, saveSchoolSelection } from '../../lib/school-selection';
import { useMe } from '../../lib/session';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useMySchools } from './api/get-my-schools';

/**
 * School selection (access-and-app-shell.md 2.6, 4.6): one school for staff with several, a
 * searchable multi-select with Select All Schools and Clear for super-admins. ?edit=1 comes back
 * here from the dashboards ('Add/Remove Schools').
 */
export function SelectSchoolPage() {
  const { t } = useTranslation('schools');
  const { data: me } = useMe();
  const schools = useMySchools();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const editing = params.get('edit') === '1';
  const previous = editing ? readSchoolSelection() : null;
  const [selected, setSelected] = useState<string[]>(previous?.schoolIds.map(String) ?? []);

  const noChain = schools.error instanceof ApiError && schools.error.code === 'NO_CHAIN';
  useEffect(() => {
    // A super-admin without a chain is signed out and sent to the chain sign-in (dashboards.md 4).
    if (noChain) {
      void logout(queryClient).finally(() =>
        navigate(paths.chainLogin(me?.staff.chainId ?? 'none'), { replace: true }),
      );
    }
  }, [noChain, me, navigate, queryClient]);

  if (schools.isPending || noChain) return <FullScreenLoader />;
  if (schools.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const { multiSelect } = schools.data;
  const data = schools.data.schools.map((s) => ({ value: String(s.id), label: s.name }));

  function proceed() {
    const ids = selected.map(Number);
    const names = schools.data!.schools.filter((s) => ids.includes(s.id)).map((s) => s.name);
    saveSchoolSelection({ schoolIds: ids, names });
    // A chain's several schools open /dashboard; one school chosen, its own (access-and-app-shell.md 4.6).
    void navigate(multiSelect ? paths.dashboard : paths.paceDashboard);
  }

  return (
    <Card withBorder padding="lg" radius="md" maw={640} mx="auto">
      <Stack>
        <Title order={2} size="h3">
          {multiSelect ? t('titleMulti') : t('title')}
        </Title>
        {multiSelect ? (
          <>
            <Group gap="xs">
              <Button
                variant="light"
                size="xs"
                onClick={() => setSelected(data.map((d) => d.value))}
                data-testid="select-all"
              >
                {t('selectAll')}
              </Button>
              <Button variant="default" size="xs" onClick={() => setSelected([])} data-testid="clear">
                {t('clear')}
              </Button>
            </Group>
            <MultiSelect
              label={t('schools')}
              placeholder={t('search')}
              data={data}
              value={selected}
              onChange={setSelected}
              searchable
              clearable
              nothingFoundMessage={t('nothingFound')}
              data-testid="schools-multi"
            />
            <Text size="sm" c="dimmed">
              {t('selectedCount', { count: selected.length })}
            </Text>
          </>
        ) : (
          <Select
            label={t('schools')}
            placeholder={t('pleaseSelect')}
            data={data}
            value={selected[0] ?? null}
            onChange={(v) => setSelected(v ? [v] : [])}
            data-testid="school-single"
          />
        )}
        <Button disabled={selected.length === 0} onClick={proceed} data-testid="school-proceed">
          {t('proceed')}
        </Button>
      </Stack>
    </Card>
  );
}
