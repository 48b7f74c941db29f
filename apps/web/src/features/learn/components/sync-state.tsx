import { Badge, Tooltip } from '@mantine/core';
import { IconCloudCheck, IconCloudUpload, IconAlertTriangle } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { learnerDb, type QueuedRecord } from '../../../lib/learner-db';

/** The record of a finished game as the device knows it (pending, saved with the server's figures, rejected). */
export function useQueuedRecord(id: string | null): QueuedRecord | undefined {
  return useLiveQuery(() => (id ? learnerDb().records.get(id) : undefined), [id]);
}

/** A subtle "Saved" / "Waiting to sync" state of one record. */
export function SyncState({ record }: { record: QueuedRecord | undefined }) {
  const { t } = useTranslation('journey');
  if (!record) return null;
  if (record.status === 'saved')
    return (
      <Badge
        color="teal"
        variant="light"
        leftSection={<IconCloudCheck size={14} />}
        data-testid="sync-state"
        data-state="saved"
      >
        {t('sync.saved')}
      </Badge>
    );
  if (record.status === 'rejected')
    return (
      <Tooltip label={record.rejection?.message ?? ''}>
        <Badge
          color="red"
          variant="light"
          leftSection={<IconAlertTriangle size={14} />}
          data-testid="sync-state"
          data-state="rejected"
        >
          {t('sync.notSaved')}
        </Badge>
      </Tooltip>
    );
  return (
    <Badge
      color="gray"
      variant="light"
      leftSection={<IconCloudUpload size={14} />}
      data-testid="sync-state"
      data-state="pending"
    >
      {t('sync.waiting')}
    </Badge>
  );
}
