import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { i18next } from '../lib/i18n';
import { useMe } from '../lib/session';
import { whenIdle } from '../lib/when-idle';

/**
 * Uploads the signed-in student's queued learning records at start, when the network returns and
 * every minute (lib/records-sync). Loaded on demand, so the entry chunk carries no IndexedDB code,
 * and only once the first screen is up: opening IndexedDB costs a slow phone a noticeable moment.
 */
export function RecordsSyncAgent() {
  const { data: me } = useMe();
  const client = useQueryClient();
  const ownerId = me?.abilities.writeRecords ? me.user.id : undefined;

  useEffect(() => {
    if (ownerId === undefined) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    const load = () =>
      void import('../lib/records-sync').then(
        (sync) => {
          if (cancelled) return;
          const unlisten = sync.onSynced((result) => {
            if (result.saved > 0) {
              void client.invalidateQueries({ queryKey: ['learn', 'progress'] });
              void client.invalidateQueries({ queryKey: ['learn', 'summary'] });
            }
            // The learner journey's strings load only when there is something to say: staff never need them.
            if (result.rejected.length > 0)
              void i18next.loadNamespaces('journey').then(() =>
                notifications.show({
                  color: 'red',
                  message: i18next.t('journey:sync.rejected', { count: result.rejected.length }),
                  autoClose: 6000,
                }),
              );
          });
          const stopSync = sync.startRecordsSync(ownerId);
          stop = () => {
            unlisten();
            stopSync();
          };
        },
        // Its code could not be fetched (the network went before it came, on a first visit with no
        // service worker yet): again when the network is back, which is when there is something to send.
        () => {
          if (!cancelled) window.addEventListener('online', load, { once: true });
        },
      );
    const cancelIdle = whenIdle(load);
    return () => {
      cancelled = true;
      cancelIdle();
      window.removeEventListener('online', load);
      stop?.();
    };
  }, [ownerId, client]);
  return null;
}
