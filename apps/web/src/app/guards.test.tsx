// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Abilities, MeResponse } from '@ki/contracts';
import enCommon from '../locales/en/common.json';
import { initTestI18n } from '../test-support/i18n';
import { CalendarUsersOnly, RequireOnboarded } from './guards';

beforeAll(() => initTestI18n({ common: enCommon }));
afterEach(cleanup);

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

function me(role: Role): MeResponse {
  return {
    user: { id: 1, role },
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
