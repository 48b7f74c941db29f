// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MeResponse, SignUpDone, SignUpSchool } from '@ki/contracts';
import enAuth from '../../locales/en/auth.json';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enSignup from '../../locales/en/signup.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { SignUpPage } from './sign-up-page';

// The app's i18n setup downloads strings; here the test gives them to the same i18next.
vi.mock('../../lib/i18n', async () => {
  const { default: i18next } = await import('i18next');
  const { LANGUAGES } = await import('@ki/domain');
  return {
    i18next,
    isLanguage: (value: unknown) => (LANGUAGES as readonly unknown[]).includes(value),
    ownStrings: () => undefined,
  };
});

// The details' step (with the contract's schema) and the phone rules load on first use.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ signup: enSignup, auth: enAuth, common: enCommon, errors: enErrors }, 'en', 'common');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const AHMEDABAD: SignUpSchool = {
  name: 'Gyan Jyoti Vidyalaya, Ahmedabad',
  city: 'Ahmedabad',
  familiesPay: true,
  languages: ['en', 'gu', 'hi'],
  boards: [{ id: 2, name: 'Gujarat Secondary and Higher Secondary Education Board', grades: [5, 6, 7] }],
};

const CHILD: MeResponse = {
  user: {
    id: 578,
    role: 'student',
    isQa: false,
    firstName: 'Anaya',
    lastName: 'Shah',
    mobile: null,
    email: null,
    language: 'en',
    avatar: 'default',
  },
  school: { id: 2, name: AHMEDABAD.name, chainId: 1, isPace: false, languages: ['en', 'gu', 'hi'], products: [] },
  enrolment: { boardId: 2, boardName: AHMEDABAD.boards[0]!.name, grade: 6, section: 'A' },
  staff: { chainId: null, schoolIds: [], assignedGrades: [], assignedSubjectId: null, subjects: [] },
  onboarding: { needsLanguage: false, needsBoard: false, needsGrade: false },
  home: '/concepts',
  abilities: {} as MeResponse['abilities'],
  plan: { status: 'none', endsAt: null },
};

const STARTED = {
  challengeId: '0b7f9a56-3c1e-4b7a-9d0e-2f1a6c8e4b21',
  length: 4,
  expiresInSeconds: 300,
  resendAfterSeconds: 30,
};
const DONE: SignUpDone = { loginCode: '20260000000123', me: CHILD };

type Answer = { status: number; body: unknown };
const refusal = (status: number, code: string, details?: unknown): Answer => ({
  status,
  body: { code, message: code, ...(details === undefined ? {} : { details }) },
});

/** The server: nobody signed in, Ahmedabad's code known; the sign-up and its code answer as the test says. */
function stubServer({ start = [], verify = [] }: { start?: Answer[]; verify?: Answer[] } = {}) {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const reply = ({ status, body }: Answer) => new Response(JSON.stringify(body), { status });
      if ((init.method ?? 'GET') === 'GET') {
        if (url === '/api/v1/me') return reply(refusal(401, 'UNAUTHENTICATED'));
        if (url === '/api/v1/sign-up/schools/AHMD2026') return reply({ status: 200, body: AHMEDABAD });
        return reply(refusal(404, 'NOT_FOUND'));
      }
      posts.push({ url, body: JSON.parse(String(init.body)) });
      const queue = url.endsWith('/verify') ? verify : start;
      return reply(queue.shift() ?? { status: 200, body: url.endsWith('/verify') ? DONE : STARTED });
    }),
  );
  return posts;
}

function show(path = '/signup?code=AHMD2026') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/signup', element: <SignUpPage /> },
      { path: '/concepts', element: <p>The learner’s home</p> },
      { path: '/login', element: <p>Sign in</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { client, router };
}

/** The error message an input shows, read through its aria-describedby as a screen reader would. */
function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('') || null;
}

async function findSchool() {
  fireEvent.click(await screen.findByTestId('signup-code-continue'));
  // The details' step is its own chunk (the contract's schema): the first test imports it.
  await screen.findByTestId('signup-school', {}, { timeout: 10_000 });
}

function fillDetails({ grade = '6' }: { grade?: string } = {}) {
  fireEvent.change(screen.getByTestId('parent-name'), { target: { value: 'Meera' } });
  fireEvent.change(screen.getByTestId('parent-mobile'), { target: { value: '98123 40001' } });
  fireEvent.change(screen.getByTestId('child-first-name'), { target: { value: 'Anaya' } });
  fireEvent.change(screen.getByTestId('child-last-name'), { target: { value: 'Shah' } });
  fireEvent.change(screen.getByTestId('child-grade'), { target: { value: grade } });
  fireEvent.change(screen.getByTestId('child-password'), { target: { value: 'secret1' } });
  fireEvent.change(screen.getByTestId('child-password-repeat'), { target: { value: 'secret1' } });
  fireEvent.click(within(screen.getByTestId('consent-agree').closest('.mantine-Checkbox-root')!).getByRole('checkbox'));
}

async function typeOtp(code: string) {
  const boxes = within(await screen.findByTestId('signup-otp')).getAllByRole('textbox');
  code.split('').forEach((digit, i) => fireEvent.change(boxes[i]!, { target: { value: digit } }));
}

describe('SignUpPage', () => {
  it('finds the school of the code in the address and shows it, with the plan to buy where families pay', async () => {
    stubServer();
    show();
    expect(((await screen.findByTestId('signup-code')) as HTMLInputElement).value).toBe('AHMD2026');
    await findSchool();
    expect(screen.getByTestId('signup-school-name').textContent).toBe('Gyan Jyoti Vidyalaya, Ahmedabad');
    expect(screen.getByTestId('signup-school-city').textContent).toBe('Ahmedabad');
    expect(screen.getByTestId('signup-families-pay').textContent).toBe(enSignup.school.familiesPay);
    // The school's only board is chosen; the grade is the family's choice; languages in their own script.
    expect((screen.getByTestId('child-board') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByTestId('child-grade') as HTMLSelectElement).value).toBe('');
    const languages = [...(screen.getByTestId('child-language') as HTMLSelectElement).options].map((o) => o.text);
    expect(languages).toEqual(['English', 'ગુજરાતી', 'हिन्दी']);
    // The consent text in full, with its version.
    expect(screen.getByTestId('consent-text').textContent).toContain(enSignup.consent.rights);
    expect(screen.getByTestId('consent-version').textContent).toBe('Consent text 2026-11');
  });

  it('says so on the field when no school has the code', async () => {
    stubServer();
    show('/signup');
    fireEvent.change(await screen.findByTestId('signup-code'), { target: { value: 'NOPE2026' } });
    fireEvent.click(screen.getByTestId('signup-code-continue'));
    await waitFor(() => expect(errorOf(screen.getByTestId('signup-code'))).toBe(enSignup.code.notFound));
  });

  it('checks the form with the contract before sending: each missing answer on its field, and nothing sent', async () => {
    const posts = stubServer();
    show();
    await findSchool();
    fireEvent.change(screen.getByTestId('parent-mobile'), { target: { value: '12345' } });
    fireEvent.change(screen.getByTestId('child-password'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('signup-send'));
    await waitFor(() => expect(errorOf(screen.getByTestId('parent-name'))).toBe('Please enter your name'));
    expect(errorOf(screen.getByTestId('parent-mobile'))).toBe('Please enter a valid mobile number');
    expect(errorOf(screen.getByTestId('child-first-name'))).toBe('Please enter the child’s first name');
    expect(errorOf(screen.getByTestId('child-grade'))).toBe('Please select grade');
    expect(errorOf(screen.getByTestId('child-password'))).toBe('The password needs at least 6 characters');
    expect(errorOf(screen.getByTestId('child-password-repeat'))).toBe('The two passwords are not the same');
    expect(screen.getByText('Please agree as the child’s parent or guardian')).toBeTruthy();
    expect(posts).toEqual([]);
    // An answer edited loses its error; the others keep theirs.
    fireEvent.change(screen.getByTestId('parent-mobile'), { target: { value: '98123 40001' } });
    fireEvent.change(screen.getByTestId('parent-name'), { target: { value: 'Meera' } });
    expect(errorOf(screen.getByTestId('parent-mobile'))).toBeNull();
    expect(errorOf(screen.getByTestId('parent-name'))).toBeNull();
    expect(errorOf(screen.getByTestId('child-grade'))).toBe('Please select grade');
  });

  it('puts the field the server refuses on that field', async () => {
    const posts = stubServer({
      start: [
        refusal(400, 'VALIDATION_FAILED', {
          field: 'grade',
          issues: [{ in: 'body', path: 'grade', message: 'Please select Grade' }],
        }),
      ],
    });
    show();
    await findSchool();
    fillDetails();
    fireEvent.click(screen.getByTestId('signup-send'));
    await waitFor(() => expect(errorOf(screen.getByTestId('child-grade'))).toBe('Please select grade'));
    expect(errorOf(screen.getByTestId('parent-name'))).toBeNull();
    expect(posts).toEqual([
      {
        url: '/api/v1/sign-up',
        body: {
          schoolCode: 'AHMD2026',
          parentMobile: '+919812340001',
          parentFirstName: 'Meera',
          childFirstName: 'Anaya',
          childLastName: 'Shah',
          boardId: 2,
          grade: 6,
          language: 'en',
          password: 'secret1',
          consent: { agreed: true, textVersion: '2026-11' },
        },
      },
    ]);
  });

  it('takes the code from the parent’s phone, then shows the child’s sign-in code in fours and continues signed in', async () => {
    const posts = stubServer({ verify: [refusal(400, 'INCORRECT_OTP', { triesLeft: 4 })] });
    const { client, router } = show();
    await findSchool();
    fillDetails();
    fireEvent.click(screen.getByTestId('signup-send'));

    expect((await screen.findByTestId('signup-otp-sent')).textContent).toBe(
      'We sent a code to +919812340001. Enter it to agree and make the account.',
    );
    expect(screen.getByTestId('signup-title').textContent).toBe('Enter the code');
    expect(screen.getByTestId('signup-countdown').textContent).toBe('Resend OTP in 30 s');
    await typeOtp('1111');
    fireEvent.click(screen.getByTestId('signup-verify'));
    expect((await screen.findByTestId('signup-otp-error')).textContent).toBe('Incorrect OTP. Tries left: 4');

    await typeOtp('7028');
    fireEvent.click(screen.getByTestId('signup-verify'));
    expect((await screen.findByTestId('signup-login-code')).textContent).toBe('2026 0000 0001 23');
    expect(screen.getByTestId('signup-title').textContent).toBe('Account made for Anaya Shah');
    expect(screen.getByTestId('signup-done-texted').textContent).toBe(
      'We have also texted it to your phone. The password is the one you chose.',
    );
    expect(posts.filter((p) => p.url.endsWith('/verify')).map((p) => p.body)).toEqual([
      { challengeId: STARTED.challengeId, code: '1111' },
      { challengeId: STARTED.challengeId, code: '7028' },
    ]);
    // Signed in already: the app's session is the child's, and the code stays on screen until Continue.
    expect(client.getQueryData(['me'])).toEqual(CHILD);
    expect(router.state.location.pathname).toBe('/signup');

    fireEvent.click(screen.getByTestId('signup-continue'));
    expect(await screen.findByText('The learner’s home')).toBeTruthy();
  });

  it('sends the parent back to the number when it belongs to a student’s or staff account', async () => {
    stubServer({ verify: [refusal(409, 'MOBILE_NOT_A_PARENTS')] });
    show();
    await findSchool();
    fillDetails();
    fireEvent.click(screen.getByTestId('signup-send'));
    await typeOtp('7028');
    fireEvent.click(screen.getByTestId('signup-verify'));
    await waitFor(() => expect(errorOf(screen.getByTestId('parent-mobile'))).toBe(enSignup.errors.notParentsNumber));
    // What was typed is kept.
    expect((screen.getByTestId('child-first-name') as HTMLInputElement).value).toBe('Anaya');
    expect((screen.getByTestId('parent-mobile') as HTMLInputElement).value).toBe('98123 40001');
  });
});
