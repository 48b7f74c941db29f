import { NoticePicture } from '../notice-picture';
import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffBroadcast } from '@ki/contracts';
import { formatDateTime } from '../../../lib/format-date';
import { useDeleteBroadcast } from '../api/delete-broadcast';
import { gradeRuns } from '../compose-model';
import { notifyDone, useNotifyError } from '../use-error-text';

/** The share of a notice's students who have read it, 0 to 100. */
export const readPercent = (n: Pick<StaffBroadcast, 'students' | 'studentsRead'>) =>
  n.students > 0 ? Math.min(100, Math.round((100 * n.studentsRead) / n.students)) : 0;

/**
 * The school's notices the caller sees, newest first, with who has read them; Delete where they may,
 * confirmed in the notice's own card (no dialog: nothing more to download, and on a phone the
 * question stays beside the notice it is about).
 */
export function SentNotices({ schoolId, notices }: { schoolId: number; notices: readonly StaffBroadcast[] }) {
  const { t } = useTranslation('notices');
  const [deleting, setDeleting] = useState<number | null>(null);
  const remove = useDeleteBroadcast(schoolId);
  const notifyError = useNotifyError();
  const confirmDelete = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => notifyDone(t('delete.done')),
      onError: notifyError,
      onSettled: () => setDeleting(null),
    });
  return (
    <Stack gap="sm" data-testid="sent">
      <Title order={2} size="h4">
        {t('sent.title')}
      </Title>
      {notices.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text c="dimmed" size="sm" data-testid="sent-empty">
            {t('sent.empty')}
          </Text>
        </Paper>
      ) : (
        notices.map((n) => (
          <SentNotice
            key={n.id}
            notice={n}
            confirming={deleting === n.id}
            removing={remove.isPending && deleting === n.id}
            onDelete={() => setDeleting(n.id)}
            onCancel={() => setDeleting(null)}
            onConfirm={() => confirmDelete(n.id)}
          />
        ))
      )}
    </Stack>
  );
}

function SentNotice({
  notice: n,
  confirming,
  removing,
  onDelete,
  onCancel,
  onConfirm,
}: {
  notice: StaffBroadcast;
  confirming: boolean;
  removing: boolean;
  onDelete: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation('notices');
  const reads = t('sent.readBy', { read: n.studentsRead, count: n.students });
  const meta = [
    formatDateTime(n.createdAt, i18n.resolvedLanguage),
    n.author ? t('sent.by', { name: n.author }) : null,
    t('sent.grades', { grades: gradeRuns(n.grades) }),
  ].filter((part) => part !== null);
  return (
    <Paper withBorder p="md" radius="md" data-testid="sent-notice" data-id={n.id}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={700} style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="sent-title">
            {n.title}
          </Text>
          {n.canDelete && !confirming ? (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={14} aria-hidden="true" />}
              onClick={onDelete}
              style={{ flexShrink: 0 }}
              data-testid="sent-delete"
            >
              {t('sent.delete')}
            </Button>
          ) : null}
        </Group>
        {/* Each part whole on a line of its own if need be: never 'Grades I–' above 'XII'. */}
        <Text size="xs" c="dimmed" data-testid="sent-meta">
          {meta.map((part, i) => (
            <span key={i}>
              {i > 0 ? ' · ' : null}
              <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
            </span>
          ))}
        </Text>
        {n.body ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="sent-body">
            {n.body}
          </Text>
        ) : null}
        <NoticePicture notice={n} alt={t('reader.picture')} />
        {n.linkUrl ? (
          <Anchor
            href={n.linkUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ overflowWrap: 'anywhere', display: 'inline-flex', alignItems: 'center', gap: 4 }}
            data-testid="sent-link"
          >
            <IconExternalLink size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
            {n.linkUrl}
          </Anchor>
        ) : null}
        <Progress value={readPercent(n)} size="sm" radius="xl" color="teal" aria-label={reads} mt={4} />
        <Text size="xs" c="dimmed" data-testid="sent-reads">
          {reads} · {t('sent.parents', { count: n.parentsRead })}
        </Text>
        {confirming ? (
          <Alert color="red" variant="light" title={t('delete.title')} mt={4} data-testid="delete-confirm">
            <Text size="sm">{t('delete.message')}</Text>
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button variant="default" size="xs" onClick={onCancel} data-testid="delete-no">
                {t('delete.cancel')}
              </Button>
              <Button color="red" size="xs" onClick={onConfirm} loading={removing} data-testid="delete-yes">
                {t('delete.confirm')}
              </Button>
            </Group>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
