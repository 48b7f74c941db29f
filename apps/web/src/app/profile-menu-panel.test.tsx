// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Abilities, MeResponse, PlanAccess } from '@ki/contracts';
import enCommon from '../locales/en/common.json';
import enPages from '../locales/en/pages.json';
import { initTestI18n } from '../test-support/i18n';
import { stubMantineBrowser } from '../test-support/mantine-jsdom';
import ProfileMenuPanel from './profile-menu-panel';

// The page names come with their own module in the app (lib/page-names.ts); here the test gives them.
vi.mock('../lib/page-names', () => ({}));
vi.mock('../lib/logout', () => ({ logout: async () => undefined }));

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ common: enCommon, pages: enPages }, 'en', 'common');
});
afterEach(cleanup);

function me(role: MeResponse['user']['role'], plan: PlanAccess | null, abilities: Partial<Abilities> = {}): MeResponse {
  const learner = role === 'student';
  return {
    user: { id: 1, role, firstName: 'Kabir', lastName: 'Mehta' },
    home: learner ? '/concepts' : '/dashboard',
    abilities: { learn: learner, calendar: learner ? 'view' : 'edit', ...abilities },
    plan,
  } as unknown as MeResponse;
}

/** The header menu, opened: its entries' names. */
async function entries(user: MeResponse): Promise<string[]> {
  const router = createMemoryRouter([{ path: '/', element: <ProfileMenuPanel me={user} initiallyOpened /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');
}

describe('the header menu (access-and-app-shell.md 2.7a: profile, bookmark, leader board, subscribe, logout)', () => {
  it.each([
    ['never had a plan', { status: 'none', endsAt: null }],
    ['whose plan ended', { status: 'none', endsAt: '2026-11-12T06:30:00.000Z' }],
    ['whose plan runs', { status: 'active', endsAt: '2027-02-24T06:30:00.000Z' }],
  ] as const)('offers Subscribe, to /plans, to a student who %s', async (_, plan) => {
    expect(await entries(me('student', plan))).toEqual([
      'Profile',
      'Bookmarks',
      'Leaderboard',
      'Subscribe',
      'Calendar',
      'Log out',
    ]);
    expect(screen.getByTestId('menu-subscribe').getAttribute('href')).toBe('/plans');
  });

  it('has no Subscribe for a student whose school pays', async () => {
    expect(await entries(me('student', { status: 'school', endsAt: null }))).not.toContain('Subscribe');
  });

  it('has no Subscribe for staff, who have no plan', async () => {
    expect(await entries(me('teacher', null))).not.toContain('Subscribe');
  });
});
