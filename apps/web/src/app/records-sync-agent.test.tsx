// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SyncResult } from '../lib/records-queue';
import { stubMatchMedia } from '../test-support/match-media';

const listeners: ((result: SyncResult) => void)[] = [];
const started: number[] = [];

vi.mock('../lib/session', () => ({
  useMe: () => ({ data: { user: { role: 'student', id: 7 }, abilities: { writeRecords: true } } }),
}));
vi.mock('../lib/when-idle', () => ({
  whenIdle: (task: () => void) => {
    task();
    return () => {};
  },
}));
vi.mock('../lib/records-sync', () => ({
  onSynced: (listener: (result: SyncResult) => void) => {
    listeners.push(listener);
    return () => {};
  },
  startRecordsSync: (ownerId: number) => {
    started.push(ownerId);
    return () => {};
  },
}));

const { i18next, i18nReady } = await import('../lib/i18n');
const { RecordsSyncAgent } = await import('./records-sync-agent');

beforeAll(async () => {
  stubMatchMedia();
  await i18nReady;
});
afterEach(cleanup);

describe('RecordsSyncAgent', () => {
  it('starts the sync for the signed-in student and loads the journey strings only to report a rejected game', async () => {
    render(
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={new QueryClient()}>
          <RecordsSyncAgent />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await vi.waitFor(() => expect(listeners).toHaveLength(1));
    expect(started).toEqual([7]);
    // The shell (staff's too) renders without the learner's strings.
    expect(i18next.hasLoadedNamespace('journey')).toBe(false);

    act(() =>
      listeners[0]!({ saved: 0, rejected: [{ id: 'r1', code: 'UNKNOWN_TOPIC', message: 'gone' }], error: null }),
    );
    expect(await screen.findByText('1 game could not be saved by the server.')).toBeTruthy();
    expect(i18next.hasLoadedNamespace('journey')).toBe(true);
  });
});
