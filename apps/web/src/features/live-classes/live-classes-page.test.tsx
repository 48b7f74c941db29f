// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveList } from '@ki/contracts';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enLearn from '../../locales/en/learn.json';
import enLive from '../../locales/en/live.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { LiveClassesPage } from './live-classes-page';
import { me, programme, session, show, stubApi } from './test-api';

// The live classes' strings come with their code in the app (strings.ts); here the test gives them.
vi.mock('./strings', () => ({}));
// The app's "not on this device" part loads lazily with the whole i18n setup; here, its words only.
vi.mock('../../ui/offline-parts', () => import('../../test-support/offline-parts'));

vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ live: enLive, learn: enLearn, common: enCommon, errors: enErrors }, 'en', 'common');
});
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const open = (list: LiveList | { status: number; body: unknown }) => {
  stubApi({ 'GET /api/v1/live-classes': list });
  show('/live-classes', '/live-classes', <LiveClassesPage />, { me: me('student') });
};

describe('/live-classes (students)', () => {
  it('lists the live classes (subject, teacher, time in the school’s zone, Live or Scheduled, Join now while open) and the programmes', async () => {
    open({
      classes: [
        session(1, { status: 'live', open: true, description: 'Bring a torch.' }),
        session(2, { start: '2026-11-27T04:30:00.000Z', end: '2026-11-27T05:30:00.000Z' }),
      ],
      programmes: [programme(3, { watchUrl: 'https://tv.example.org/science', status: 'live' })],
      recent: [],
    });
    const classes = await screen.findByTestId('live-list-classes');
    const [live, later] = within(classes).getAllByTestId('live-session');
    expect(within(live!).getByTestId('session-name').textContent).toBe('Light and shadows (1)');
    expect(within(live!).getByTestId('session-status').textContent).toBe('Live');
    expect(within(live!).getByTestId('session-subject').textContent).toBe('Science');
    expect(within(live!).getByTestId('session-by').textContent).toBe('Taken by Meera Joshi');
    expect(within(live!).getByTestId('session-when').textContent).toMatch(
      /^Thu, 26 Nov(,| at)? 12:00\s*–\s*12:45\s*pm$/i,
    );
    expect(within(live!).getByTestId('session-description').textContent).toBe('Bring a torch.');
    expect(within(live!).getByTestId('session-join').getAttribute('href')).toBe('/liveclass/3/1/room00000001/jitsi');
    expect(within(live!).getByTestId('session-join').textContent).toBe('Join now');
    // Not open yet: no Join, and when it opens.
    expect(within(later!).getByTestId('session-status').textContent).toBe('Scheduled');
    expect(within(later!).queryByTestId('session-join')).toBeNull();
    expect(within(later!).getByText('You can join from 10 minutes before the start.')).toBeTruthy();
    expect(within(later!).getByTestId('session-when').textContent).toMatch(/^Fri, 27 Nov/);

    const tv = within(screen.getByTestId('live-list-programmes')).getByTestId('live-session');
    expect(within(tv).getByTestId('session-by').textContent).toBe('By DD Gyan Darshan');
    expect(within(tv).getByTestId('session-status').textContent).toBe('Live');
    const watch = within(tv).getByTestId('session-watch');
    expect(watch.getAttribute('href')).toBe('https://tv.example.org/science');
    expect(watch.getAttribute('target')).toBe('_blank');
    expect(watch.getAttribute('rel')).toBe('noopener noreferrer');
    expect(watch.getAttribute('aria-label')).toBe('Watch (opens in a new tab)');
  });

  it('says when there is no live class and no live programme', async () => {
    open({ classes: [], programmes: [], recent: [] });
    expect((await screen.findByTestId('live-list-classes-empty')).textContent).toBe(
      'There is no live class right now.',
    );
    expect(screen.getByTestId('live-list-programmes-empty').textContent).toBe('There is no live programme right now.');
  });

  it('says the school has no live classes when the server says so', async () => {
    open({
      status: 403,
      body: { code: 'LIVE_CLASSES_NOT_IN_PLAN', message: 'Your school does not have live classes' },
    });
    expect((await screen.findByTestId('live-not-in-plan')).textContent).toBe('Your school does not have live classes.');
  });

  it('says the list could not be loaded on another failure', async () => {
    open({ status: 500, body: { code: 'INTERNAL', message: 'boom' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Live classes could not be loaded.');
  });
});
