import { Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayPercent, formatDuration, personName, toRoman } from '@ki/domain';
import {
  LINE_TEXT_MESSAGE,
  UpdateProfileBodySchema,
  type ProfileResponse,
  type UpdateProfileBody,
} from '@ki/contracts';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format-date';
import { isLanguage } from '../../lib/i18n';
import { adoptSavedLanguage } from '../../lib/language';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { NotOnDevice } from '../../ui/offline-parts';
import { useProfile } from './api/get-profile';
import { useUpdateProfile } from './api/update-profile';
import './strings';

/** '+919000000010' as people write it: '+91 90000 00010'. */
function displayMobile(mobile: string | null): string {
  if (!mobile) return '';
  return parsePhoneNumberFromString(mobile)?.formatInternational() ?? mobile;
}

/** The contract's messages are the spec's texts; these keys translate them. */
const MESSAGE_KEYS: Record<string, string> = {
  'Please enter valid Email Id': 'validation.email',
  'Please enter all required fields': 'validation.required',
  'Please select Language': 'validation.language',
  [LINE_TEXT_MESSAGE]: 'validation.characters',
};

/**
 * The profile (access-and-app-shell.md 2.8): who the student is, their parents, their plan and their
 * progress. `plan` is the plan section, composed in by the app (app/profile-route.tsx) for students.
 */
export function ProfilePage({ plan }: { plan?: ReactNode } = {}) {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const [editing, setEditing] = useState(false);
  if (!profile.data) return <NotOnDevice query={profile} failedText={t('loadFailed')} loader={<FullScreenLoader />} />;
  const p = profile.data;
  return (
    <Stack gap="md" maw={960} mx="auto">
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        {!editing ? (
          <Button
            leftSection={<IconPencil size={16} />}
            variant="light"
            onClick={() => setEditing(true)}
            data-testid="edit-profile"
          >
            {t('edit')}
          </Button>
        ) : null}
      </Group>
      {editing ? <EditProfile profile={p} onDone={() => setEditing(false)} /> : <ProfileDetails profile={p} />}
      {plan}
      {p.learn ? <LearnProgress learn={p.learn} /> : null}
      {p.practice ? <PracticeProgress practice={p.practice} timeZone={p.student?.timeZone} /> : null}
    </Stack>
  );
}

function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function ProfileDetails({ profile: p }: { profile: ProfileResponse }) {
  const { t } = useTranslation(['profile', 'common']);
  const language = p.user.language && isLanguage(p.user.language) ? t(`common:languages.${p.user.language}`) : '';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {p.student ? (
        <Section title={t('student.title')}>
          <SimpleGrid cols={2} spacing="sm">
            <Field label={t('name')} value={personName(p.user.firstName, p.user.lastName)} testId="profile-name" />
            <Field label={t('student.school')} value={p.student.schoolName} />
            <Field label={t('student.board')} value={p.student.boardName} />
            <Field
              label={t('student.grade')}
              value={p.student.grade ? toRoman(p.student.grade) : ''}
              testId="profile-grade"
            />
          </SimpleGrid>
        </Section>
      ) : null}
      {p.student ? (
        <Section title={t('parents.title')}>
          {p.parents.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('parents.none')}
            </Text>
          ) : (
            <Stack gap="xs">
              {p.parents.map((parent) => (
                <Group key={`${parent.name}${parent.mobile}`} justify="space-between" data-testid="parent">
                  <Text size="sm" fw={500}>
                    {parent.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {parent.mobile ?? ''}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Section>
      ) : null}
      <Section title={t('personal.title')}>
        <SimpleGrid cols={2} spacing="sm">
          <Field label={t('personal.firstName')} value={p.user.firstName} />
          <Field label={t('personal.lastName')} value={p.user.lastName} />
          <Field label={t('personal.email')} value={p.user.email} testId="profile-email" />
          <Field label={t('personal.language')} value={language} testId="profile-language-value" />
        </SimpleGrid>
      </Section>
      <Section title={t('user.title')}>
        <SimpleGrid cols={2} spacing="sm">
          <Field label={t('user.mobile')} value={displayMobile(p.user.mobile)} />
          <Field label={t('user.role')} value={t(`roles.${p.user.role}`)} />
          {p.student ? <Field label={t('student.section')} value={p.student.section} /> : null}
        </SimpleGrid>
      </Section>
    </SimpleGrid>
  );
}

function EditProfile({ profile: p, onDone }: { profile: ProfileResponse; onDone: () => void }) {
  const { t } = useTranslation(['profile', 'common', 'errors']);
  const save = useUpdateProfile();
  const client = useQueryClient();
  const form = useForm<UpdateProfileBody>({
    mode: 'controlled',
    initialValues: {
      firstName: p.user.firstName,
      lastName: p.user.lastName,
      email: p.user.email ?? '',
      language: (p.user.language ?? 'en') as UpdateProfileBody['language'],
    },
    validate: schemaResolver(UpdateProfileBodySchema, { sync: true }),
  });
  const error = (field: keyof UpdateProfileBody) => {
    const message = form.errors[field];
    return message ? t(MESSAGE_KEYS[String(message)] ?? 'validation.required') : undefined;
  };
  function submit(values: UpdateProfileBody) {
    save.mutate(UpdateProfileBodySchema.parse(values), {
      onSuccess: (saved) => {
        notifications.show({ color: 'teal', message: t('updated') });
        // The one language of the user (lib/language.ts): the screens and the content follow it.
        void adoptSavedLanguage(client, saved.user.language);
        onDone();
      },
      onError: (e) => {
        const issue =
          e instanceof ApiError
            ? (e.details as { issues?: { path: string; message: string }[] } | undefined)?.issues?.[0]
            : undefined;
        if (issue && issue.path in form.values) form.setFieldError(issue.path, issue.message);
        else
          notifications.show({
            color: 'red',
            message: e instanceof ApiError ? t(`errors:${e.code}`, { defaultValue: e.message }) : t('errors:INTERNAL'),
          });
      },
    });
  }
  return (
    <Card withBorder radius="md" padding="md">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('personal.firstName')}
              withAsterisk
              maxLength={50}
              data-testid="first-name"
              {...form.getInputProps('firstName')}
              error={error('firstName')}
            />
            <TextInput
              label={t('personal.lastName')}
              maxLength={50}
              data-testid="last-name"
              {...form.getInputProps('lastName')}
              error={error('lastName')}
            />
            <TextInput
              label={t('personal.email')}
              type="email"
              data-testid="email"
              {...form.getInputProps('email')}
              error={error('email')}
            />
            <NativeSelect
              label={t('personal.language')}
              data-testid="profile-language"
              data={p.languages.map((l) => ({ value: l, label: t(`common:languages.${l}`) }))}
              {...form.getInputProps('language')}
              error={error('language')}
            />
            <TextInput label={t('user.mobile')} value={displayMobile(p.user.mobile)} disabled readOnly />
            {p.student ? (
              <TextInput
                label={t('student.placement')}
                value={[p.student.schoolName, p.student.boardName, p.student.grade ? toRoman(p.student.grade) : null]
                  .filter(Boolean)
                  .join(' · ')}
                disabled
                readOnly
              />
            ) : null}
          </SimpleGrid>
          <Text size="sm" c="dimmed" data-testid="not-editable">
            {p.student ? t('notEditable.student') : t('notEditable.staff')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone} data-testid="cancel-profile">
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="save-profile">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

function LearnProgress({ learn }: { learn: NonNullable<ProfileResponse['learn']> }) {
  const { t } = useTranslation('profile');
  return (
    <Section title={t('learn.title')}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Stat label={t('learn.topics')} value={String(learn.topicsStudied)} testId="topics-studied" />
        <Stat label={t('learn.chapters')} value={String(learn.chaptersCompleted)} testId="chapters-completed" />
        <Stat label={t('learn.time')} value={formatDuration(learn.timeSpentSeconds)} testId="time-spent" />
      </SimpleGrid>
      {learn.subjects.length ? (
        <Table.ScrollContainer minWidth={320} mt="sm">
          <Table striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('learn.subject')}</Table.Th>
                <Table.Th ta="right">{t('learn.topics')}</Table.Th>
                <Table.Th ta="right">{t('learn.chapters')}</Table.Th>
                <Table.Th ta="right">{t('learn.time')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {learn.subjects.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td ta="right">{s.topicsCompleted}</Table.Td>
                  <Table.Td ta="right">{s.chaptersCompleted}</Table.Td>
                  <Table.Td ta="right">{formatDuration(s.timeSpentSeconds)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Section>
  );
}

/** Completed-on dates are calendar days of the student's school (`timeZone`). */
function PracticeProgress({
  practice,
  timeZone,
}: {
  practice: NonNullable<ProfileResponse['practice']>;
  timeZone: string | undefined;
}) {
  const { t, i18n } = useTranslation('profile');
  const na = t('na');
  return (
    <Section title={t('practice.title')}>
      {practice.records.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="practice-empty">
          {t('practice.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped fz="sm" data-testid="practice-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('practice.completedOn')}</Table.Th>
                <Table.Th>{t('practice.activity')}</Table.Th>
                <Table.Th ta="right">{t('practice.correct')}</Table.Th>
                <Table.Th ta="right">{t('practice.incorrect')}</Table.Th>
                <Table.Th ta="right">{t('practice.time')}</Table.Th>
                <Table.Th ta="right">{t('practice.accuracy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {practice.records.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{formatDate(r.completedAt, i18n.resolvedLanguage, timeZone)}</Table.Td>
                  <Table.Td>
                    {t(`practice.kinds.${r.kind}`)} · {r.subjectName}
                  </Table.Td>
                  <Table.Td ta="right">{r.correct}</Table.Td>
                  <Table.Td ta="right">{r.incorrect}</Table.Td>
                  <Table.Td ta="right">{formatDuration(r.timeSpentSeconds)}</Table.Td>
                  <Table.Td ta="right">
                    {r.accuracy === null ? displayPercent(null, na) : `${displayPercent(r.accuracy, na)}%`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
