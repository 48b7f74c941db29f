// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErasureRequest, StudentPrivacy } from '@ki/contracts';
import enStudent from '../../locales/en/student.json';
import { OPENED_FROM_APP } from '../../lib/url-state';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { DataRightsPanel, type DataRightsViewer } from './data-rights';

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ student: enStudent }, 'en', 'student');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const request = (r: Partial<ErasureRequest>): ErasureRequest => ({
  id: 31,
  status: 'pending',
  requestedAt: '2026-11-20T09:00:00.000Z',
  requestedBy: 'Sunita Patil',
  reason: 'We are moving to another school.',
  decidedAt: null,
  note: '',
  ...r,
});

const privacy = (p: Partial<StudentPrivacy>): StudentPrivacy => ({
  canExport: true,
  canRequestErasure: false,
  canErase: false,
  requests: [],
  consent: null,
  ...p,
});

interface Call {
  method: string;
  url: string;
  body: unknown;
  credentials?: RequestCredentials | undefined;
}

/**
 * The server: GET /privacy answers `state.privacy` (or `state.status`), POSTs answer `post` (and may
 * change the state, as the server would), /records answers `records`. Records every call.
 */
function stubServer(
  initial: StudentPrivacy | null,
  {
    status = 200,
    post = () => ({ status: 200, body: {} }),
    records = { status: 200, body: '{"statements":[]}' },
  }: {
    status?: number;
    post?: (call: Call, state: { privacy: StudentPrivacy | null }) => { status: number; body: unknown };
    records?: { status: number; body: string };
  } = {},
) {
  const calls: Call[] = [];
  const state = { privacy: initial };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        credentials: init.credentials,
      };
      calls.push(call);
      if (url.endsWith('/records')) return new Response(records.body, { status: records.status });
      if (call.method === 'GET')
        return new Response(JSON.stringify(state.privacy ?? { code: 'FORBIDDEN', message: 'no' }), { status });
      const answer = post(call, state);
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return { calls, posts: () => calls.filter((c) => c.method === 'POST') };
}

/**
 * The panel on a student's page at /student-detail; `opener` puts the student list before it, as
 * when the page was opened from the list.
 */
function show(viewer: DataRightsViewer, { opener = false } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/student-detail',
        element: <DataRightsPanel studentId={5} studentName="Isha Patil" timeZone="Asia/Kolkata" viewer={viewer} />,
      },
      { path: '/dashboard', element: <p>School dashboard</p> },
      { path: '/student-list', element: <p>Student list</p> },
    ],
    {
      initialEntries: opener
        ? ['/student-list', { pathname: '/student-detail', search: '?studentId=5', state: OPENED_FROM_APP }]
        : ['/student-detail?studentId=5'],
    },
  );
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('DataRightsPanel: a parent exercises their child’s rights', () => {
  it('asks the school to erase, with a reason; the waiting request then disables asking and is listed', async () => {
    const server = stubServer(privacy({ canRequestErasure: true }), {
      post: (call, state) => {
        const sent = request({ reason: (call.body as { reason: string }).reason });
        state.privacy = privacy({ canRequestErasure: false, requests: [sent] });
        return { status: 201, body: sent };
      },
    });
    show('parent');
    expect(await screen.findByText('Your child’s data')).toBeTruthy();
    expect(screen.queryByTestId('erasure-requests')).toBeNull();

    fireEvent.click(screen.getByTestId('ask-erasure'));
    expect(
      await screen.findByText(
        'The school erases every record of your child’s learning, their account and their sign-in. It cannot be undone. The school may keep what the law asks it to keep, and will tell you why.',
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason (optional)'), {
      target: { value: '  We are moving to another school. ' },
    });
    fireEvent.click(screen.getByTestId('ask-send'));

    expect(await screen.findByText('Your request has been sent to the school.')).toBeTruthy();
    expect(server.posts()).toEqual([
      {
        method: 'POST',
        url: '/api/v1/students/5/erasure-requests',
        body: { reason: 'We are moving to another school.' },
        credentials: 'same-origin',
      },
    ]);
    // Refreshed: no second request while one waits, and the one sent is listed.
    await waitFor(() => expect(screen.queryByTestId('ask-erasure')).toBeNull());
    const row = screen.getByTestId('erasure-request');
    expect(within(row).getByTestId('erasure-status').textContent).toBe('Waiting for the school');
    expect(within(row).getByText(/^Asked by Sunita Patil on 20 Nov 2026/)).toBeTruthy();
    expect(within(row).getByTestId('erasure-reason').textContent).toBe('Reason: We are moving to another school.');
    // A parent decides nothing.
    expect(screen.queryByTestId('decline-erasure')).toBeNull();
    expect(screen.queryByTestId('erase-request')).toBeNull();
  });

  it('a request already waiting (409) says so and refreshes the panel', async () => {
    const server = stubServer(privacy({ canRequestErasure: true }), {
      post: (_call, state) => {
        state.privacy = privacy({ requests: [request({})] });
        return { status: 409, body: { code: 'CONFLICT', message: 'waiting' } };
      },
    });
    show('parent');
    fireEvent.click(await screen.findByTestId('ask-erasure'));
    fireEvent.click(await screen.findByTestId('ask-send'));
    expect(await screen.findByText('A request is already waiting for the school.')).toBeTruthy();
    expect(server.posts().map((c) => c.body)).toEqual([{ reason: '' }]);
    expect((await screen.findByTestId('erasure-status')).textContent).toBe('Waiting for the school');
    expect(screen.queryByTestId('ask-erasure')).toBeNull();
  });

  it('sees a declined request with the school’s note and date', async () => {
    stubServer(
      privacy({
        canRequestErasure: true,
        requests: [
          request({
            status: 'declined',
            decidedAt: '2026-11-22T05:00:00.000Z',
            note: 'Board examination records are kept.',
          }),
        ],
      }),
    );
    show('parent');
    expect((await screen.findByTestId('erasure-status')).textContent).toBe('Declined');
    expect(screen.getByTestId('erasure-note').textContent).toMatch(
      /^The school’s answer \(22 Nov 2026, .+\): Board examination records are kept\.$/,
    );
    expect(screen.getByTestId('ask-erasure')).toBeTruthy();
  });
});

describe('DataRightsPanel: the principal answers', () => {
  const waiting = privacy({
    canErase: true,
    requests: [
      request({
        id: 30,
        status: 'declined',
        requestedAt: '2026-10-01T09:00:00.000Z',
        decidedAt: '2026-10-02T09:00:00.000Z',
        note: 'Exams are on.',
      }),
      request({}),
    ],
  });

  it('declines a request with a note of at least 5 characters', async () => {
    const server = stubServer(waiting, {
      post: (call) => ({
        status: 200,
        body: request({ status: 'declined', note: (call.body as { note: string }).note }),
      }),
    });
    show('staff');
    expect(await screen.findByText('Student’s data')).toBeTruthy();
    // Newest first; only the waiting one can be answered, and no second Erase while one waits.
    const rows = screen.getAllByTestId('erasure-request');
    expect(rows.map((r) => within(r).getByTestId('erasure-status').textContent)).toEqual([
      'Waiting for the school',
      'Declined',
    ]);
    expect(screen.getAllByTestId('decline-erasure')).toHaveLength(1);
    expect(screen.queryByTestId('erase-written')).toBeNull();

    fireEvent.click(screen.getByTestId('decline-erasure'));
    const note = await screen.findByLabelText(/Tell the parent why/);
    fireEvent.click(screen.getByTestId('decline-send'));
    expect(await screen.findByText('Write at least 5 characters.')).toBeTruthy();
    fireEvent.change(note, { target: { value: 'No.' } });
    fireEvent.click(screen.getByTestId('decline-send'));
    await new Promise((r) => setTimeout(r, 20));
    expect(server.posts()).toEqual([]);

    fireEvent.change(note, { target: { value: 'Board examination records must be kept until March.' } });
    fireEvent.click(screen.getByTestId('decline-send'));
    expect(await screen.findByText('Request declined. The parent has been told why.')).toBeTruthy();
    expect(server.posts().map(({ url, body }) => ({ url, body }))).toEqual([
      {
        url: '/api/v1/students/5/erasure-requests/31/decline',
        body: { note: 'Board examination records must be kept until March.' },
      },
    ]);
  });

  it('erases once the full name is typed again (any case), with the request’s date as the reason, then returns to the list', async () => {
    const server = stubServer(waiting, {
      post: () => ({ status: 200, body: { studentId: 5, erasedAt: '2026-11-26T06:30:00.000Z', records: 42 } }),
    });
    show('staff', { opener: true });
    fireEvent.click(await screen.findByTestId('erase-request'));
    const reason = (await screen.findByTestId('erase-reason')) as HTMLTextAreaElement;
    expect(reason.value).toBe('Parent’s request of 20 Nov 2026');
    const erase = screen.getByTestId('erase-send') as HTMLButtonElement;
    expect(erase.disabled).toBe(true);
    const name = screen.getByTestId('erase-name');
    fireEvent.change(name, { target: { value: 'Isha' } });
    expect(erase.disabled).toBe(true);
    fireEvent.change(name, { target: { value: ' isha PATIL ' } });
    expect(erase.disabled).toBe(false);
    fireEvent.click(erase);

    expect(await screen.findByText('The student’s data has been erased.')).toBeTruthy();
    expect(server.posts().map(({ url, body }) => ({ url, body }))).toEqual([
      {
        url: '/api/v1/students/5/erasure',
        body: { reason: 'Parent’s request of 20 Nov 2026', confirmName: 'isha PATIL' },
      },
    ]);
    expect(await screen.findByText('Student list')).toBeTruthy();
  });

  it('with no request waiting, erases on a written request: a reason is required; then to the dashboard', async () => {
    const server = stubServer(privacy({ canErase: true }), {
      post: () => ({ status: 200, body: { studentId: 5, erasedAt: '2026-11-26T06:30:00.000Z', records: 0 } }),
    });
    show('staff');
    fireEvent.click(await screen.findByTestId('erase-written'));
    expect(((await screen.findByTestId('erase-reason')) as HTMLTextAreaElement).value).toBe('');
    fireEvent.change(screen.getByTestId('erase-name'), { target: { value: 'Isha Patil' } });
    fireEvent.click(screen.getByTestId('erase-send'));
    expect(await screen.findByText('Say why, in at least 5 characters.')).toBeTruthy();
    expect(server.posts()).toEqual([]);

    fireEvent.change(screen.getByTestId('erase-reason'), { target: { value: 'Written request of 18 Nov 2026' } });
    fireEvent.click(screen.getByTestId('erase-send'));
    expect(await screen.findByText('School dashboard')).toBeTruthy();
    expect(server.posts().map((c) => c.body)).toEqual([
      { reason: 'Written request of 18 Nov 2026', confirmName: 'Isha Patil' },
    ]);
  });
});

describe('DataRightsPanel: what each role sees', () => {
  it('a teacher (export only) sees the download and nothing else', async () => {
    stubServer(privacy({}));
    show('staff');
    expect(await screen.findByTestId('download-records')).toBeTruthy();
    expect(screen.getByText('Student’s data')).toBeTruthy();
    for (const id of ['ask-erasure', 'erase-written', 'erasure-requests', 'decline-erasure', 'erase-request'])
      expect(screen.queryByTestId(id)).toBeNull();
  });

  it('shows nothing to a caller who may do nothing, nor to one the server refuses', async () => {
    stubServer(privacy({ canExport: false }));
    show('staff');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('data-rights')).toBeNull();
    cleanup();

    stubServer(null, { status: 403 });
    show('student');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('data-rights')).toBeNull();
  });
});

describe('DataRightsPanel: downloading the records', () => {
  /** The file handed to the browser: its object URL's blob and the link's download name. */
  function catchDownloads() {
    const saved: { blob: Blob; name: string }[] = [];
    const blobs = new Map<string, Blob>();
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        const url = `blob:records-${blobs.size}`;
        blobs.set(url, blob);
        return url;
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ blob: blobs.get(this.getAttribute('href') ?? '')!, name: this.download });
    });
    return saved;
  }

  it('fetches /students/:id/records with the session cookie and saves it as student-<id>-records.json', async () => {
    const server = stubServer(privacy({}), { records: { status: 200, body: '{"statements":[{"id":"a"}]}' } });
    const saved = catchDownloads();
    show('student');
    expect(await screen.findByText('Your data')).toBeTruthy();
    fireEvent.click(screen.getByTestId('download-records'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(server.calls.filter((c) => c.url.includes('/records'))).toEqual([
      { method: 'GET', url: '/api/v1/students/5/records', body: undefined, credentials: 'same-origin' },
    ]);
    expect(saved[0]!.name).toBe('student-5-records.json');
    expect(await saved[0]!.blob.text()).toBe('{"statements":[{"id":"a"}]}');
    expect(screen.queryByTestId('download-failed')).toBeNull();
  });

  it('says so when the download fails, and saves nothing', async () => {
    stubServer(privacy({}), { records: { status: 500, body: '{"code":"INTERNAL","message":"boom"}' } });
    const saved = catchDownloads();
    show('parent');
    fireEvent.click(await screen.findByTestId('download-records'));
    expect((await screen.findByTestId('download-failed')).textContent).toBe(
      'Could not download the learning records. Please try again.',
    );
    expect(saved).toEqual([]);
  });
});
