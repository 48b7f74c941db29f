import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toRoman } from '@ki/domain';
import { CALENDAR_PROVIDERS } from '@ki/contracts';
import { useOnline } from '../../../lib/connectivity';
import { schoolsOf } from '../../../lib/staff-classes';
import { zoneName } from '../../../lib/zoned-time';
import { useScheduleLiveClass } from '../api/schedule-live-class';
import {
  chosenClass,
  classesOf,
  classKey,
  LIVE_DURATIONS,
  newValues,
  subjectRule,
  validate,
  zoneOf,
  type Field,
  type Problem,
  type ScheduleValues,
  type Scheduler,
} from '../schedule-model';
import { notifyDone, useErrorText } from '../use-error-text';

/** The live class services' names: brands, the same in every language. */
export const PROVIDER_NAMES = { jitsi: 'Jitsi Meet', bigbluebutton: 'BigBlueButton' } as const;

/** "45 minutes", "1 hour and 30 minutes". */
function useDurationLabel() {
  const { t } = useTranslation('live');
  return (total: number) => {
    const hours = Math.floor(total / 60);
    const minutes = total % 60;
    const hoursText = t('form.durationHours', { count: hours });
    const minutesText = t('form.durationMinutes', { count: minutes });
    if (hours === 0) return minutesText;
    return minutes === 0 ? hoursText : t('form.durationBoth', { hours: hoursText, minutes: minutesText });
  };
}

/**
 * "Schedule a live class" (issue #26): the class (school, board and grade, a subject where the
 * teacher's assignments name one), a name and details, the date and start time in the school's zone
 * (now, rounded down to 5 minutes, at first), a duration and the service. Checked with the contract's
 * schema before anything is sent; the server's refusal shows above Schedule. `now` is the clock.
 */
export function ScheduleForm({
  scheduler,
  now,
  fallbackZone,
}: {
  scheduler: Scheduler;
  now: () => number;
  fallbackZone: string;
}) {
  const { t, i18n } = useTranslation('live');
  const [values, setValues] = useState<ScheduleValues>(() => newValues(scheduler, now(), fallbackZone));
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const schedule = useScheduleLiveClass();
  const errorText = useErrorText();
  const durationLabel = useDurationLabel();
  const online = useOnline();
  const schools = schoolsOf(scheduler.classes);
  const classes = classesOf(scheduler, values.schoolId);
  const choice = chosenClass(scheduler, values);
  const subjects = subjectRule(scheduler, choice);
  const zone = zoneOf(scheduler, values, fallbackZone);
  const problem = (field: Field) => {
    const p = problems[field];
    return p ? t(p.key, p.values) : undefined;
  };
  const update = (next: Partial<ScheduleValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setRefusal(null);
  };

  if (scheduler.classes.length === 0)
    return (
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed" data-testid="schedule-no-classes">
          {t('form.noClasses')}
        </Text>
      </Paper>
    );

  function submit() {
    const result = validate(scheduler, values, zone);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    schedule.mutate(result.input, {
      onSuccess: () => {
        notifyDone(t('form.created'));
        // Ready for the next one: the same class and service, from now again.
        const fresh = newValues(scheduler, now(), fallbackZone);
        setValues((v) => ({ ...v, name: '', description: '', date: fresh.date, time: fresh.time }));
      },
      onError: (error) => setRefusal(errorText(error)),
    });
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="schedule-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        data-testid="schedule-form"
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="schedule-title">
            {t('form.title')}
          </Title>
          {refusal ? (
            <Alert color="red" role="alert" data-testid="schedule-refusal">
              {refusal}
            </Alert>
          ) : null}
          {!online ? (
            <Alert color="yellow" data-testid="schedule-offline">
              {t('errors.offline')}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {schools.length > 1 ? (
              <NativeSelect
                label={t('form.school')}
                value={values.schoolId === null ? '' : String(values.schoolId)}
                onChange={(e) => {
                  const schoolId = e.currentTarget.value === '' ? null : Number(e.currentTarget.value);
                  const only = classesOf(scheduler, schoolId);
                  update({
                    schoolId,
                    classKey: only.length === 1 && only[0] ? classKey(only[0]) : null,
                    subjectId: null,
                  });
                }}
                data={[
                  ...(values.schoolId === null ? [{ value: '', label: t('form.chooseSchool') }] : []),
                  ...schools.map((s) => ({ value: String(s.id), label: s.name })),
                ]}
                error={problem('schoolId')}
                required
                data-testid="schedule-school"
              />
            ) : null}
            <NativeSelect
              label={t('form.class')}
              value={values.classKey ?? ''}
              onChange={(e) => update({ classKey: e.currentTarget.value || null, subjectId: null })}
              data={[
                ...(values.classKey === null ? [{ value: '', label: t('form.chooseClass') }] : []),
                ...classes.map((c) => ({
                  value: classKey(c),
                  label: t('classLabel', { board: c.boardName, grade: toRoman(c.grade) }),
                })),
              ]}
              error={problem('class')}
              disabled={values.schoolId === null}
              required
              data-testid="schedule-class"
            />
            {subjects.options.length > 0 || subjects.required ? (
              <NativeSelect
                label={t('form.subject')}
                value={values.subjectId === null ? '' : String(values.subjectId)}
                onChange={(e) =>
                  update({ subjectId: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })
                }
                data={[
                  ...(subjects.required
                    ? values.subjectId === null
                      ? [{ value: '', label: t('form.chooseSubject') }]
                      : []
                    : [{ value: '', label: t('form.allSubjects') }]),
                  ...subjects.options.map((s) => ({ value: String(s.id), label: s.name })),
                ]}
                error={problem('subjectId')}
                required={subjects.required}
                data-testid="schedule-subject"
              />
            ) : null}
          </SimpleGrid>
          <TextInput
            label={t('form.name')}
            value={values.name}
            onChange={(e) => update({ name: e.currentTarget.value })}
            error={problem('name')}
            required
            data-testid="schedule-name"
          />
          <Textarea
            label={t('form.description')}
            value={values.description}
            onChange={(e) => update({ description: e.currentTarget.value })}
            error={problem('description')}
            autosize
            minRows={2}
            maxRows={5}
            data-testid="schedule-description"
          />
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
            <TextInput
              type="date"
              label={t('form.date')}
              value={values.date}
              onChange={(e) => update({ date: e.currentTarget.value })}
              error={problem('start')}
              required
              data-testid="schedule-date"
            />
            <TextInput
              type="time"
              label={t('form.startTime')}
              value={values.time}
              onChange={(e) => update({ time: e.currentTarget.value })}
              required
              data-testid="schedule-time"
            />
            <NativeSelect
              label={t('form.duration')}
              value={String(values.duration)}
              onChange={(e) => update({ duration: Number(e.currentTarget.value) })}
              data={LIVE_DURATIONS.map((m) => ({ value: String(m), label: durationLabel(m) }))}
              data-testid="schedule-duration"
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" data-testid="schedule-zone">
            {t('form.zone', { zone: zoneName(zone, i18n.resolvedLanguage) })}
          </Text>
          <Radio.Group
            label={t('form.provider')}
            value={values.provider}
            onChange={(v) => update({ provider: v as ScheduleValues['provider'] })}
            data-testid="schedule-provider"
          >
            <Group gap="lg" mt={4}>
              {CALENDAR_PROVIDERS.map((p) => (
                <Radio key={p} value={p} label={PROVIDER_NAMES[p]} data-testid={`schedule-provider-${p}`} />
              ))}
            </Group>
          </Radio.Group>
          <Group justify="flex-end">
            <Button type="submit" loading={schedule.isPending} data-testid="schedule-submit">
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
