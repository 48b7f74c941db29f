// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StudentParentsResponse } from '@ki/contracts';
import enStudent from '../../locales/en/student.json';
import { stubMatchMedia } from '../../test-support/match-media';
import { ParentLinksPanel } from './parent-links';

beforeAll(async () => {
  stubMatchMedia();
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { student: enStudent } }, interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (flags: Partial<StudentParentsResponse>): StudentParentsResponse => ({
  studentId: 5,
  parents: [
    {
      linkId: 11,
      name: 'Priya Rao',
      mobile: '+91 ••••••0002',
      linkedBy: 'Pooja Principal',
      linkedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  requests: [
    {
      requestId: 21,
      name: 'Neel Shah',
      mobile: '+91 ••••••0003',
      status: 'pending',
      requestedBy: 'Tara Teacher',
      requestedAt: '2026-11-20T09:00:00.000Z',
      decidedBy: null,
      decidedAt: null,
    },
  ],
  canLink: false,
  canRequest: false,
  canDecide: false,
  canUnlink: false,
  ...flags,
});

/** Answers GET with `list` (or `status`), anything else with an empty 200; records every call. */
function stubApi(list: StudentParentsResponse | null, status = 200) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if ((init.method ?? 'GET') === 'GET')
        return new Response(JSON.stringify(list ?? { code: 'FORBIDDEN', message: 'no' }), { status });
      return new Response('{}', { status: 200 });
    }),
  );
  return calls;
}

const show = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ParentLinksPanel studentId={5} />
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('ParentLinksPanel: buttons from the server’s flags', () => {
  it('a principal (canLink, canDecide, canUnlink) gets the link form, Approve/Reject and Unlink with a confirmation', async () => {
    const calls = stubApi(answer({ canLink: true, canDecide: true, canUnlink: true }));
    show();
    expect(await screen.findByText('Priya Rao')).toBeTruthy();
    expect(screen.getByText(/Linked by Pooja Principal on/)).toBeTruthy();
    expect(screen.getByText('Link a parent')).toBeTruthy();
    expect(screen.queryByText('Request a parent link')).toBeNull();
    expect(screen.getByTestId('approve-request')).toBeTruthy();

    fireEvent.click(screen.getByTestId('unlink-parent'));
    expect(
      await screen.findByText("Priya Rao (+91 ••••••0002) will no longer see this student's progress."),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByTestId('unlink-yes'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/v1/students/5/parents/11']),
    );

    fireEvent.click(screen.getByTestId('approve-request'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
        '/api/v1/students/5/parent-requests/21/approve',
      ]),
    );
  });

  it('a teacher (canRequest) gets the request form and sees the request waiting, without Unlink or Approve', async () => {
    const calls = stubApi(answer({ canRequest: true }));
    show();
    expect(await screen.findByText('Request a parent link')).toBeTruthy();
    expect(screen.getByTestId('request-status').textContent).toBe('Waiting for approval');
    expect(screen.queryByTestId('unlink-parent')).toBeNull();
    expect(screen.queryByTestId('approve-request')).toBeNull();
    expect(screen.queryByText('Link a parent')).toBeNull();

    fireEvent.change(screen.getByLabelText(/Parent's mobile number/), { target: { value: '98111 00004' } });
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Meera' } });
    fireEvent.click(screen.getByTestId('link-submit'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        {
          method: 'POST',
          url: '/api/v1/students/5/parent-requests',
          body: { mobile: '98111 00004', firstName: 'Meera', lastName: '' },
        },
      ]),
    );
  });

  it('staff with no flags see the parents only; a caller the server refuses sees nothing', async () => {
    stubApi(answer({}));
    show();
    expect(await screen.findByText('Priya Rao')).toBeTruthy();
    expect(screen.queryByTestId('link-parent')).toBeNull();
    expect(screen.queryByTestId('unlink-parent')).toBeNull();
    expect(screen.queryByTestId('approve-request')).toBeNull();
    cleanup();

    stubApi(null, 403);
    const { container } = show();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(container.querySelector('[data-testid="parent-links"]')).toBeNull();
  });
});
