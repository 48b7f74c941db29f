// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enClassrooms from '../../locales/en/classrooms.json';
import enCommon from '../../locales/en/common.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { ClassRoomsRoute } from './class-rooms-route';
import { klass, room, show, staff, stubApi } from './test-api';

vi.mock('./strings', () => ({}));
// The app's "not on this device" part loads lazily with the whole i18n setup; here, its words only.
vi.mock('../../ui/offline-parts', () => import('../../test-support/offline-parts'));

vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  stubMantineBrowser();
  // 26 November 2026, 12:00 in India: the fixtures' "today".
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T06:30:00.000Z'));
  await initTestI18n({ classrooms: enClassrooms, common: enCommon }, 'en', 'common');
});
afterAll(() => {
  vi.useRealTimers();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CLASSES = 'GET /api/v1/assessments/classes';
const ROOM = 'GET /api/v1/class-rooms/1/2/7/A';
const names = (testId: string) => screen.getAllByTestId(testId).map((e) => e.textContent);

describe('/class-rooms', () => {
  it('shows a card per grade and section, in Roman numerals, each opening its class room', async () => {
    stubApi({ [CLASSES]: { classes: [klass(6, ['A', 'B']), klass(7, ['A']), klass(8, [])] } });
    const { router } = show('/class-rooms', '/class-rooms', <ClassRoomsRoute />, { others: ['/class-rooms/*'] });
    await screen.findAllByTestId('class-card');
    // Grade VIII has no section with students yet: no room to open.
    expect(names('class-card-name')).toEqual(['Grade VI A', 'Grade VI B', 'Grade VII A']);
    expect(screen.getAllByTestId('class-card')[2]!.textContent).toContain('Pune Public School · CBSE');
    expect(screen.queryByTestId('class-rooms-school')).toBeNull();
    fireEvent.click(screen.getAllByTestId('class-card')[2]!);
    expect(router.state.location.pathname).toBe('/class-rooms/1/2/7/A');
  });

  it('groups the cards under their schools when there are several', async () => {
    stubApi({
      [CLASSES]: {
        classes: [
          klass(7, ['A']),
          klass(7, ['B'], { schoolId: 4, schoolName: 'Ahmedabad School', boardId: 9, boardName: 'GSEB' }),
        ],
      },
    });
    show('/class-rooms', '/class-rooms', <ClassRoomsRoute />);
    await screen.findAllByTestId('class-card');
    expect(names('class-rooms-school')).toEqual(['Pune Public School', 'Ahmedabad School']);
    const ahmedabad = screen.getByRole('list', { name: 'Ahmedabad School' });
    expect(within(ahmedabad).getByTestId('class-card').getAttribute('href')).toBe('/class-rooms/4/9/7/B');
  });

  it('says so when the caller has no classes, and when they could not be loaded', async () => {
    stubApi({ [CLASSES]: { classes: [] } });
    show('/class-rooms', '/class-rooms', <ClassRoomsRoute />);
    expect((await screen.findByTestId('class-rooms-empty')).textContent).toBe(enClassrooms.list.empty);
    cleanup();
    stubApi({ [CLASSES]: { status: 500, body: { code: 'INTERNAL', message: 'x' } } });
    show('/class-rooms', '/class-rooms', <ClassRoomsRoute />);
    expect((await screen.findByRole('alert')).textContent).toBe(enClassrooms.list.failed);
  });
});

describe('/class-rooms/{school}/{board}/{grade}/{section}', () => {
  const open = (path = '/class-rooms/1/2/7/A', me = staff()) =>
    show('/class-rooms/*', path, <ClassRoomsRoute />, {
      me,
      others: ['/class-rooms', '/student-detail', '/report-details', '/liveclass/*'],
    });

  it('heads the page with the class and lists its students, each linking to their dashboard', async () => {
    const calls = stubApi({ [ROOM]: room() });
    open();
    expect((await screen.findByTestId('class-room-title')).textContent).toBe('Grade VII A');
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/class-rooms/1/2/7/A']);
    expect(screen.getByText('Pune Public School · CBSE')).toBeTruthy();
    // The tests run in UTC: the school's times are India's, and the page says so.
    expect(screen.getByTestId('class-room-zone').textContent).toBe('Times are in India Standard Time.');
    expect(screen.getByTestId('students-count').textContent).toBe('3');
    expect(screen.getByTestId('students-total').textContent).toBe('3 students');
    // Name (with the last activity under it, shown on phones only), topics, knowledge currency, last active.
    const rows = screen.getAllByTestId('student-row').map((r) => {
      const [, topics, kc] = [...r.querySelectorAll('td')].map((td) => td.textContent);
      const cell = (id: string) => within(r).getByTestId(id).textContent;
      return [cell('student-name'), topics, kc, cell('student-last-active'), cell('student-last-active-phone')];
    });
    expect(rows).toEqual([
      ['Aarav Patil', '42', '1250', 'today', 'Last active: today'],
      ['Isha Patil', '0', '0', 'Not yet', 'Last active: Not yet'],
      ['Omkar Deshmukh', '17', '380', '2 days ago', 'Last active: 2 days ago'],
    ]);
    expect(screen.getAllByTestId('student-name')[0]!.getAttribute('href')).toBe(
      '/student-detail?studentId=10&grade=7&filter=day',
    );
  });

  it('filters the students by name, and says when no name matches', async () => {
    stubApi({ [ROOM]: room() });
    open();
    const search = await screen.findByLabelText('Search by name');
    fireEvent.change(search, { target: { value: 'patil' } });
    expect(names('student-name')).toEqual(['Aarav Patil', 'Isha Patil']);
    fireEvent.change(search, { target: { value: '  OMK desh ' } });
    expect(names('student-name')).toEqual(['Omkar Deshmukh']);
    fireEvent.change(search, { target: { value: 'Zara' } });
    expect(screen.queryAllByTestId('student-row')).toEqual([]);
    expect(screen.getByTestId('students-no-match').textContent).toBe('No student’s name matches “Zara”.');
  });

  it('shows names without links to a teacher who may not open students’ dashboards', async () => {
    stubApi({ [ROOM]: room() });
    open('/class-rooms/1/2/7/A', staff(false));
    const first = (await screen.findAllByTestId('student-name'))[0]!;
    expect(first.tagName).toBe('P');
  });

  it('lists the quizzes and tests with their status, times, who finished and the report of those opened', async () => {
    stubApi({ [ROOM]: room() });
    const { router } = open();
    fireEvent.click(await screen.findByTestId('tab-assignments'));
    expect(router.state.location.search).toBe('?tab=assignments');
    const [quiz, test] = screen.getAllByTestId('assignment');
    expect(within(quiz!).getByTestId('assignment-name').textContent).toBe('Integers check');
    expect(within(quiz!).getByTestId('assignment-status').textContent).toBe('Open');
    expect(quiz!.textContent).toContain('Quiz · Mathematics');
    expect(within(quiz!).getByTestId('assignment-when').textContent).toMatch(
      /^Sun,? 22 Nov,? 9:00\s?am\s?–\s?Sun,? 29 Nov,? 6:00\s?pm$/i,
    );
    expect(within(quiz!).getByTestId('assignment-finished').textContent).toBe('Finished by 2 of 3');
    expect(within(quiz!).getByTestId('assignment-report').getAttribute('href')).toBe('/report-details?assignment=31');
    expect(within(test!).getByTestId('assignment-status').textContent).toBe('Upcoming');
    expect(test!.textContent).toContain('Test · Mathematics');
    // Nothing to report before it opens.
    expect(within(test!).queryByTestId('assignment-report')).toBeNull();
  });

  it('lists a colleague’s quiz without the report link the reader may not open (a teacher of another subject)', async () => {
    const base = room().assignments[0]!;
    stubApi({ [ROOM]: room({ assignments: [{ ...base, subjectName: 'Science', reportOpen: false }] }) });
    open('/class-rooms/1/2/7/A?tab=assignments');
    const [quiz] = await screen.findAllByTestId('assignment');
    expect(quiz!.textContent).toContain('Quiz · Science');
    expect(within(quiz!).getByTestId('assignment-finished').textContent).toBe('Finished by 2 of 3');
    expect(within(quiz!).queryByTestId('assignment-report')).toBeNull();
  });

  it('lists what comes up, a live class with Join to its join page', async () => {
    stubApi({ [ROOM]: room() });
    open('/class-rooms/1/2/7/A?tab=upcoming');
    const [live, holiday] = await screen.findAllByTestId('upcoming-event');
    expect(within(live!).getByTestId('upcoming-name').textContent).toBe('Live maths class: fractions');
    expect(live!.textContent).toContain('Class · Mathematics');
    expect(within(live!).getByTestId('upcoming-when').textContent).toMatch(/^Fri,? 27 Nov,? 4:00\s?–\s?4:45\s?pm$/i);
    expect(within(live!).getByTestId('upcoming-join').getAttribute('href')).toBe('/liveclass/3/1/abcdef123456/jitsi');
    expect(within(live!).queryByTestId('upcoming-live')).toBeNull();
    expect(holiday!.textContent).toContain('Holiday');
    expect(within(holiday!).queryByTestId('upcoming-join')).toBeNull();
  });

  it('marks a live class under way as live now', async () => {
    const base = room().upcoming[0]!;
    stubApi({
      [ROOM]: room({ upcoming: [{ ...base, start: '2026-11-26T06:15:00.000Z', end: '2026-11-26T07:15:00.000Z' }] }),
    });
    open('/class-rooms/1/2/7/A?tab=upcoming');
    expect((await screen.findByTestId('upcoming-live')).textContent).toBe('Live now');
  });

  it('turns a live class live now when it starts while the page is open (within half a minute)', async () => {
    const base = room().upcoming[0]!;
    // It starts 20 s after the page opens (12:00:20 in India).
    stubApi({
      [ROOM]: room({ upcoming: [{ ...base, start: '2026-11-26T06:30:20.000Z', end: '2026-11-26T07:15:00.000Z' }] }),
    });
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-26T06:30:00.000Z'));
    try {
      open('/class-rooms/1/2/7/A?tab=upcoming');
      const [live] = await vi.waitFor(() => screen.getAllByTestId('upcoming-event'));
      expect(within(live!).queryByTestId('upcoming-live')).toBeNull();
      act(() => vi.advanceTimersByTime(30_000));
      expect(within(live!).getByTestId('upcoming-live').textContent).toBe('Live now');
    } finally {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-26T06:30:00.000Z'));
    }
  });

  it('says so when the class has no students, quizzes or events', async () => {
    stubApi({ [ROOM]: room({ students: [], assignments: [], upcoming: [] }) });
    const { router } = open();
    expect((await screen.findByTestId('students-empty')).textContent).toBe(enClassrooms.students.empty);
    fireEvent.click(screen.getByTestId('tab-assignments'));
    expect(screen.getByTestId('assignments-empty').textContent).toBe(enClassrooms.assignments.empty);
    fireEvent.click(screen.getByTestId('tab-upcoming'));
    expect(screen.getByTestId('upcoming-empty').textContent).toBe(enClassrooms.upcoming.empty);
    fireEvent.click(screen.getByTestId('tab-students'));
    expect(router.state.location.search).toBe('');
  });

  it('says a class that is not the caller’s (404) or an address naming no class is not theirs, with a way back', async () => {
    const calls = stubApi({ [ROOM]: { status: 404, body: { code: 'NOT_FOUND', message: 'Class room not found' } } });
    const { router } = open();
    const box = await screen.findByTestId('class-room-not-found');
    expect(box.textContent).toContain('This class is not yours or does not exist.');
    fireEvent.click(within(box).getByRole('link', { name: 'Go to your class rooms' }));
    expect(router.state.location.pathname).toBe('/class-rooms');
    cleanup();
    calls.length = 0;
    for (const path of [
      '/class-rooms/1/2/13/A',
      '/class-rooms/1/2/7',
      '/class-rooms/x/2/7/A',
      '/class-rooms/1/2/7/A/more',
    ]) {
      open(path);
      expect(screen.getByTestId('class-room-not-found')).toBeTruthy();
      cleanup();
    }
    // Nothing asked of the server for an address that names no class.
    expect(calls).toEqual([]);
  });

  it('says when the class could not be loaded', async () => {
    stubApi({ [ROOM]: { status: 500, body: { code: 'INTERNAL', message: 'x' } } });
    open();
    expect((await screen.findByRole('alert')).textContent).toBe(enClassrooms.room.failed);
  });
});
