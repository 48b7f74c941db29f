import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CALENDAR_DURATIONS,
  CALENDAR_EVENT_TYPES,
  CALENDAR_NAME_MAX,
  CALENDAR_PROVIDERS,
  type CalendarEvent,
  type CalendarProvider,
  type CalendarEventType,
} from '@ki/contracts';
import { useOnline } from '../../../lib/connectivity';
import { schoolsOf } from '../../../lib/staff-classes';
import { zoneName } from '../../../lib/zoned-time';
import { useSaveEvent } from '../api/events';
import {
  changeAllDay,
  changeEnd,
  changeStart,
  chosenClass,
  classChoices,
  editEventValues,
  newEventValues,
  pickDuration,
  subjectRule,
  validate,
  WHOLE_SCHOOL,
  type EventFormValues,
  type Field,
  type NewEventAt,
  type Problem,
  type Writer,
} from '../event-form-model';
import { notifyDone, useErrorText } from '../use-error-text';
import { PROVIDER_NAMES, useClassLabel } from './event-details';

/** What the form is open for: a new event (at a range picked on the grid, or the next hour), or an edit. */
export type FormTarget = { mode: 'new'; at: NewEventAt } | { mode: 'edit'; event: CalendarEvent };

/** "45 minutes", "1 hour and 30 minutes": the durations the form offers (CALENDAR_DURATIONS). */
function useDurationLabel() {
  const { t } = useTranslation('calendar');
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
 * The event form in a dialog (spec 3, calendar selection): for staff whose abilities say 'edit'.
 * The writer's classes (GET /assessments/classes) decide what it offers; it waits for them.
 */
export function EventFormDialog({
  target,
  writer,
  classesState,
  gridZone,
  onClose,
  onSaved,
}: {
  target: FormTarget | null;
  writer: Writer | null;
  classesState: 'loading' | 'failed' | 'ready';
  gridZone: string;
  onClose: () => void;
  onSaved: (event: CalendarEvent) => void;
}) {
  const { t } = useTranslation('calendar');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.mode === 'edit' ? t('form.editTitle') : t('form.newTitle')}
      centered
      size="lg"
      data-testid="event-form-dialog"
    >
      {target === null ? null : classesState === 'loading' || !writer ? (
        classesState === 'failed' ? (
          <Alert color="red" data-testid="form-classes-failed">
            {t('form.classesFailed')}
          </Alert>
        ) : (
          <Group justify="center" p="md">
            <Loader aria-label={t('loading')} />
          </Group>
        )
      ) : (
        <EventForm target={target} writer={writer} gridZone={gridZone} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function EventForm({
  target,
  writer,
  gridZone,
  onClose,
  onSaved,
}: {
  target: FormTarget;
  writer: Writer;
  gridZone: string;
  onClose: () => void;
  onSaved: (event: CalendarEvent) => void;
}) {
  const { t, i18n } = useTranslation('calendar');
  const existing = target.mode === 'edit' ? target.event : undefined;
  const schools = schoolsOf(writer.classes);
  const zoneOf = (schoolId: number | null) =>
    (existing && existing.schoolId === schoolId ? existing.timeZone : undefined) ??
    schools.find((s) => s.id === schoolId)?.timeZone ??
    gridZone;
  const [values, setValues] = useState<EventFormValues>(() =>
    target.mode === 'edit' ? editEventValues(target.event) : newEventValues(writer, target.at, gridZone),
  );
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveEvent();
  const errorText = useErrorText();
  const classLabel = useClassLabel();
  const durationLabel = useDurationLabel();
  const online = useOnline();
  const zone = zoneOf(values.schoolId);
  const choices = classChoices(writer, values.schoolId, existing);
  const choice = chosenClass(writer, values, existing);
  const subjects = subjectRule(writer, values.schoolId, choice, existing);
  const problem = (field: Field) => {
    const p = problems[field];
    return p ? t(p.key, p.values) : undefined;
  };
  const update = (next: EventFormValues) => {
    setValues(next);
    setRefusal(null);
  };
  // Nothing to put an event on: a teacher with no classes yet (the form says so and cannot save).
  const noClasses = (!existing && writer.classes.length === 0) || (values.schoolId !== null && choices.length === 0);

  function submit() {
    const result = validate(writer, values, zone, existing);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    save.mutate(
      { id: existing?.id ?? null, input: result.input },
      {
        onSuccess: (event) => {
          notifyDone(t(existing ? 'form.updated' : 'form.created'));
          onSaved(event);
        },
        onError: (error) => setRefusal(errorText(error)),
      },
    );
  }

  const schoolSelect =
    schools.length > 1 || (existing && !schools.some((s) => s.id === existing.schoolId)) ? (
      <NativeSelect
        label={t('form.school')}
        value={values.schoolId === null ? '' : String(values.schoolId)}
        onChange={(e) => {
          const schoolId = e.currentTarget.value === '' ? null : Number(e.currentTarget.value);
          const only = classChoices(writer, schoolId);
          update({
            ...values,
            schoolId,
            classKey: writer.wholeSchool ? WHOLE_SCHOOL : only.length === 1 ? (only[0]?.key ?? null) : null,
            subjectId: null,
          });
        }}
        data={[
          ...(values.schoolId === null ? [{ value: '', label: t('form.chooseSchool') }] : []),
          ...schools.map((s) => ({ value: String(s.id), label: s.name })),
          ...(existing && !schools.some((s) => s.id === existing.schoolId)
            ? [{ value: String(existing.schoolId), label: existing.schoolName }]
            : []),
        ]}
        error={problem('schoolId')}
        required
        data-testid="form-school"
      />
    ) : null;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="event-form"
    >
      <Stack gap="sm">
        {refusal ? (
          <Alert color="red" role="alert" data-testid="form-refusal">
            {refusal}
          </Alert>
        ) : null}
        {!online ? (
          <Alert color="yellow" data-testid="form-offline">
            {t('errors.offline')}
          </Alert>
        ) : null}
        <TextInput
          label={t('form.name')}
          value={values.name}
          onChange={(e) => update({ ...values, name: e.currentTarget.value })}
          error={problem('name')}
          required
          data-autofocus
          data-testid="form-name"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label={t('form.type')}
            value={values.type ?? ''}
            onChange={(e) => update({ ...values, type: (e.currentTarget.value || null) as CalendarEventType | null })}
            data={CALENDAR_EVENT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            error={problem('type')}
            required
            data-testid="form-type"
          />
          {values.type === 'programme' ? (
            <TextInput
              label={t('form.hostName')}
              description={t('form.hostNameHint')}
              value={values.hostName}
              onChange={(e) => update({ ...values, hostName: e.currentTarget.value })}
              error={problem('hostName')}
              maxLength={CALENDAR_NAME_MAX}
              data-testid="form-host-name"
            />
          ) : null}
          {schoolSelect}
          <NativeSelect
            label={t('form.class')}
            value={values.classKey ?? ''}
            onChange={(e) => update({ ...values, classKey: e.currentTarget.value || null, subjectId: null })}
            data={[
              ...(values.classKey === null ? [{ value: '', label: t('form.chooseClass') }] : []),
              ...choices.map((c) => ({ value: c.key, label: classLabel(c.boardName, c.grade) })),
            ]}
            error={problem('class')}
            disabled={values.schoolId === null}
            required
            data-testid="form-class"
          />
          {subjects.options.length > 0 || subjects.required ? (
            <NativeSelect
              label={t('form.subject')}
              value={values.subjectId === null ? '' : String(values.subjectId)}
              onChange={(e) =>
                update({ ...values, subjectId: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })
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
              data-testid="form-subject"
            />
          ) : null}
        </SimpleGrid>
        {noClasses ? (
          <Text size="sm" c="dimmed" data-testid="form-no-classes">
            {t('form.noClasses')}
          </Text>
        ) : null}
        <Checkbox
          label={t('form.allDay')}
          checked={values.allDay}
          onChange={(e) => update(changeAllDay(values, e.currentTarget.checked, zone))}
          data-testid="form-all-day"
        />
        <SimpleGrid cols={{ base: 2, xs: values.allDay ? 2 : 3 }} spacing="sm">
          <TextInput
            type="date"
            label={t('form.startDate')}
            value={values.startDate}
            onChange={(e) => update(changeStart(values, { date: e.currentTarget.value }, zone))}
            error={problem('start')}
            required
            data-testid="form-start-date"
          />
          {values.allDay ? null : (
            <>
              <TextInput
                type="time"
                label={t('form.startTime')}
                value={values.startTime}
                onChange={(e) => update(changeStart(values, { time: e.currentTarget.value }, zone))}
                required
                data-testid="form-start-time"
              />
              <NativeSelect
                label={t('form.duration')}
                value={values.duration === null ? '' : String(values.duration)}
                onChange={(e) => {
                  if (e.currentTarget.value) update(pickDuration(values, Number(e.currentTarget.value), zone));
                }}
                data={[
                  ...(values.duration === null ? [{ value: '', label: t('form.otherDuration') }] : []),
                  ...CALENDAR_DURATIONS.map((m) => ({ value: String(m), label: durationLabel(m) })),
                ]}
                data-testid="form-duration"
              />
            </>
          )}
          <TextInput
            type="date"
            label={values.allDay ? t('form.lastDay') : t('form.endDate')}
            value={values.endDate}
            onChange={(e) => update(changeEnd(values, { date: e.currentTarget.value }, zone))}
            error={problem('end')}
            required
            data-testid="form-end-date"
          />
          {values.allDay ? null : (
            <TextInput
              type="time"
              label={t('form.endTime')}
              value={values.endTime}
              onChange={(e) => update(changeEnd(values, { time: e.currentTarget.value }, zone))}
              required
              data-testid="form-end-time"
            />
          )}
        </SimpleGrid>
        <Text size="xs" c="dimmed" data-testid="form-zone">
          {t('form.zone', { zone: zoneName(zone, i18n.resolvedLanguage) })}
        </Text>
        <Textarea
          label={t('form.description')}
          value={values.description}
          onChange={(e) => update({ ...values, description: e.currentTarget.value })}
          error={problem('description')}
          autosize
          minRows={2}
          maxRows={6}
          data-testid="form-description"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="url"
            inputMode="url"
            label={t('form.joinUrl')}
            description={t('form.joinUrlHint')}
            placeholder="https://"
            value={values.joinUrl}
            onChange={(e) => update({ ...values, joinUrl: e.currentTarget.value })}
            error={problem('joinUrl')}
            data-testid="form-join-url"
          />
          <NativeSelect
            label={t('form.provider')}
            description={t('form.providerHint')}
            value={values.serviceName ?? ''}
            onChange={(e) =>
              update({ ...values, serviceName: (e.currentTarget.value || null) as CalendarProvider | null })
            }
            data={[
              { value: '', label: t('form.noProvider') },
              ...CALENDAR_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_NAMES[p] })),
            ]}
            error={problem('serviceName')}
            data-testid="form-provider"
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-testid="form-cancel">
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={noClasses} data-testid="form-save">
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
