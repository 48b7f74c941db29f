import { Alert, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readSchoolSelection } from '../../lib/school-selection';
import { useMe } from '../../lib/session';
import { NotOnDevice } from '../../ui/offline-parts';
import { useMySchools } from './api/my-schools';
import { useSchoolBroadcasts } from './api/school-broadcasts';
import { ComposeCard } from './components/compose-card';
import { SentNotices } from './components/sent-notices';
import { chooseSchool } from './school-choice';
import { SectionLoader } from '../../ui/section-loader';

/**
 * /broadcast: school notices (issue #26, "Broadcasts"; access-and-app-shell.md 2.1). Staff post a
 * notice to grades of a school (a teacher to the grades they teach) and see those sent, newest
 * first, with how many students and parents have read each; the author and the school's principal
 * or super-admin may delete one. The school is the app's selected one; staff with several schools
 * may switch here.
 */
export function BroadcastPage() {
  const { t } = useTranslation('notices');
  const { data: me } = useMe();
  const schools = useMySchools();
  const [picked, setPicked] = useState<number | null>(null);
  const choices = schools.data?.schools ?? [];
  const schoolId = chooseSchool({
    picked,
    selected: readSchoolSelection()?.schoolIds ?? [],
    own: me?.school?.id ?? null,
    choices: choices.map((s) => s.id),
  });
  return (
    <Stack gap="md" maw={760} mx="auto" w="100%" data-testid="broadcast-page">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h3">
            {t('title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('hint')}
          </Text>
        </div>
        {choices.length > 1 && schoolId !== null ? (
          <NativeSelect
            label={t('school')}
            data={choices.map((s) => ({ value: String(s.id), label: s.name }))}
            value={String(schoolId)}
            onChange={(e) => setPicked(Number(e.currentTarget.value))}
            w={{ base: '100%', xs: 280 }}
            data-testid="broadcast-school"
          />
        ) : null}
      </Group>
      {schools.data === undefined ? (
        <NotOnDevice query={schools} failedText={t('failed')} offlineText={t('offline')} loader={<PageLoader />} />
      ) : schoolId === null ? (
        <Alert color="gray">{t('noSchool')}</Alert>
      ) : (
        <SchoolNotices key={schoolId} schoolId={schoolId} />
      )}
    </Stack>
  );
}

function PageLoader() {
  const { t } = useTranslation('notices');
  return <SectionLoader label={t('loading')} />;
}

function SchoolNotices({ schoolId }: { schoolId: number }) {
  const { t } = useTranslation('notices');
  const notices = useSchoolBroadcasts(schoolId);
  if (!notices.data)
    return <NotOnDevice query={notices} failedText={t('failed')} offlineText={t('offline')} loader={<PageLoader />} />;
  return (
    <>
      <ComposeCard schoolId={schoolId} grades={notices.data.grades} />
      <SentNotices schoolId={schoolId} notices={notices.data.broadcasts} />
    </>
  );
}
