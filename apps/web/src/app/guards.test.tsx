// @vitest-environment jsdom
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Abilities, MeResponse, PlanAccess } from '@ki/contracts';
import enCommon from '../locales/en/common.json';
import { initTestI18n } from '../test-support/i18n';
import { CalendarUsersOnly, RequireOnboarded, RequirePlan, RequireProduct, StaffOnly, StudentsOnly } from './guards';

beforeAll(() => initTestI18n({ common: enCommon }));
afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

type Role = MeResponse['user']['role'];
const CALENDAR: Record<Role, Abilities['calendar']> = {
  student: 'view',
  parent: 'view',
  teacher: 'edit',
  principal: 'edit',
  superadmin: 'edit',
  content_editor: 'none',
  content_approver: 'none',
};

function me(
  role: Role,
  plan: PlanAccess | null = role === 'student' ? { status: 'school', endsAt: null } : null,
): MeResponse {
  return {
    user: { id: 1, role },
    plan,
    home: role === 'parent' ? '/parent/dashboard' : '/concepts',
    onboarding: { needsLanguage: false, needsBoard: false, needsGrade: false },
    abilities: {
      calendar: CALENDAR[role],
      dashboard: role === 'parent' ? 'children' : role === 'student' ? 'student' : 'school',
    },
  } as unknown as MeResponse;
}

/** /calendar behind the app's guards (app/router.tsx): where does this user land? */
async function landing(role: Role): Promise<string> {
  const client = new QueryClient();
  client.setQueryData(['me'], me(role));
  const router = createMemoryRouter(
    [
      {
        element: <RequireOnboarded />,
        children: [
          {
            element: <CalendarUsersOnly />,
            children: [{ path: '/calendar', element: <p data-testid="page">calendar</p> }],
          },
          { path: '/concepts', element: <p data-testid="page">concepts</p> },
          { path: '/parent/dashboard', element: <p data-testid="page">children</p> },
        ],
      },
    ],
    { initialEntries: ['/calendar'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return (await screen.findByTestId('page')).textContent ?? '';
}

describe('/calendar’s guards', () => {
  it.each(['student', 'parent', 'teacher', 'principal', 'superadmin'] as const)('lets a %s in', async (role) => {
    expect(await landing(role)).toBe('calendar');
  });

  it.each(['content_editor', 'content_approver'] as const)('sends a %s home: they have no calendar', async (role) => {
    expect(await landing(role)).toBe('concepts');
  });
});

/** A path behind the learner pages' guards (app/router.tsx), /plans among them: where does this user land? */
async function learnerLanding(user: MeResponse, path: string): Promise<string> {
  cleanup();
  const client = new QueryClient();
  client.setQueryData(['me'], user);
  const page = (name: string) => <p data-testid="page">{name}</p>;
  const router = createMemoryRouter(
    [
      {
        element: <RequireOnboarded />,
        children: [
          {
            element: <RequirePlan />,
            children: [
              { path: '/concepts', element: page('concepts') },
              { path: '/science/chapters', element: page('chapters') },
              { path: '/dashboard', element: page('dashboard') },
              { path: '/profile', element: page('profile') },
              { path: '/calendar', element: page('calendar') },
              { element: <StudentsOnly />, children: [{ path: '/plans', element: page('plans') }] },
            ],
          },
          { path: '/parent/dashboard', element: page('children') },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return (await screen.findByTestId('page')).textContent ?? '';
}

const NEVER: PlanAccess = { status: 'none', endsAt: null };
const ENDED: PlanAccess = { status: 'none', endsAt: '2026-11-12T18:30:00.000Z' };
const ACTIVE: PlanAccess = { status: 'active', endsAt: '2027-02-24T18:30:00.000Z' };

describe('the subscription check (access-and-app-shell.md 4.7)', () => {
  it.each([
    ['/concepts', NEVER],
    ['/science/chapters', NEVER],
    ['/dashboard', ENDED],
  ])('online, sends a student without a running plan from %s to /plans', async (path, plan) => {
    expect(await learnerLanding(me('student', plan), path)).toBe('plans');
  });

  it.each(['/profile', '/calendar', '/plans'])('online, lets a student without a plan open %s', async (path) => {
    expect(await learnerLanding(me('student', ENDED), path)).toBe(path.slice(1));
  });

  it('offline, renders the page for a student without a plan (the offline notice says why it may be old)', async () => {
    onlineManager.setOnline(false);
    expect(await learnerLanding(me('student', NEVER), '/concepts')).toBe('concepts');
    expect(await learnerLanding(me('student', ENDED), '/science/chapters')).toBe('chapters');
  });

  it.each([
    ['school pays', { status: 'school', endsAt: null }],
    ['plan running', ACTIVE],
  ] as const)('lets a student whose %s in', async (_, plan) => {
    expect(await learnerLanding(me('student', plan), '/concepts')).toBe('concepts');
    expect(await learnerLanding(me('student', plan), '/plans')).toBe('plans');
  });

  it.each(['teacher', 'principal', 'content_editor'] as const)('lets a %s (no plan of their own) in', async (role) => {
    expect(await learnerLanding(me(role), '/concepts')).toBe('concepts');
  });

  it.each(['teacher', 'content_editor'] as const)('sends a %s from /plans home: plans are students’', async (role) => {
    expect(await learnerLanding(me(role), '/plans')).toBe('concepts');
  });

  it('sends a parent from /plans to their children’s dashboards', async () => {
    expect(await learnerLanding(me('parent'), '/plans')).toBe('children');
  });
});

/** Doubts (issue #26) behind the guards app/router.tsx puts them under: where does this user land? */
async function doubtsLanding(role: Role, path: string): Promise<string> {
  cleanup();
  const client = new QueryClient();
  client.setQueryData(['me'], me(role));
  const page = (name: string) => <p data-testid="page">{name}</p>;
  const router = createMemoryRouter(
    [
      {
        element: <StaffOnly />,
        children: [
          { path: '/doubts', element: page('doubts') },
          { path: '/doubts/*', element: page('doubts') },
        ],
      },
      {
        element: <RequireOnboarded />,
        children: [
          {
            element: <RequirePlan />,
            children: [
              { path: '/concepts', element: page('concepts') },
              { element: <StudentsOnly />, children: [{ path: '/ask-doubts', element: page('ask-doubts') }] },
            ],
          },
        ],
      },
      { path: '/parent/dashboard', element: page('children') },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return (await screen.findByTestId('page')).textContent ?? '';
}

describe('doubts (access-and-app-shell.md 2.1: /doubts and /doubts/* for staff, /ask-doubts for students)', () => {
  it('lets a student ask at /ask-doubts', async () => {
    expect(await doubtsLanding('student', '/ask-doubts')).toBe('ask-doubts');
  });

  it.each(['teacher', 'principal', 'superadmin', 'content_editor'] as const)(
    'sends a %s from /ask-doubts home: asking is students’',
    async (role) => {
      expect(await doubtsLanding(role, '/ask-doubts')).toBe('concepts');
    },
  );

  it('sends a parent from /ask-doubts to their children’s dashboards', async () => {
    expect(await doubtsLanding('parent', '/ask-doubts')).toBe('children');
  });

  it.each(['teacher', 'principal', 'superadmin'] as const)('lets a %s open /doubts and /doubts/*', async (role) => {
    expect(await doubtsLanding(role, '/doubts')).toBe('doubts');
    expect(await doubtsLanding(role, '/doubts/12')).toBe('doubts');
  });

  it.each(['/doubts', '/doubts/12'])('turns a student typing %s away to the concepts page', async (path) => {
    expect(await doubtsLanding('student', path)).toBe('concepts');
  });
});

/** Live classes (issue #26) behind the guards app/router.tsx puts them under: where does this user land? */
async function liveLanding(user: MeResponse, path: string): Promise<string> {
  cleanup();
  const client = new QueryClient();
  client.setQueryData(['me'], user);
  const page = (name: string) => <p data-testid="page">{name}</p>;
  const router = createMemoryRouter(
    [
      {
        element: <StaffOnly />,
        children: ['/live-class', '/scholarship', '/testdash'].map((p) => ({ path: p, element: page(p.slice(1)) })),
      },
      {
        element: <RequireOnboarded />,
        children: [
          {
            element: <RequirePlan />,
            children: [
              { path: '/concepts', element: page('concepts') },
              {
                element: <RequireProduct product="liveclasses" />,
                children: [{ path: '/live-classes', element: page('live-classes') }],
              },
              { path: '/liveclass/:chainId/:schoolId/:room/:provider?', element: page('join') },
              { path: '/pace/liveclass/:schoolId/:room', element: page('join') },
              ...['/tutor-chat', '/latex'].map((p) => ({ path: p, element: page(p.slice(1)) })),
            ],
          },
          { path: '/parent/dashboard', element: page('children') },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return (await screen.findByTestId('page')).textContent ?? '';
}

const withProducts = (user: MeResponse, products: string[]): MeResponse => ({
  ...user,
  school: { id: 1, name: 'S', chainId: 1, isPace: false, languages: ['en'], products },
});

describe('live classes (access-and-app-shell.md 2.1, 4.4, 6)', () => {
  it('lets a student of a school with the liveclasses product open /live-classes, and redirects one without it', async () => {
    expect(await liveLanding(withProducts(me('student'), ['liveclasses']), '/live-classes')).toBe('live-classes');
    expect(await liveLanding(withProducts(me('student'), []), '/live-classes')).toBe('concepts');
    expect(await liveLanding(me('student'), '/live-classes')).toBe('concepts');
  });

  it.each(['/liveclass/3/1/abcdefgh2345/jitsi', '/liveclass/3/1/abcdefgh2345', '/pace/liveclass/1/abcdefgh2345'])(
    'opens the join page at %s for students and staff, not parents',
    async (path) => {
      expect(await liveLanding(me('student'), path)).toBe('join');
      expect(await liveLanding(me('teacher'), path)).toBe('join');
      expect(await liveLanding(me('parent'), path)).toBe('children');
    },
  );

  it.each(['teacher', 'principal', 'superadmin'] as const)(
    'lets a %s open /live-class, /scholarship and /testdash',
    async (role) => {
      for (const path of ['/live-class', '/scholarship', '/testdash'])
        expect(await liveLanding(me(role), path)).toBe(path.slice(1));
    },
  );

  it('turns a student away from the teacher routes /live-class and /scholarship', async () => {
    expect(await liveLanding(me('student'), '/live-class')).toBe('concepts');
    expect(await liveLanding(me('student'), '/scholarship')).toBe('concepts');
  });

  it('opens /tutor-chat and /latex for any signed-in learner or member of staff', async () => {
    for (const role of ['student', 'teacher'] as const) {
      expect(await liveLanding(me(role), '/tutor-chat')).toBe('tutor-chat');
      expect(await liveLanding(me(role), '/latex')).toBe('latex');
    }
  });
});
