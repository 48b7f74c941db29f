import FullCalendar, {
  type CalendarRef,
  type DatesSetInfo,
  type EventInput,
  type LocaleInput,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { useComputedColorScheme } from '@mantine/core';
import { useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent, CalendarEventType } from '@ki/contracts';
import { intlLocale } from '../../../lib/format-date';
import { isWholeDays, zonedDay } from '../calendar-time';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';

/** The views the toolbar switches between. */
export const VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek'] as const;
export type View = (typeof VIEWS)[number];

/** Each type's colour (Mantine's palette: white text on shade 7 and above reads at 4.5:1). */
export const TYPE_COLORS: Record<CalendarEventType, string> = {
  class: 'blue',
  test: 'red',
  holiday: 'green',
  meeting: 'violet',
  event: 'cyan',
  programme: 'grape',
};
const SHADE: Record<CalendarEventType, number> = { class: 7, test: 8, holiday: 8, meeting: 7, event: 9, programme: 7 };

/**
 * An event as FullCalendar draws it. Whole days of the grid's zone (a holiday) are drawn as all-day
 * events, on the days, not as a bar from midnight to midnight.
 */
function toGridEvent(event: CalendarEvent, zone: string): EventInput {
  const start = Date.parse(event.start);
  const end = Date.parse(event.end);
  const whole = isWholeDays(start, end, zone);
  return {
    id: String(event.id),
    title: event.name,
    ...(whole
      ? { allDay: true, start: zonedDay(start, zone), end: zonedDay(end, zone) }
      : { start: event.start, end: event.end }),
    color: `var(--mantine-color-${TYPE_COLORS[event.type]}-${SHADE[event.type]})`,
    contrastColor: '#fff',
    extendedProps: { event },
  };
}

/** What the grid shows: its range (the window of events to ask for), title and view. */
export interface Shown {
  from: string;
  to: string;
  title: string;
  view: View;
}

/**
 * The month, week, day and list views (FullCalendar 7, loaded only with this page). Dates and times
 * are written by Intl in the reader's language (the locale's code is the app's Intl locale, with
 * Western digits) and the grid's time zone, which FullCalendar 7 handles itself through Temporal.
 * The toolbar is the page's (Mantine, translated): the grid has none.
 */
export function CalendarGrid({
  calendarRef,
  initialView,
  view,
  initialDate,
  now,
  zone,
  events,
  selectable,
  state,
  emptyText,
  onShown,
  onSelect,
  onOpen,
}: {
  calendarRef: RefObject<CalendarRef | null>;
  initialView: View;
  /** The view shown now: the time grids scroll inside a fixed height, the others grow with the page. */
  view: View;
  initialDate: string | number;
  /** A fixed clock (tests); the device's when absent. */
  now: number | undefined;
  zone: string;
  events: readonly CalendarEvent[];
  selectable: boolean;
  /** The events' answer: a list view with none says it is loading, or that there are none (a failure is said above it). */
  state: 'loading' | 'failed' | 'ready';
  emptyText: string;
  onShown: (shown: Shown) => void;
  onSelect: (range: { start: number; end: number; allDay: boolean }) => void;
  onOpen: (event: CalendarEvent) => void;
}) {
  const { t, i18n } = useTranslation('calendar');
  const scheme = useComputedColorScheme('light');
  const language = i18n.resolvedLanguage;
  const gridEvents = useMemo(() => events.map((e) => toGridEvent(e, zone)), [events, zone]);
  const locale = useMemo<LocaleInput>(
    () => ({
      code: intlLocale(language),
      todayText: t('toolbar.today'),
      prevText: t('toolbar.previous'),
      nextText: t('toolbar.next'),
      monthText: t('toolbar.month'),
      weekTextLong: t('toolbar.week'),
      dayText: t('toolbar.day'),
      listText: t('toolbar.list'),
      allDayText: t('grid.allDay'),
      timedText: t('grid.timed'),
      moreLinkText: (count: number) => t('grid.more', { count }),
      moreLinkHint: t('grid.moreHint'),
      closeHint: t('grid.close'),
      eventsHint: t('grid.events'),
      noEventsText: emptyText,
    }),
    [t, language, emptyText],
  );

  return (
    <div className="calendar-grid" data-view={view} data-testid="calendar-grid">
      <FullCalendar
        ref={calendarRef}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicTheme]}
        initialView={initialView}
        initialDate={initialDate}
        now={now}
        timeZone={zone}
        locale={locale}
        colorScheme={scheme}
        headerToolbar={false}
        height={view.startsWith('timeGrid') ? 640 : 'auto'}
        scrollTime="08:00:00"
        nowIndicator
        dayMaxEvents
        eventInteractive
        eventTimeFormat={{ hour: 'numeric', minute: '2-digit' }}
        events={gridEvents as EventInput[]}
        selectable={selectable}
        selectLongPressDelay={400}
        noEventsContent={() =>
          state === 'loading' ? (
            <span>{t('loading')}</span>
          ) : state === 'ready' ? (
            <span data-testid="calendar-empty">{emptyText}</span>
          ) : null
        }
        datesSet={(info: DatesSetInfo) =>
          onShown({ from: info.startStr, to: info.endStr, title: info.view.title, view: info.view.type as View })
        }
        select={(info) => {
          onSelect({ start: info.start.valueOf(), end: info.end.valueOf(), allDay: info.allDay });
          calendarRef.current?.getApi().unselect();
        }}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          onOpen(info.event.extendedProps.event as CalendarEvent);
        }}
        eventDidMount={(info) => {
          info.el.setAttribute('data-testid', 'calendar-event');
        }}
      />
    </div>
  );
}
