// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Abilities, AssessmentClass, CalendarEvent, MeResponse } from '@ki/contracts';
import enCalendar from '../../locales/en/calendar.json';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { stubResizeObserver } from '../../test-support/resize-observer';
import { CalendarPage } from './calendar-page';

// The calendar's strings come with its code in the app (strings.ts); here the test gives them.
vi.mock('./strings', () => ({}));
// The app's "not on this device" part loads lazily with the whole i18n setup; here, its words only:
// offline, the page's offline text; else the page's failure text.
vi.mock('../../ui/offline-parts', () => ({
  NotOnDevice: ({ failedText, offlineText }: { failedText: string; offlineText?: string }) => (
    <div role="alert" data-testid="not-on-device">
      {navigator.onLine ? failedText : offlineText}
    </div>
  ),
}));

vi.setConfig({ testTimeout: 20_000 });

// A fixed clock: Thursday 26 November 2026, 11:40 in India. The phone-sized screen (matchMedia
// never matches) opens the week's list: Sunday 22 to Saturday 28 November.
const NOW = '2026-11-26T06:10:00.000Z';
const DAY = '2026-11-26';

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ calendar: enCalendar, common: enCommon, errors: enErrors }, 'en', 'common');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

function me(role: 'student' | 'teacher' | 'principal', abilities: Partial<Abilities> = {}): MeResponse {
  return {
    user: { id: role === 'student' ? 40 : 7, role, firstName: 'A', lastName: 'B', language: 'en' },
    abilities: { calendar: role === 'student' ? 'view' : 'edit', subjectSummaries: [], ...abilities },
  } as unknown as MeResponse;
}

const CLASS_VIII: AssessmentClass = {
  schoolId: 1,
  schoolName: 'Pune Public School',
  timeZone: 'Asia/Kolkata',
  boardId: 2,
  boardName: 'CBSE',
  grade: 8,
  sections: ['A', 'B'],
  subjects: [
    { id: 5, name: 'Science' },
    { id: 6, name: 'Maths' },
  ],
};

const event = (id: number, extra: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id,
  name: `Event ${id}`,
  description: '',
  start: '2026-11-26T04:30:00.000Z',
  end: '2026-11-26T05:30:00.000Z',
  defaultDuration: 60,
  schoolId: 1,
  schoolName: 'Pune Public School',
  timeZone: 'Asia/Kolkata',
  boardId: 2,
  boardName: 'CBSE',
  grade: 8,
  subjectId: null,
  subjectName: null,
  type: 'event',
  joinUrl: null,
  serviceName: null,
  hostName: null,
  liveClass: null,
  createdBy: { id: 7, name: 'Asha Rao' },
  canEdit: false,
  updatedAt: '2026-11-20T06:00:00.000Z',
  ...extra,
});

interface Call {
  method: string;
  url: string;
  body: unknown;
}
type Answer = { status: number; body?: unknown };
/** Answers each request from `routes` ("GET /api/v1/calendar/events" -> body, or a function of the call). */
function stubApi(routes: Record<string, unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const route = routes[`${call.method} ${url.split('?')[0]}`];
      if (route === undefined)
        return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'none' }), { status: 404 });
      const answer = typeof route === 'function' ? (route as (c: Call) => Answer)(call) : { status: 200, body: route };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

/**
 * A server holding events: GET answers those overlapping the window; POST adds one, PUT replaces
 * one whole, DELETE takes one out. `routes` answer the other requests (or override these).
 */
function calendarServer(initial: CalendarEvent[], routes: Record<string, unknown> = {}) {
  let events = [...initial];
  let nextId = 100;
  const saved = (id: number, call: Call) => event(id, { ...(call.body as Partial<CalendarEvent>), canEdit: true });
  return stubApi({
    'GET /api/v1/calendar/events': (call: Call) => {
      const query = new URL(call.url, 'http://localhost').searchParams;
      const from = Date.parse(query.get('from') ?? '');
      const to = Date.parse(query.get('to') ?? '');
      const inWindow = events.filter((e) => Date.parse(e.start) < to && Date.parse(e.end) > from);
      return { status: 200, body: { events: inWindow, truncated: false } };
    },
    'POST /api/v1/calendar/events': (call: Call) => {
      const created = saved(nextId++, call);
      events.push(created);
      return { status: 201, body: created };
    },
    ...Object.fromEntries(
      initial.flatMap((e) => [
        [
          `PUT /api/v1/calendar/events/${e.id}`,
          (call: Call) => {
            const replaced = saved(e.id, call);
            events = events.map((other) => (other.id === e.id ? replaced : other));
            return { status: 200, body: replaced };
          },
        ],
        [
          `DELETE /api/v1/calendar/events/${e.id}`,
          () => {
            events = events.filter((other) => other.id !== e.id);
            return { status: 204 };
          },
        ],
      ]),
    ),
    ...routes,
  });
}

function show(user: MeResponse) {
  stubResizeObserver();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], user);
  const router = createMemoryRouter([{ path: '/calendar', element: <CalendarPage now={NOW} initialDate={DAY} /> }], {
    initialEntries: ['/calendar'],
  });
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The grid's event with this name (the list view's row). */
const gridEvent = async (name: string) =>
  (await screen.findAllByTestId('calendar-event')).find((el) => el.textContent?.includes(name));

/** The message a form field shows under it (Mantine links it with aria-describedby). */
const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((el) => el?.id.endsWith('-error'))
    .map((el) => el?.textContent)
    .join(' ');

const change = (testId: string, value: string, within_: HTMLElement) =>
  fireEvent.change(within(within_).getByTestId(testId), { target: { value } });

describe('/calendar', () => {
  it('shows a student their events with their details, and no New event; an empty week says so', async () => {
    const calls = calendarServer([
      event(1, {
        name: 'Science test',
        type: 'test',
        subjectId: 5,
        subjectName: 'Science',
        description: 'Chapter 3: light.\nBring a pencil.',
        createdBy: { id: 7, name: 'Asha Rao' },
      }),
      event(2, {
        name: 'Live class: fractions',
        type: 'class',
        start: '2026-11-27T05:30:00.000Z',
        end: '2026-11-27T06:15:00.000Z',
        joinUrl: 'https://meet.example.org/maths-8',
        serviceName: 'jitsi',
        createdBy: { id: 8, name: 'Vikram Shah' },
      }),
      event(3, {
        name: 'Diwali holidays',
        type: 'holiday',
        boardId: null,
        boardName: null,
        grade: null,
        start: '2026-11-23T18:30:00.000Z',
        end: '2026-11-24T18:30:00.000Z',
      }),
    ]);
    show(me('student'));

    expect(await gridEvent('Science test')).toBeTruthy();
    expect(await gridEvent('Live class: fractions')).toBeTruthy();
    expect(await gridEvent('Diwali holidays')).toBeTruthy();
    expect(screen.getByTestId('calendar-title').textContent).toMatch(/22.*28 Nov.*2026/);
    expect(screen.queryByTestId('new-event')).toBeNull();
    // The week's window, in India's time zone.
    const asked = calls.find((c) => c.url.startsWith('/api/v1/calendar/events'))!;
    const query = new URL(asked.url, 'http://localhost').searchParams;
    expect([query.get('from'), query.get('to')]).toEqual(['2026-11-22T00:00:00+05:30', '2026-11-29T00:00:00+05:30']);

    // A test: its time in the school's zone, its class and subject, who added it; no changes for a student.
    fireEvent.click((await gridEvent('Science test'))!);
    const details = await screen.findByRole('dialog');
    expect(within(details).getByTestId('event-type').textContent).toBe('Test');
    expect(within(details).getByTestId('event-when').textContent).toContain('26 Nov');
    expect(within(details).getByTestId('event-when').textContent).toMatch(/10:00\s*–\s*11:00\s*am/i);
    expect(within(details).getByTestId('event-class').textContent).toBe('ForCBSE · Class VIII');
    expect(within(details).getByTestId('event-subject').textContent).toContain('Science');
    expect(within(details).getByTestId('event-by').textContent).toBe('Added byAsha Rao');
    expect(within(details).getByTestId('event-description').textContent).toContain('Bring a pencil.');
    expect(within(details).queryByTestId('event-join')).toBeNull();
    expect(within(details).queryByTestId('event-edit')).toBeNull();
    expect(within(details).queryByTestId('event-delete')).toBeNull();
    fireEvent.keyDown(details, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A live class: who takes it, and its join link in a new tab.
    fireEvent.click((await gridEvent('Live class: fractions'))!);
    const live = await screen.findByRole('dialog');
    expect(within(live).getByTestId('event-by').textContent).toBe('Taken byVikram Shah');
    const join = within(live).getByTestId('event-join');
    expect(join.textContent).toBe('Join on Jitsi Meet');
    expect(join.getAttribute('href')).toBe('https://meet.example.org/maths-8');
    expect(join.getAttribute('target')).toBe('_blank');
    expect(join.getAttribute('rel')).toContain('noopener');
    fireEvent.keyDown(live, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A holiday for the whole school, on its day.
    fireEvent.click((await gridEvent('Diwali holidays'))!);
    const holiday = await screen.findByRole('dialog');
    expect(within(holiday).getByTestId('event-class').textContent).toBe('ForWhole school');
    expect(within(holiday).getByTestId('event-when').textContent).toBe('WhenTue, 24 Nov, 2026');
    fireEvent.keyDown(holiday, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The next week has nothing.
    fireEvent.click(screen.getByTestId('calendar-next'));
    expect((await screen.findByTestId('calendar-empty')).textContent).toBe('No events on these dates.');
    expect(screen.getByTestId('calendar-title').textContent).toMatch(/29 Nov.*5 Dec.*2026/);
  });

  it('lets a teacher add an event: the contract’s messages on an empty name and an end before the start, then the exact POST, and the event shows', async () => {
    const calls = calendarServer([], { 'GET /api/v1/assessments/classes': { classes: [CLASS_VIII] } });
    // The teacher's assignment names subjects: one must be chosen.
    show(me('teacher', { subjectSummaries: [{ schoolId: 1, grade: 8, subjectId: 5 }] }));
    expect(await screen.findByTestId('calendar-empty')).toBeTruthy();

    fireEvent.click(screen.getByTestId('new-event'));
    const form = await screen.findByTestId('event-form');
    // One school, one class: both chosen already; the next full hour of India's clock, for an hour.
    expect(within(form).queryByTestId('form-school')).toBeNull();
    expect((within(form).getByTestId('form-class') as HTMLSelectElement).value).toBe('2:8');
    expect((within(form).getByTestId('form-start-date') as HTMLInputElement).value).toBe('2026-11-26');
    expect((within(form).getByTestId('form-start-time') as HTMLInputElement).value).toBe('12:00');
    expect((within(form).getByTestId('form-end-time') as HTMLInputElement).value).toBe('13:00');
    expect(within(form).getByTestId('form-zone').textContent).toBe('Times are in India Standard Time.');

    fireEvent.click(within(form).getByTestId('form-save'));
    expect(await within(form).findByText('Please enter a name for the event')).toBeTruthy();
    expect(errorOf(within(form).getByTestId('form-subject'))).toBe('Choose a subject');

    change('form-name', 'Science test', form);
    change('form-type', 'test', form);
    change('form-subject', '5', form);
    change('form-start-date', '2026-11-27', form);
    change('form-start-time', '10:00', form);
    expect((within(form).getByTestId('form-end-date') as HTMLInputElement).value).toBe('2026-11-27');
    expect((within(form).getByTestId('form-end-time') as HTMLInputElement).value).toBe('11:00');
    // An end before the start: the duration shows "Other", and saving is refused in the contract's words.
    change('form-end-time', '09:30', form);
    expect((within(form).getByTestId('form-duration') as HTMLSelectElement).value).toBe('');
    fireEvent.click(within(form).getByTestId('form-save'));
    expect(await within(form).findByText('The end must be after the start')).toBeTruthy();
    expect(within(form).queryByText('Please enter a name for the event')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    // Picking a duration sets the end from the start.
    change('form-duration', '45', form);
    expect((within(form).getByTestId('form-end-time') as HTMLInputElement).value).toBe('10:45');
    change('form-description', 'Chapter 3: light', form);
    fireEvent.click(within(form).getByTestId('form-save'));

    expect(await screen.findByText('Event added to the calendar.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/v1/calendar/events',
        body: {
          name: 'Science test',
          description: 'Chapter 3: light',
          start: '2026-11-27T04:30:00.000Z',
          end: '2026-11-27T05:15:00.000Z',
          defaultDuration: 45,
          schoolId: 1,
          boardId: 2,
          grade: 8,
          subjectId: 5,
          type: 'test',
          joinUrl: null,
          serviceName: null,
          hostName: null,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByTestId('event-form')).toBeNull());
    expect(await gridEvent('Science test')).toBeTruthy();
    expect(screen.queryByTestId('calendar-empty')).toBeNull();
  });

  it('shows the server’s refusal in the form, and a join link that is not https in the contract’s words', async () => {
    const calls = calendarServer([], {
      'GET /api/v1/assessments/classes': { classes: [CLASS_VIII] },
      'POST /api/v1/calendar/events': () => ({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'You can add events only for the classes and subjects you teach' },
      }),
    });
    // An assignment covering every subject of grade VIII: the subject may be left out.
    show(me('teacher', { subjectSummaries: [{ schoolId: 1, grade: 8, subjectId: null }] }));
    fireEvent.click(await screen.findByTestId('new-event'));
    const form = await screen.findByTestId('event-form');
    expect((within(form).getByTestId('form-subject') as HTMLSelectElement).value).toBe('');
    expect(within(form).getByTestId('form-subject').textContent).toContain('All subjects');
    change('form-name', 'Parents’ meeting', form);
    change('form-join-url', 'http://meet.example.org/room', form);
    fireEvent.click(within(form).getByTestId('form-save'));
    expect(await within(form).findByText('The join link must start with https://')).toBeTruthy();

    change('form-join-url', 'https://meet.example.org/room', form);
    change('form-provider', 'bigbluebutton', form);
    fireEvent.click(within(form).getByTestId('form-save'));
    expect((await within(form).findByTestId('form-refusal')).textContent).toBe(
      'You can add events only for the classes and subjects you teach',
    );
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      subjectId: null,
      joinUrl: 'https://meet.example.org/room',
      serviceName: 'bigbluebutton',
    });
  });

  it('lets a principal edit an event whole and delete one after confirming', async () => {
    const calls = calendarServer(
      [
        event(11, {
          name: 'Sports day',
          boardId: null,
          boardName: null,
          grade: null,
          start: '2026-11-27T03:30:00.000Z',
          end: '2026-11-27T07:30:00.000Z',
          description: 'On the big ground',
          canEdit: true,
        }),
        event(12, { name: 'Staff meeting', type: 'meeting', canEdit: true }),
        event(13, { name: 'Someone else’s test', type: 'test', canEdit: false }),
      ],
      // Principals are offered no subjects (the server lists them for teachers only).
      { 'GET /api/v1/assessments/classes': { classes: [{ ...CLASS_VIII, subjects: [] }] } },
    );
    show(me('principal'));

    fireEvent.click((await gridEvent('Sports day'))!);
    const details = await screen.findByRole('dialog');
    fireEvent.click(within(details).getByTestId('event-edit'));
    const form = await screen.findByTestId('event-form');
    expect((within(form).getByTestId('form-name') as HTMLInputElement).value).toBe('Sports day');
    expect((within(form).getByTestId('form-class') as HTMLSelectElement).value).toBe('school');
    expect(within(form).getByTestId('form-class').textContent).toContain('Whole school');
    expect(within(form).getByTestId('form-class').textContent).toContain('CBSE · Class VIII');
    expect(within(form).queryByTestId('form-subject')).toBeNull();
    expect((within(form).getByTestId('form-start-time') as HTMLInputElement).value).toBe('09:00');
    expect((within(form).getByTestId('form-end-time') as HTMLInputElement).value).toBe('13:00');
    // Four hours is not among the durations: "Other".
    expect((within(form).getByTestId('form-duration') as HTMLSelectElement).value).toBe('');

    change('form-name', 'Annual sports day', form);
    change('form-class', '2:8', form);
    change('form-end-time', '12:00', form);
    expect((within(form).getByTestId('form-duration') as HTMLSelectElement).value).toBe('180');
    fireEvent.click(within(form).getByTestId('form-save'));
    expect(await screen.findByText('Event saved.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/calendar/events/11',
        body: {
          name: 'Annual sports day',
          description: 'On the big ground',
          start: '2026-11-27T03:30:00.000Z',
          end: '2026-11-27T06:30:00.000Z',
          defaultDuration: 60,
          schoolId: 1,
          boardId: 2,
          grade: 8,
          subjectId: null,
          type: 'event',
          joinUrl: null,
          serviceName: null,
          hostName: null,
        },
      },
    ]);
    expect(await gridEvent('Annual sports day')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // An event the principal may not change has no Edit or Delete.
    fireEvent.click((await gridEvent('Someone else’s test'))!);
    const other = await screen.findByRole('dialog');
    expect(within(other).queryByTestId('event-edit')).toBeNull();
    fireEvent.keyDown(other, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Delete asks first; No keeps the event.
    fireEvent.click((await gridEvent('Staff meeting'))!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('event-delete'));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this event?' });
    expect(confirm.textContent).toContain(
      '“Staff meeting” will be removed from the calendar for everyone who sees it.',
    );
    fireEvent.click(within(confirm).getByTestId('confirm-no'));
    expect(await screen.findByTestId('event-delete')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByTestId('event-delete'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this event?' })).getByTestId('confirm-yes'),
    );
    expect(await screen.findByText('Event deleted.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/v1/calendar/events/12']);
    await waitFor(() =>
      expect(screen.getAllByTestId('calendar-event').some((e) => e.textContent?.includes('Staff meeting'))).toBe(false),
    );
  });

  it('makes a private calendar link, shows it once with the calendar app’s link, and turns it off', async () => {
    let status = { active: false, createdAt: null as string | null };
    const calls = calendarServer([], {
      'GET /api/v1/calendar/feed': () => ({ status: 200, body: status }),
      'POST /api/v1/calendar/feed': () => {
        status = { active: true, createdAt: '2026-11-26T06:10:00.000Z' };
        return {
          status: 201,
          body: {
            url: 'https://ki.example.org/api/v1/calendar/feed/abc.ics',
            webcalUrl: 'webcal://ki.example.org/api/v1/calendar/feed/abc.ics',
          },
        };
      },
      'DELETE /api/v1/calendar/feed': () => {
        status = { active: false, createdAt: null };
        return { status: 204 };
      },
    });
    show(me('student'));
    fireEvent.click(await screen.findByTestId('feed-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Add to phone calendar' });
    expect(dialog.textContent).toContain('Make a private link that puts these events in your phone’s calendar app');
    expect((await within(dialog).findByTestId('feed-status')).textContent).toBe('You have no private link yet.');
    expect(within(dialog).queryByTestId('feed-turn-off')).toBeNull();

    fireEvent.click(within(dialog).getByTestId('feed-make'));
    const link = await within(dialog).findByTestId('feed-link');
    expect((within(link).getByTestId('share-url') as HTMLInputElement).value).toBe(
      'https://ki.example.org/api/v1/calendar/feed/abc.ics',
    );
    expect(within(link).getByTestId('feed-webcal').getAttribute('href')).toBe(
      'webcal://ki.example.org/api/v1/calendar/feed/abc.ics',
    );
    await waitFor(() =>
      expect(within(dialog).getByTestId('feed-status').textContent).toBe(
        'Your private link is on (made on 26 Nov 2026).',
      ),
    );
    expect(within(dialog).getByTestId('feed-make').textContent).toBe('Make a new link');

    fireEvent.click(within(dialog).getByTestId('feed-turn-off'));
    expect(await screen.findByText('The link is off: your phone will stop getting these events.')).toBeTruthy();
    expect(within(dialog).getByTestId('feed-status').textContent).toBe('You have no private link yet.');
    expect(within(dialog).queryByTestId('feed-link')).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/v1/calendar/feed')).map((c) => c.method)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'DELETE']),
    );
  });

  it('says why there are no events: the server’s failure, or being offline, and still shows the calendar', async () => {
    calendarServer([], {
      'GET /api/v1/calendar/events': () => ({ status: 500, body: { code: 'INTERNAL', message: 'boom' } }),
    });
    show(me('student'));
    expect((await screen.findByTestId('not-on-device')).textContent).toBe('The calendar could not be loaded.');
    expect(screen.getByTestId('calendar-grid')).toBeTruthy();
    expect(screen.queryByTestId('calendar-empty')).toBeNull();
    cleanup();

    // Offline: the request waits for the network, and the page says so.
    calendarServer([event(1)]);
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    onlineManager.setOnline(false);
    show(me('student'));
    expect((await screen.findByTestId('not-on-device')).textContent).toBe(
      'You are offline. Connect to the internet to see the calendar.',
    );
    expect(screen.queryByTestId('calendar-event')).toBeNull();
  });
});
