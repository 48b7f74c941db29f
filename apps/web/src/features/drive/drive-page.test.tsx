// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DriveFile, DriveListing } from '@ki/contracts';
import enCommon from '../../locales/en/common.json';
import enDrive from '../../locales/en/drive.json';
import enErrors from '../../locales/en/errors.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { DrivePage } from './drive-page';
import { CLASSES, driveFile, listing, share, show, stubApi, type Call } from './test-api';

// The app's "not on this device" part loads lazily with the whole i18n setup; here, its words only.
vi.mock('../../ui/offline-parts', () => import('../../test-support/offline-parts'));

vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ drive: enDrive, common: enCommon, errors: enErrors }, 'en', 'common');
});
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const MB = 1024 * 1024;
const open = (path = '/drive') => show(path, <DrivePage />);
const sent = (calls: Call[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
const choose = (file: File) =>
  fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
/** A file of `size` bytes without holding them: the checks read only its name, type and size. */
function fileOf(name: string, type: string, size: number): File {
  const file = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('/drive', () => {
  it('lists the folders, then the files with their size, day and classes, under the space used', async () => {
    stubApi({
      'GET /api/v1/drive': listing({
        folders: [{ id: 4, name: 'Worksheets', parentId: null, createdAt: '2026-11-20T05:30:00.000Z' }],
        files: [driveFile({ shares: [share(1, 'A'), share(2, null)] })],
      }),
    });
    open();
    const list = await screen.findByTestId('drive-list');
    expect(screen.getByTestId('drive-usage-text').textContent).toBe('12.3 MB of 500 MB');
    expect(within(list).getByTestId('drive-folder').textContent).toContain('Worksheets');
    expect(within(list).getByRole('link', { name: 'Worksheets' }).getAttribute('href')).toBe('/drive?folder=4');
    const file = within(list).getByTestId('drive-file');
    expect(within(file).getByTestId('file-name').textContent).toBe('Fractions worksheet.pdf');
    expect(within(file).getByTestId('file-details').textContent).toBe('PDF document, 1.4 MB · 27 Nov 2026');
    expect(
      within(file)
        .getAllByTestId('share-chip')
        .map((c) => c.textContent),
    ).toEqual(['VII A', 'VII (all)']);
    const download = within(file).getByRole('link', { name: 'Download Fractions worksheet.pdf' });
    expect(download.getAttribute('href')).toBe('/api/v1/drive/files/0b7f4e52-4f0e-4a43-9d43-2f8c1a1d2e01');
    expect(download.getAttribute('download')).toBe('Fractions worksheet.pdf');
    expect(screen.getByTestId('drive-path').textContent).toBe('My drive');
  });

  it('shows an open folder’s path, and says when it is empty', async () => {
    const calls = stubApi({
      'GET /api/v1/drive': listing({
        folder: { id: 5, name: 'Term 1', parentId: 4, createdAt: '2026-11-20T05:30:00.000Z' },
        path: [
          { id: 4, name: 'Worksheets' },
          { id: 5, name: 'Term 1' },
        ],
      }),
    });
    open('/drive?folder=5');
    expect((await screen.findByTestId('drive-empty')).textContent).toBe(
      'This folder is empty. Upload a file or make a folder here.',
    );
    expect(calls[0]?.url).toBe('/api/v1/drive?folderId=5');
    const path = screen.getByTestId('drive-path');
    expect(within(path).getByRole('link', { name: 'My drive' }).getAttribute('href')).toBe('/drive');
    expect(within(path).getByRole('link', { name: 'Worksheets' }).getAttribute('href')).toBe('/drive?folder=4');
    expect(within(path).getByText('Term 1').getAttribute('aria-current')).toBe('page');
  });

  it('says so when the folder is not in the drive', async () => {
    stubApi({ 'GET /api/v1/drive': { status: 404, body: { code: 'NOT_FOUND', message: 'Folder not found' } } });
    open('/drive?folder=99');
    const missing = await screen.findByTestId('drive-missing');
    expect(missing.textContent).toContain('This folder is not in your drive any more.');
    expect(within(missing).getByRole('link', { name: 'Back to My drive' }).getAttribute('href')).toBe('/drive');
  });
});

describe('a new folder', () => {
  it('asks for a name in the contract’s words, sends nothing blank, and makes it in the open folder', async () => {
    const calls = stubApi({
      'GET /api/v1/drive': listing({
        folder: { id: 4, name: 'Worksheets', parentId: null, createdAt: '' },
        path: [{ id: 4, name: 'Worksheets' }],
      }),
      'POST /api/v1/drive/folders': { status: 201, body: { id: 9, name: 'Term 1', parentId: 4, createdAt: '' } },
    });
    open('/drive?folder=4');
    fireEvent.click(await screen.findByTestId('new-folder'));
    const name = screen.getByTestId('folder-name');
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('folder-create'));
    expect(await screen.findByText('Please enter a folder name')).toBeTruthy();
    expect(sent(calls, 'POST', '/api/v1/drive/folders')).toEqual([]);

    fireEvent.change(name, { target: { value: '  Term 1 ' } });
    fireEvent.click(screen.getByTestId('folder-create'));
    await screen.findByText('Folder “Term 1” created.');
    expect(sent(calls, 'POST', '/api/v1/drive/folders').map((c) => c.body)).toEqual([{ name: 'Term 1', parentId: 4 }]);
    expect(screen.queryByTestId('folder-form')).toBeNull();
  });

  it('says when a folder of that name is already there', async () => {
    stubApi({
      'GET /api/v1/drive': listing(),
      'POST /api/v1/drive/folders': {
        status: 409,
        body: { code: 'DRIVE_NAME_TAKEN', message: 'A folder of this name is already here' },
      },
    });
    open();
    fireEvent.click(await screen.findByTestId('new-folder'));
    fireEvent.change(screen.getByTestId('folder-name'), { target: { value: 'Worksheets' } });
    fireEvent.click(screen.getByTestId('folder-create'));
    expect(await screen.findByText('A folder of this name is already here')).toBeTruthy();
    expect(screen.getByTestId('folder-form')).toBeTruthy();
  });
});

describe('uploading', () => {
  it('refuses on the device a file of the wrong type, too large or with no room left, sending nothing', async () => {
    const calls = stubApi({ 'GET /api/v1/drive': listing({ usedBytes: 495 * MB }) });
    open();
    await screen.findByTestId('drive-empty');
    expect(document.querySelector('input[type="file"]')?.getAttribute('accept')).toContain('application/pdf');

    choose(fileOf('notes.txt', 'text/plain', 200));
    expect((await screen.findByTestId('upload-problem')).textContent).toBe(
      '“notes.txt” cannot be uploaded. Choose a picture (PNG, JPEG, WebP), a PDF, or a Word, Excel or PowerPoint file.',
    );
    choose(fileOf('scan.pdf', 'application/pdf', 11 * MB));
    await waitFor(() =>
      expect(screen.getByTestId('upload-problem').textContent).toBe(
        '“scan.pdf” is 11 MB; a file can be at most 10 MB. Choose a smaller file.',
      ),
    );
    choose(fileOf('term.pdf', 'application/pdf', 6 * MB));
    await waitFor(() =>
      expect(screen.getByTestId('upload-problem').textContent).toBe(
        '“term.pdf” (6 MB) does not fit: your drive has 5 MB left. Delete some files first.',
      ),
    );
    expect(sent(calls, 'POST', '/api/v1/drive/files')).toEqual([]);
  });

  it('uploads a good file into the open folder, busy meanwhile, and lists it', async () => {
    let stored: DriveFile[] = [];
    let release = () => {};
    const calls = stubApi({
      'GET /api/v1/drive': () => ({
        status: 200,
        body: listing({ folder: { id: 4, name: 'Worksheets', parentId: null, createdAt: '' }, files: stored }),
      }),
    });
    // The upload answers once the test lets it, so the busy state can be seen.
    const fetchStub = vi.mocked(fetch);
    const answer = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (url, init) => {
      if ((init?.method ?? 'GET') !== 'POST') return answer(url, init);
      calls.push({ method: 'POST', url: String(url), headers: {}, body: undefined, form: init?.body as FormData });
      await new Promise<void>((resolve) => (release = resolve));
      stored = [driveFile({ name: 'fractions.pdf', folderId: 4 })];
      return new Response(JSON.stringify(stored[0]), { status: 201 });
    });
    open('/drive?folder=4');
    await screen.findByTestId('drive-empty');
    choose(fileOf('fractions.pdf', 'application/pdf', 2048));
    expect((await screen.findByTestId('uploading')).textContent).toBe('Uploading “fractions.pdf”…');
    const [upload] = sent(calls, 'POST', '/api/v1/drive/files');
    expect(upload?.form?.get('folderId')).toBe('4');
    expect((upload?.form?.get('file') as File).name).toBe('fractions.pdf');
    expect([...(upload?.form?.keys() ?? [])]).toEqual(['folderId', 'file']);
    release();
    await screen.findByText('“fractions.pdf” uploaded.');
    expect(await screen.findByText('fractions.pdf')).toBeTruthy();
    expect(screen.queryByTestId('uploading')).toBeNull();
  });

  it('words the server’s refusal of the file', async () => {
    stubApi({
      'GET /api/v1/drive': listing(),
      'POST /api/v1/drive/files': { status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'x' } },
    });
    open();
    await screen.findByTestId('drive-empty');
    choose(fileOf('renamed.pdf', 'application/pdf', 2048));
    expect((await screen.findByTestId('upload-refused')).textContent).toBe(
      'This file was not accepted: only pictures (PNG, JPEG, WebP), PDF and Word, Excel or PowerPoint files can be uploaded.',
    );
  });
});

describe('sharing', () => {
  function shareApi(file: DriveFile) {
    let current = file;
    const calls = stubApi({
      'GET /api/v1/drive': () => ({ status: 200, body: listing({ files: [current] }) satisfies DriveListing }),
      'GET /api/v1/assessments/classes': { classes: CLASSES },
      [`POST /api/v1/drive/files/${file.id}/shares`]: (call: Call) => {
        const body = call.body as { section: string | null };
        current = { ...current, shares: [...current.shares, share(7, body.section)] };
        return { status: 201, body: current };
      },
      'DELETE /api/v1/drive/shares/1': () => {
        current = { ...current, shares: current.shares.filter((s) => s.id !== 1) };
        return { status: 204 };
      },
    });
    return calls;
  }

  it('shares with a grade’s every section from the teacher’s classes, and shows the chip', async () => {
    const file = driveFile();
    const calls = shareApi(file);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Share Fractions worksheet.pdf with a class' }));
    const dialog = await screen.findByTestId('share-dialog');
    const grade = await within(dialog).findByTestId('share-grade');
    expect([...(grade as HTMLSelectElement).options].map((o) => o.text)).toEqual(['VI', 'VII']);
    expect(within(dialog).getByTestId('share-school-name').textContent).toBe('Pune Public School');
    fireEvent.change(grade, { target: { value: '3:1:7' } });
    const section = within(dialog).getByTestId('share-section') as HTMLSelectElement;
    expect([...section.options].map((o) => o.text)).toEqual(['All sections', 'A', 'B']);
    expect(section.value).toBe('');
    fireEvent.click(within(dialog).getByTestId('share-submit'));
    await screen.findByText('Shared with VII (all).');
    expect(sent(calls, 'POST', `/api/v1/drive/files/${file.id}/shares`).map((c) => c.body)).toEqual([
      { schoolId: 3, boardId: 1, grade: 7, section: null },
    ]);
    await waitFor(() => expect(screen.queryByTestId('share-dialog')).toBeNull());
    expect(screen.getAllByTestId('share-chip').map((c) => c.textContent)).toEqual(['VII (all)']);
  });

  it('says a class is already shared with rather than sending it again, and stops sharing with the ×', async () => {
    const file = driveFile({ shares: [share(1, 'A')] });
    const calls = shareApi(file);
    open();
    fireEvent.click(await screen.findByTestId('file-share'));
    const dialog = await screen.findByTestId('share-dialog');
    fireEvent.change(await within(dialog).findByTestId('share-grade'), { target: { value: '3:1:7' } });
    fireEvent.change(within(dialog).getByTestId('share-section'), { target: { value: 'A' } });
    fireEvent.click(within(dialog).getByTestId('share-submit'));
    expect((await within(dialog).findByTestId('share-refused')).textContent).toBe(
      'This file is already shared with this class.',
    );
    expect(sent(calls, 'POST', `/api/v1/drive/files/${file.id}/shares`)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('share-dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Stop sharing with VII A' }));
    await screen.findByText('No longer shared with VII A.');
    expect(sent(calls, 'DELETE', '/api/v1/drive/shares/1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('share-chip')).toBeNull());
  });
});

describe('deleting', () => {
  it('asks first, and says a folder that is not empty must be emptied', async () => {
    const calls = stubApi({
      'GET /api/v1/drive': listing({ folders: [{ id: 4, name: 'Worksheets', parentId: null, createdAt: '' }] }),
      'DELETE /api/v1/drive/folders/4': {
        status: 409,
        body: { code: 'DRIVE_FOLDER_NOT_EMPTY', message: 'Empty the folder first' },
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the folder Worksheets' }));
    const dialog = await screen.findByTestId('confirm-delete');
    expect(dialog.textContent).toContain('“Worksheets” will be deleted. Only an empty folder can be deleted.');
    expect(sent(calls, 'DELETE', '/api/v1/drive/folders/4')).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('confirm-yes'));
    expect((await within(dialog).findByTestId('delete-refused')).textContent).toBe(
      'Empty the folder first: it still has files or folders.',
    );
    expect(sent(calls, 'DELETE', '/api/v1/drive/folders/4')).toHaveLength(1);
  });

  it('deletes a file after asking', async () => {
    const file = driveFile();
    let files = [file];
    const calls = stubApi({
      'GET /api/v1/drive': () => ({ status: 200, body: listing({ files }) }),
      [`DELETE /api/v1/drive/files/${file.id}`]: () => {
        files = [];
        return { status: 204 };
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Fractions worksheet.pdf' }));
    fireEvent.click(within(await screen.findByTestId('confirm-delete')).getByTestId('confirm-yes'));
    await screen.findByText('File deleted.');
    expect(sent(calls, 'DELETE', `/api/v1/drive/files/${file.id}`)).toHaveLength(1);
    expect(await screen.findByTestId('drive-empty')).toBeTruthy();
  });
});
