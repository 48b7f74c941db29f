// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MeResponse, SharedFiles } from '@ki/contracts';
import enDrive from '../../../locales/en/drive.json';
import { initTestI18n } from '../../../test-support/i18n';
import { SharedFilesCard } from './shared-files-card';

vi.mock('../../../lib/drive-strings', () => ({}));

beforeAll(() => initTestI18n({ drive: enDrive }, 'en', 'drive'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sharedFile = (n: number): SharedFiles['files'][number] => ({
  id: `0b7f4e52-4f0e-4a43-9d43-2f8c1a1d2e0${n}`,
  name: `Worksheet ${n}.pdf`,
  contentType: 'application/pdf',
  byteSize: 2048,
  sharedAt: `2026-11-2${n}T05:30:00.000Z`,
  sharedBy: 'Farhan Shaikh',
});

/** The card for a signed-in `role`, GET /me/shared-files answering `files` (or failing with 500 when null). */
function card(files: SharedFiles['files'] | null, role: 'student' | 'content_editor' = 'student') {
  const fetchStub = vi.fn(async (url: string) =>
    url.startsWith('/api/v1/me/shared-files') && files
      ? new Response(JSON.stringify({ files } satisfies SharedFiles), { status: 200 })
      : new Response(JSON.stringify({ code: 'INTERNAL', message: 'x' }), { status: 500 }),
  );
  vi.stubGlobal('fetch', fetchStub);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<Pick<MeResponse, 'abilities'>>(['me'], {
    abilities: { writeRecords: role === 'student' } as MeResponse['abilities'],
  });
  const { container } = render(
    <QueryClientProvider client={client}>
      <SharedFilesCard />
    </QueryClientProvider>,
  );
  return { container, fetchStub };
}

describe('the home’s “From your teachers” card (issue #26, drive)', () => {
  it('lists the newest five files shared with the class, who shared each and when, each a download', async () => {
    card([1, 2, 3, 4, 5, 6].map(sharedFile));
    const shown = await screen.findByTestId('shared-files');
    expect(within(shown).getByRole('heading').textContent).toBe('From your teachers');
    const links = within(shown).getAllByTestId('shared-file');
    expect(links.map((l) => within(l).getByTestId('shared-file-name').textContent)).toEqual([
      'Worksheet 1.pdf',
      'Worksheet 2.pdf',
      'Worksheet 3.pdf',
      'Worksheet 4.pdf',
      'Worksheet 5.pdf',
    ]);
    expect(within(links[0]!).getByTestId('shared-file-by').textContent).toBe('Shared by Farhan Shaikh · 21 Nov 2026');
    expect(links[0]!.getAttribute('href')).toBe('/api/v1/drive/files/0b7f4e52-4f0e-4a43-9d43-2f8c1a1d2e01');
    expect(links[0]!.getAttribute('download')).toBe('Worksheet 1.pdf');
  });

  it.each([
    ['nothing is shared', []],
    ['the files could not be loaded', null],
  ])('is not there when %s', async (_, files) => {
    const { container, fetchStub } = card(files);
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.innerHTML).toBe('');
  });

  it('does not ask for anyone but a student', async () => {
    const { container, fetchStub } = card([sharedFile(1)], 'content_editor');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchStub).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe('');
  });
});
