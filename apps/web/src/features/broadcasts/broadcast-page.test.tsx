// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { notifications, Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MeResponse, MySchoolsResponse, SchoolBroadcasts, StaffBroadcast } from '@ki/contracts';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enNotices from '../../locales/en/notices.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { BroadcastPage } from './broadcast-page';
import { stubApi, type StubCall as Call } from '../../test-support/stub-api';

// The notices' strings come with their code in the app (strings.ts); here the test gives them.
vi.mock('./strings', () => ({}));
// The app's "not on this device" part loads lazily with the whole i18n setup; here, its words only.
vi.mock('../../ui/offline-parts', () => import('../../test-support/offline-parts'));

vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ notices: enNotices, common: enCommon, errors: enErrors }, 'en', 'common');
});
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function me(role: 'teacher' | 'principal'): MeResponse {
  return {
    user: { id: 7, role, firstName: 'Asha', lastName: 'Rao', language: 'en' },
    school: { id: 1, name: 'Pune Public School' },
    staff: { schoolIds: [1] },
    abilities: {},
  } as unknown as MeResponse;
}

const SCHOOLS: MySchoolsResponse = {
  multiSelect: false,
  schools: [{ id: 1, name: 'Pune Public School', city: 'Pune', boardId: 2, boardName: 'CBSE', isPace: false }],
};

const sent = (id: number, extra: Partial<StaffBroadcast> = {}): StaffBroadcast => ({
  id,
  schoolId: 1,
  title: `Notice ${id}`,
  body: 'Bring a bottle.',
  linkUrl: null,
  hasPicture: false,
  grades: [7],
  author: 'Asha Rao',
  createdAt: '2026-11-25T05:30:00.000Z',
  students: 40,
  studentsRead: 10,
  parentsRead: 3,
  canDelete: true,
  ...extra,
});

function show(user: MeResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], user);
  const router = createMemoryRouter([{ path: '/broadcast', element: <BroadcastPage /> }], {
    initialEntries: ['/broadcast'],
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

/** The message a form field shows under it (Mantine links it with aria-describedby). */
const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((el) => el?.id.endsWith('-error'))
    .map((el) => el?.textContent)
    .join(' ');

const school = (data: Partial<SchoolBroadcasts>): SchoolBroadcasts => ({
  schoolId: 1,
  grades: [],
  broadcasts: [],
  ...data,
});

describe('/broadcast', () => {
  it('shows the error of an empty title and of no grade on their fields, and sends nothing', async () => {
    const calls = stubApi({
      'GET /api/v1/me/schools': SCHOOLS,
      'GET /api/v1/schools/1/broadcasts': school({ grades: [6, 7, 8] }),
    });
    show(me('principal'));
    const compose = await screen.findByTestId('compose');
    fireEvent.click(within(compose).getByTestId('compose-post'));
    const title = within(compose).getByTestId('compose-title');
    await waitFor(() => expect(errorOf(title)).toBe('Please enter a title'));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(within(compose).getByTestId('compose-grades').textContent).toContain('Choose at least one grade');
    // Typing the title takes its error away; the grades' stays until one is chosen.
    fireEvent.change(title, { target: { value: 'Field trip on Monday' } });
    expect(errorOf(title)).toBe('');
    expect(within(compose).getByTestId('compose-grades').textContent).toContain('Choose at least one grade');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('offers a teacher only the grades they may post to, in roman numerals, and posts to the chosen ones', async () => {
    const calls = stubApi({
      'GET /api/v1/me/schools': SCHOOLS,
      'GET /api/v1/schools/1/broadcasts': school({ grades: [6, 7], broadcasts: [sent(1)] }),
      'POST /api/v1/schools/1/broadcasts': (call: Call) => ({
        status: 201,
        body: sent(2, { ...(call.body as Partial<StaffBroadcast>), linkUrl: null, studentsRead: 0, parentsRead: 0 }),
      }),
    });
    show(me('teacher'));
    const compose = await screen.findByTestId('compose');
    const chips = within(compose).getAllByRole('checkbox');
    expect(chips.map((c) => c.closest('div')?.textContent)).toEqual(['VI', 'VII']);
    expect(within(compose).queryByTestId('grade-8')).toBeNull();

    fireEvent.change(within(compose).getByTestId('compose-title'), { target: { value: 'Field trip on Monday' } });
    fireEvent.change(within(compose).getByTestId('compose-body'), { target: { value: 'Meet at the gate at 8.' } });
    fireEvent.click(within(compose).getByLabelText('VII'));
    fireEvent.click(within(compose).getByTestId('compose-post'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Field trip on Monday',
      body: 'Meet at the gate at 8.',
      linkUrl: '',
      grades: [7],
    });
    expect(await screen.findByText('Notice posted.')).toBeTruthy();
    // The new notice heads the list; the form is empty again.
    const titles = () => screen.getAllByTestId('sent-title').map((el) => el.textContent);
    await waitFor(() => expect(titles()).toEqual(['Field trip on Monday', 'Notice 1']));
    expect((within(compose).getByTestId('compose-title') as HTMLInputElement).value).toBe('');
  });

  it('checks a picture on the device, then posts the notice and adds its picture', async () => {
    const calls = stubApi({
      'GET /api/v1/me/schools': SCHOOLS,
      'GET /api/v1/schools/1/broadcasts': school({ grades: [7], broadcasts: [] }),
      'POST /api/v1/schools/1/broadcasts': (call: Call) => ({
        status: 201,
        body: sent(3, { ...(call.body as Partial<StaffBroadcast>), linkUrl: null }),
      }),
      'PUT /api/v1/broadcasts/3/picture': () => ({
        status: 200,
        body: sent(3, { title: 'Our class garden', hasPicture: true }),
      }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }),
    );
    show(me('teacher'));
    const compose = await screen.findByTestId('compose');
    const input = compose.querySelector('input[type="file"]') as HTMLInputElement;
    // A PDF and a picture over 2 MB are refused before anything is sent.
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(compose.textContent).toContain('Choose a PNG, JPEG or WebP picture'));
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(compose.textContent).toContain('The picture may be at most 2 MB'));
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(10)], 'garden.png', { type: 'image/png' })] },
    });
    expect(await within(compose).findByTestId('compose-preview')).toBeTruthy();

    fireEvent.change(within(compose).getByTestId('compose-title'), { target: { value: 'Our class garden' } });
    fireEvent.click(within(compose).getByTestId('compose-post'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
        'POST /api/v1/schools/1/broadcasts',
        'PUT /api/v1/broadcasts/3/picture',
      ]),
    );
    // The sent list shows the notice with its picture.
    const picture = await screen.findByTestId('notice-picture');
    expect(picture.getAttribute('src')).toBe('/api/v1/broadcasts/3/picture');
  });

  it('shows the server’s refusal of a link on the link field', async () => {
    stubApi({
      'GET /api/v1/me/schools': SCHOOLS,
      'GET /api/v1/schools/1/broadcasts': school({ grades: [7] }),
      'POST /api/v1/schools/1/broadcasts': () => ({
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'The request is not valid',
          details: { issues: [{ in: 'body', path: 'linkUrl', message: 'The link must start with https://' }] },
        },
      }),
    });
    show(me('teacher'));
    const compose = await screen.findByTestId('compose');
    // A teacher of one grade has it chosen.
    expect((within(compose).getByLabelText('VII') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(compose).getByTestId('compose-title'), { target: { value: 'Form' } });
    // Valid for the form's own check (a https link), refused by the server.
    fireEvent.change(within(compose).getByTestId('compose-link'), { target: { value: 'https://forms.example.org/a' } });
    fireEvent.click(within(compose).getByTestId('compose-post'));
    const link = within(compose).getByTestId('compose-link');
    await waitFor(() => expect(errorOf(link)).toBe('The link must start with https://'));
  });

  it('lists sent notices with their reads, and deletes one after confirming', async () => {
    const calls = stubApi({
      'GET /api/v1/me/schools': SCHOOLS,
      'GET /api/v1/schools/1/broadcasts': school({
        grades: [6, 7, 8],
        broadcasts: [
          sent(3, {
            title: 'Winter uniform',
            grades: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
            linkUrl: 'https://example.org/u',
            canDelete: true,
          }),
          sent(2, { title: 'Fractions quiz', studentsRead: 1, students: 1, parentsRead: 1, canDelete: false }),
        ],
      }),
      'DELETE /api/v1/broadcasts/3': { status: 204 },
    });
    show(me('principal'));
    const [first, second] = await screen.findAllByTestId('sent-notice');
    expect(within(first!).getByTestId('sent-meta').textContent).toContain('Grades I–XII');
    expect(within(first!).getByTestId('sent-reads').textContent).toBe('Read by 10 of 40 students · 3 parents');
    expect(within(first!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    const link = within(first!).getByTestId('sent-link');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(second!).getByTestId('sent-reads').textContent).toBe('Read by 1 of 1 student · 1 parent');
    expect(within(second!).queryByTestId('sent-delete')).toBeNull();

    fireEvent.click(within(first!).getByTestId('sent-delete'));
    fireEvent.click(await screen.findByTestId('delete-yes'));
    expect(await screen.findByText('Notice deleted.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByTestId('sent-title').map((el) => el.textContent)).toEqual(['Fractions quiz']),
    );
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v1/broadcasts/3')).toBe(true);
  });

  it('says so when nothing has been sent, and when a teacher has no grade at the school', async () => {
    stubApi({ 'GET /api/v1/me/schools': SCHOOLS, 'GET /api/v1/schools/1/broadcasts': school({ grades: [] }) });
    show(me('teacher'));
    expect((await screen.findByTestId('sent-empty')).textContent).toContain('No notices yet');
    expect(screen.getByTestId('compose-no-grades')).toBeTruthy();
  });

  it('opens the app’s selected school, and switches school for staff with several', async () => {
    localStorage.setItem('ki.selectedSchools', JSON.stringify({ schoolIds: [2], names: ['Nashik'] }));
    const calls = stubApi({
      'GET /api/v1/me/schools': {
        multiSelect: false,
        schools: [
          ...SCHOOLS.schools,
          { id: 2, name: 'Nashik Public School', city: 'Nashik', boardId: 2, boardName: 'CBSE', isPace: false },
        ],
      },
      'GET /api/v1/schools/1/broadcasts': school({ grades: [7], broadcasts: [sent(1, { title: 'Pune notice' })] }),
      'GET /api/v1/schools/2/broadcasts': school({
        schoolId: 2,
        grades: [7],
        broadcasts: [sent(5, { title: 'Nashik notice' })],
      }),
    });
    show(me('principal'));
    expect((await screen.findByTestId('sent-title')).textContent).toBe('Nashik notice');
    expect(calls.some((c) => c.url === '/api/v1/schools/1/broadcasts')).toBe(false);
    fireEvent.change(screen.getByTestId('broadcast-school'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByTestId('sent-title').textContent).toBe('Pune notice'));
  });
});
