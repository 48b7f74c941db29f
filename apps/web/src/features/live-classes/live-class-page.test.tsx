// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveAttendance, LiveList, LiveSession } from '@ki/contracts';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enLive from '../../locales/en/live.json';
import { copyText } from '../../lib/copy-text';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { LiveClassPage } from './live-class-page';
import { CLASS_VII, errorOf, me, programme, session, show, stubApi, type Call } from './test-api';

vi.mock('./strings', () => ({}));
// The app's "not on this device" part loads lazily with the whole i18n setup; here, its words only.
vi.mock('../../ui/offline-parts', () => import('../../test-support/offline-parts'));
vi.mock('../../lib/copy-text', () => ({ copyText: vi.fn(async () => true) }));

vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ live: enLive, common: enCommon, errors: enErrors }, 'en', 'common');
});
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

// Thursday 26 November 2026, 11:43:20 in India.
const NOW = Date.parse('2026-11-26T06:13:20.000Z');
const CLASSES = { classes: [CLASS_VII] };

/** A server holding the teacher's live classes: POST adds one, DELETE (the calendar's) takes one of them out. */
function liveServer(initial: Partial<LiveList>, routes: Record<string, unknown> = {}) {
  const list: LiveList = { classes: [], programmes: [], recent: [], ...initial };
  return stubApi({
    'GET /api/v1/assessments/classes': CLASSES,
    'GET /api/v1/live-classes': () => ({ status: 200, body: list }),
    'POST /api/v1/live-classes': (call: Call) => {
      const body = call.body as { name: string; start: string; end: string };
      const created = session(100, { ...body, status: 'live', open: true, canEdit: true, attendance: 0 });
      list.classes = [created, ...list.classes];
      return { status: 201, body: created };
    },
    ...Object.fromEntries(
      list.classes.map((c) => [
        `DELETE /api/v1/calendar/events/${c.id}`,
        () => {
          list.classes = list.classes.filter((other) => other.id !== c.id);
          return { status: 204 };
        },
      ]),
    ),
    ...routes,
  });
}

const open = () => show('/live-class', '/live-class', <LiveClassPage now={NOW} />, { me: me('teacher') });

describe('/live-class (staff)', () => {
  it('refuses an empty name in the contract’s words and asks for the teacher’s subject, sending nothing', async () => {
    const calls = liveServer({});
    open();
    const form = await screen.findByTestId('schedule-form');
    fireEvent.click(within(form).getByTestId('schedule-submit'));
    await waitFor(() =>
      expect(errorOf(within(form).getByTestId('schedule-name'))).toBe('Please enter a name for the live class'),
    );
    expect(errorOf(within(form).getByTestId('schedule-subject'))).toBe('Choose a subject');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('schedules a live class from now (rounded down to 5 minutes, in the school’s zone) with the chosen service, and lists it', async () => {
    const calls = liveServer({});
    open();
    const form = await screen.findByTestId('schedule-form');
    expect((within(form).getByTestId('schedule-class') as HTMLSelectElement).value).toBe('2:7');
    expect((within(form).getByTestId('schedule-date') as HTMLInputElement).value).toBe('2026-11-26');
    expect((within(form).getByTestId('schedule-time') as HTMLInputElement).value).toBe('11:40');
    expect(within(form).getByTestId('schedule-zone').textContent).toBe('Times are in India Standard Time.');
    expect(
      [...(within(form).getByTestId('schedule-duration') as HTMLSelectElement).options].map((o) => o.textContent),
    ).toEqual(['30 minutes', '45 minutes', '1 hour', '1 hour and 30 minutes', '2 hours']);
    fireEvent.change(within(form).getByTestId('schedule-subject'), { target: { value: '5' } });
    fireEvent.change(within(form).getByTestId('schedule-name'), { target: { value: 'Light and shadows' } });
    fireEvent.change(within(form).getByTestId('schedule-duration'), { target: { value: '60' } });
    fireEvent.click(within(form).getByLabelText('BigBlueButton'));
    fireEvent.click(within(form).getByTestId('schedule-submit'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toMatchObject([
        {
          method: 'POST',
          url: '/api/v1/live-classes',
          body: {
            name: 'Light and shadows',
            description: '',
            start: '2026-11-26T06:10:00.000Z',
            end: '2026-11-26T07:10:00.000Z',
            schoolId: 1,
            boardId: 2,
            grade: 7,
            subjectId: 5,
            provider: 'bigbluebutton',
          },
        },
      ]),
    );
    expect(await screen.findByText('Live class scheduled. Your students can see it now.')).toBeTruthy();
    const card = await within(screen.getByTestId('live-list-classes')).findByTestId('live-session');
    expect(within(card).getByTestId('session-name').textContent).toBe('Light and shadows');
    expect(within(card).getByTestId('session-subject').textContent).toBe('CBSE · Class VII · Science');
    expect(within(card).getByTestId('session-join').getAttribute('href')).toBe('/liveclass/3/1/room00000100/jitsi');
    expect(within(card).getByTestId('session-attendance').textContent).toBe('Attendance 0');
    // The form is ready for the next one.
    expect((within(form).getByTestId('schedule-name') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal above Schedule: a school without live classes', async () => {
    liveServer(
      {},
      {
        'POST /api/v1/live-classes': {
          status: 403,
          body: { code: 'LIVE_CLASSES_NOT_IN_PLAN', message: 'Your school does not have live classes' },
        },
      },
    );
    open();
    const form = await screen.findByTestId('schedule-form');
    fireEvent.change(within(form).getByTestId('schedule-subject'), { target: { value: '5' } });
    fireEvent.change(within(form).getByTestId('schedule-name'), { target: { value: 'Light and shadows' } });
    fireEvent.click(within(form).getByTestId('schedule-submit'));
    expect((await within(form).findByTestId('schedule-refusal')).textContent).toBe(
      'This school does not have live classes. Ask your school to add them to its plan.',
    );
  });

  it('copies a class’s link, deletes one after confirming (the calendar’s DELETE), and lists recent classes and programmes', async () => {
    const upcoming = session(1, { canEdit: true, attendance: 0 });
    const calls = liveServer({
      classes: [upcoming],
      recent: [session(2, { status: 'ended', attendance: 3 })],
      programmes: [programme(3)],
    });
    open();
    const card = await within(await screen.findByTestId('live-list-classes')).findByTestId('live-session');
    // Not open yet: no Join, but the link can be shared.
    expect(within(card).queryByTestId('session-join')).toBeNull();
    fireEvent.click(within(card).getByTestId('session-copy'));
    await waitFor(() =>
      expect(vi.mocked(copyText)).toHaveBeenCalledWith(`${window.location.origin}/liveclass/3/1/room00000001/jitsi`),
    );
    expect(await screen.findByText('Link copied. Share it with your students.')).toBeTruthy();
    expect(within(screen.getByTestId('live-list-recent')).getByTestId('session-attendance').textContent).toBe(
      'Attendance 3',
    );
    expect(within(screen.getByTestId('live-list-programmes')).getByTestId('session-by').textContent).toBe(
      'By DD Gyan Darshan',
    );

    fireEvent.click(within(card).getByTestId('session-delete'));
    expect(
      await screen.findByText('“Light and shadows (1)” will be removed for the students and from the calendar.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-no'));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(card).getByTestId('session-delete'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    expect(await screen.findByText('Live class deleted.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/v1/calendar/events/1']);
    await waitFor(() =>
      expect(screen.getByTestId('live-list-classes-empty').textContent).toBe('No live classes are scheduled.'),
    );
  });

  it('opens a class’s register: who joined and when, who did not, present of total', async () => {
    const register: LiveAttendance = {
      id: 2,
      name: 'Light and shadows (2)',
      students: [
        { id: 10, name: 'Aarav Patil', joinedAs: 'Aarav Patil', firstJoinedAt: '2026-11-26T06:31:00.000Z' },
        { id: 11, name: 'Isha Patil', joinedAs: 'Isha P', firstJoinedAt: '2026-11-26T06:35:00.000Z' },
        { id: 12, name: 'Kabir Mehta', joinedAs: null, firstJoinedAt: null },
      ],
      present: 2,
      total: 3,
    };
    const ended: LiveSession = session(2, { status: 'ended', attendance: 2 });
    liveServer({ recent: [ended] }, { 'GET /api/v1/live-classes/2/attendance': register });
    open();
    const recent = await screen.findByTestId('live-list-recent');
    fireEvent.click(within(recent).getByTestId('session-attendance'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Attendance: Light and shadows (2)')).toBeTruthy();
    expect((await within(dialog).findByTestId('attendance-summary')).textContent).toBe('2 of 3 present');
    const rows = within(dialog).getAllByTestId('attendance-row');
    expect(rows.map((r) => r.getAttribute('data-joined'))).toEqual(['yes', 'yes', 'no']);
    expect(within(rows[0]!).getByTestId('attendance-time').textContent).toMatch(/^Joined at 12:01\s*pm$/i);
    expect(within(rows[1]!).getByTestId('attendance-time').textContent).toMatch(/^Joined at 12:05\s*pm as “Isha P”$/i);
    expect(within(rows[2]!).getByText('Not joined')).toBeTruthy();
  });

  it('says the classes could not be loaded when the classes fail', async () => {
    liveServer({}, { 'GET /api/v1/assessments/classes': { status: 500, body: { code: 'INTERNAL', message: 'x' } } });
    open();
    expect((await screen.findByTestId('schedule-classes-failed')).textContent).toBe(
      'Your classes could not be loaded. Reload the page to try again.',
    );
  });
});
