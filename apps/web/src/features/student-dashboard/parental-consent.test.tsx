// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ParentalConsent, StudentPrivacy } from '@ki/contracts';
import enSignup from '../../locales/en/signup.json';
import enStudent from '../../locales/en/student.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { DataRightsPanel } from './data-rights';

// The sign-up strings come with their code in the app (lib/signup-strings.ts); here the test gives them.
vi.mock('../../lib/signup-strings', () => ({}));

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ student: enStudent, signup: enSignup }, 'en', 'student');
});
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const GIVEN: ParentalConsent = {
  givenAt: '2026-11-20T09:00:00.000Z',
  givenBy: 'Meera',
  mobile: '+91 ••••• •0001',
  textVersion: '2026-11',
  withdrawnAt: null,
  canWithdraw: true,
  canGiveAgain: false,
};
const WITHDRAWN: ParentalConsent = {
  ...GIVEN,
  withdrawnAt: '2026-11-26T06:30:00.000Z',
  canWithdraw: false,
  canGiveAgain: true,
};

const privacy = (consent: ParentalConsent | null, p: Partial<StudentPrivacy> = {}): StudentPrivacy => ({
  canExport: true,
  canRequestErasure: true,
  canErase: false,
  requests: [],
  consent,
  ...p,
});

/** The server: GET /privacy answers the state; the consent routes change it as the server would. */
function stubServer(initial: StudentPrivacy) {
  const posts: { url: string; body: unknown }[] = [];
  const state = { privacy: initial };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        state.privacy = privacy(
          url.endsWith('/withdraw') ? WITHDRAWN : { ...GIVEN, givenAt: '2026-11-27T09:00:00.000Z' },
        );
      }
      return new Response(JSON.stringify(state.privacy), { status: 200 });
    }),
  );
  return posts;
}

function show() {
  const router = createMemoryRouter(
    [
      {
        path: '/parent/dashboard',
        element: <DataRightsPanel studentId={578} studentName="Anaya Shah" timeZone="Asia/Kolkata" viewer="parent" />,
      },
    ],
    { initialEntries: ['/parent/dashboard'] },
  );
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('DataRightsPanel: the parent’s consent', () => {
  it('says who gave consent, when and to which text; withdrawing asks first, then calls the route and says what follows', async () => {
    const posts = stubServer(privacy(GIVEN));
    show();
    expect((await screen.findByTestId('consent-given')).textContent).toBe(
      'Given by Meera (+91 ••••• •0001) on 20 Nov 2026 — consent text 2026-11',
    );
    expect(screen.queryByTestId('give-consent')).toBeNull();

    fireEvent.click(screen.getByTestId('withdraw-consent'));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your consent?' });
    expect(within(dialog).getByText(/^Anaya Shah will be signed out at once and cannot sign in or play/)).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('withdraw-consent-confirm'));

    expect(await screen.findByText('Consent withdrawn. Anaya Shah has been signed out.')).toBeTruthy();
    expect(posts).toEqual([{ url: '/api/v1/students/578/consent/withdraw', body: {} }]);
    // The panel shows the answer: withdrawn, and the way back.
    expect((await screen.findByTestId('consent-withdrawn')).textContent).toBe(
      'Withdrawn on 26 Nov 2026. Anaya Shah cannot sign in or play. You can download the records or ask the school to erase them below, or give consent again.',
    );
    expect(screen.queryByTestId('withdraw-consent')).toBeNull();
    expect(screen.getByTestId('give-consent')).toBeTruthy();
    expect(screen.getByTestId('download-records')).toBeTruthy();
  });

  it('a withdrawal cancelled sends nothing', async () => {
    const posts = stubServer(privacy(GIVEN));
    show();
    fireEvent.click(await screen.findByTestId('withdraw-consent'));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your consent?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
  });

  it('giving consent again shows the consent text and needs the box ticked before it sends', async () => {
    const posts = stubServer(privacy(WITHDRAWN));
    show();
    fireEvent.click(await screen.findByTestId('give-consent'));
    const dialog = await screen.findByRole('dialog', { name: 'Give your consent again' });
    expect(within(dialog).getByTestId('consent-text').textContent).toContain(enSignup.consent.intro);
    expect(within(dialog).getByTestId('consent-version').textContent).toBe('Consent text 2026-11');

    fireEvent.click(within(dialog).getByTestId('give-consent-send'));
    expect(await within(dialog).findByText('Please tick the box to agree.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(posts).toEqual([]);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: enSignup.consent.agree }));
    expect(within(dialog).queryByText('Please tick the box to agree.')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('give-consent-send'));
    expect(await screen.findByText('Consent given. Anaya Shah can sign in again.')).toBeTruthy();
    expect(posts).toEqual([{ url: '/api/v1/students/578/consent', body: { agreed: true, textVersion: '2026-11' } }]);
    await waitFor(() => expect(screen.queryByTestId('consent-withdrawn')).toBeNull());
    expect(screen.getByTestId('consent-given').textContent).toContain('on 27 Nov 2026');
    expect(screen.getByTestId('withdraw-consent')).toBeTruthy();
  });

  it('shows no consent for an account the school made, and no buttons to one the server gives none', async () => {
    stubServer(privacy(null));
    show();
    expect(await screen.findByTestId('download-records')).toBeTruthy();
    expect(screen.queryByTestId('parental-consent')).toBeNull();
    cleanup();

    stubServer(privacy({ ...GIVEN, canWithdraw: false }, { canExport: false, canRequestErasure: false }));
    show();
    expect(await screen.findByTestId('consent-given')).toBeTruthy();
    expect(screen.queryByTestId('withdraw-consent')).toBeNull();
    expect(screen.queryByTestId('give-consent')).toBeNull();
  });
});
