import type { CalendarRef } from '@fullcalendar/react';
import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE } from '@ki/domain';
import type { CalendarEvent } from '@ki/contracts';
import { useMe } from '../../lib/session';
import { useStaffScope, useWriterClasses } from '../../lib/staff-classes';
import { NotOnDevice } from '../../ui/offline-parts';
import { useCalendarEvents } from './api/events';
import { sharedZone } from './calendar-time';
import { CalendarGrid, type Shown, type View } from './components/calendar-grid';
import { CalendarToolbar } from './components/calendar-toolbar';
import { EventDetails } from './components/event-details';
import { EventFormDialog, type FormTarget } from './components/event-form';
import { FeedLink } from './components/feed-link';
import './calendar.css';
import './strings';
import { SectionLoader } from '../../ui/section-loader';

/** From the 'sm' breakpoint (48em) the month view reads well; below, on a phone, a week's list. */
const WIDE = '(min-width: 48em)';

/**
 * /calendar: the school calendar (issue #26; access-and-app-shell.md 2.1, 2.7, 3). Everyone whose
 * abilities give them a calendar sees their events in month, week, day and list views; staff
 * ('edit') add events with New event or by selecting days or times, and change or delete those they
 * may (canEdit). Everyone may add the calendar to their phone's calendar app with a private link.
 *
 * `now` and `initialDate` are the clock and the day first shown (tests fix them; the app passes none).
 */
export function CalendarPage({ now: nowInput, initialDate }: { now?: string; initialDate?: string } = {}) {
  const { t } = useTranslation('calendar');
  const { data: me } = useMe();
  const canEdit = me?.abilities.calendar === 'edit';
  // A fixed clock (tests), or the device's: read when a form opens, and live in the grid (today, the now line).
  const fixedNow = nowInput ? Date.parse(nowInput) : undefined;
  const clock = () => fixedNow ?? Date.now();
  const [openedAt] = useState(clock);
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  const [initialView] = useState<View>(() => (wide ? 'dayGridMonth' : 'listWeek'));
  const calendarRef = useRef<CalendarRef>(null);

  const classes = useWriterClasses(canEdit);
  const writer = useStaffScope(classes.data, me);
  // The grid's zone: staff's from their classes' schools; others' from the first events they see
  // (each carries its school's zone), kept once learnt so the grid does not move again.
  const [learntZone, setLearntZone] = useState<string | null>(null);
  const zone = canEdit
    ? classes.data
      ? sharedZone(classes.data.classes.map((c) => c.timeZone))
      : DEFAULT_TIME_ZONE
    : (learntZone ?? DEFAULT_TIME_ZONE);
  // Staff's grid waits for their classes (one answer), so it is not drawn twice in two zones.
  const zoneReady = !canEdit || classes.data !== undefined || classes.isError || classes.fetchStatus !== 'fetching';

  const [shown, setShown] = useState<Shown | null>(null);
  const events = useCalendarEvents(shown ? { from: shown.from, to: shown.to } : null);
  const loaded = events.isSuccess && !events.isPlaceholderData;
  const list = useMemo(() => events.data?.events ?? [], [events.data]);
  // Learnt while rendering the first answer (React's "adjusting state on a change"), not in an effect.
  if (!canEdit && learntZone === null && loaded && list.length > 0)
    setLearntZone(sharedZone(list.map((e) => e.timeZone)));

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = list.find((e) => e.id === selectedId) ?? null;
  const [form, setForm] = useState<FormTarget | null>(null);
  const schoolIds = new Set([...(classes.data?.classes.map((c) => c.schoolId) ?? []), ...list.map((e) => e.schoolId)]);

  const api = () => calendarRef.current?.getApi();
  const missing =
    (events.isError || events.fetchStatus === 'paused') && (events.data === undefined || events.isPlaceholderData);
  const empty = loaded && list.length === 0;

  const onSaved = (event: CalendarEvent) => {
    setForm(null);
    setSelectedId(null);
    // A new or moved event outside the days shown: the calendar goes to it.
    if (shown && !(Date.parse(event.start) < Date.parse(shown.to) && Date.parse(event.end) > Date.parse(shown.from)))
      api()?.gotoDate(event.start);
  };

  return (
    <Stack gap="sm" className="calendar-page" data-testid="calendar-page">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h3">
          {t('title')}
        </Title>
        <Group gap="sm">
          <FeedLink />
          {canEdit ? (
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => setForm({ mode: 'new', at: { now: clock() } })}
              data-testid="new-event"
            >
              {t('newEvent')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <CalendarToolbar
        title={shown?.title ?? ''}
        view={shown?.view ?? initialView}
        loading={events.fetchStatus === 'fetching'}
        onPrev={() => api()?.prev()}
        onToday={() => api()?.today()}
        onNext={() => api()?.next()}
        onView={(view) => api()?.changeView(view)}
      />
      {missing ? (
        <NotOnDevice
          query={events}
          failedText={t('failed')}
          offlineText={t('offline')}
          loader={<Loader size="sm" aria-label={t('loading')} />}
        />
      ) : null}
      {events.data?.truncated && !events.isPlaceholderData ? (
        <Alert color="yellow" data-testid="calendar-truncated">
          {t('truncated')}
        </Alert>
      ) : null}
      {empty && shown && !shown.view.startsWith('list') ? (
        <Alert color="gray" data-testid="calendar-empty">
          {t('empty')}
        </Alert>
      ) : null}
      {zoneReady ? (
        <CalendarGrid
          calendarRef={calendarRef}
          initialView={initialView}
          view={shown?.view ?? initialView}
          initialDate={initialDate ?? openedAt}
          now={fixedNow}
          zone={zone}
          events={list}
          selectable={canEdit}
          state={loaded ? 'ready' : missing ? 'failed' : 'loading'}
          emptyText={t('empty')}
          onShown={(next) =>
            setShown((prev) =>
              prev &&
              prev.from === next.from &&
              prev.to === next.to &&
              prev.title === next.title &&
              prev.view === next.view
                ? prev
                : next,
            )
          }
          onSelect={(range) => setForm({ mode: 'new', at: { now: clock(), range } })}
          onOpen={(event) => setSelectedId(event.id)}
        />
      ) : (
        <SectionLoader label={t('loading')} />
      )}
      <EventDetails
        key={selected?.id ?? 0}
        event={form ? null : selected}
        gridZone={zone}
        showSchool={schoolIds.size > 1}
        onClose={() => setSelectedId(null)}
        onEdit={(event) => setForm({ mode: 'edit', event })}
      />
      {canEdit ? (
        <EventFormDialog
          target={form}
          writer={writer}
          classesState={classes.data ? 'ready' : classes.isError ? 'failed' : 'loading'}
          gridZone={zone}
          onClose={() => setForm(null)}
          onSaved={onSaved}
        />
      ) : null}
    </Stack>
  );
}
