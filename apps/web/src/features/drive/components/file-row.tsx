import { ActionIcon, Badge, Button, CloseButton, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconDownload,
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconPhoto,
  IconPresentation,
  IconShare,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveFile, DriveShare } from '@ki/contracts';
import { driveFileUrl, fileKind, type FileKind } from '../../../lib/document-files';
import { formatFileSize } from '../../../lib/file-size';
import { formatDate } from '../../../lib/format-date';
import { useDeleteFile } from '../api/files';
import { useUnshare } from '../api/shares';
import { shareName } from '../drive-model';
import { notifyDone, useErrorText } from '../use-error-text';
import { ConfirmDelete } from './confirm-delete';
import { ShareDialog } from './share-dialog';

const ICONS: Record<FileKind, Icon> = {
  picture: IconPhoto,
  pdf: IconFileTypePdf,
  word: IconFileText,
  sheet: IconFileSpreadsheet,
  slides: IconPresentation,
  other: IconFile,
};

/**
 * A file of the open folder: its kind's icon, name, size and day; the classes it is shared with as
 * chips ("VII A", "VII (all)"), each with its × to stop sharing; Share (the class picker),
 * Download, and Delete after asking.
 */
export function FileRow({ file }: { file: DriveFile }) {
  const { t, i18n } = useTranslation('drive');
  const [sharing, setSharing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteFile();
  const errorText = useErrorText();
  const kind = fileKind(file.contentType);
  const KindIcon = ICONS[kind];
  const close = () => {
    setConfirming(false);
    remove.reset();
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="drive-file" data-id={file.id}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <KindIcon size={28} stroke={1.5} aria-hidden="true" style={{ flexShrink: 0 }} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="file-name">
            {file.name}
          </Text>
          <Text size="xs" c="dimmed" data-testid="file-details">
            <VisuallyHidden component="span">{t(`files.kinds.${kind}`)}, </VisuallyHidden>
            {formatFileSize(file.byteSize, i18n.resolvedLanguage)} · {formatDate(file.createdAt, i18n.resolvedLanguage)}
          </Text>
          {file.shares.length > 0 ? <ShareChips shares={file.shares} /> : null}
        </Stack>
      </Group>
      <Group gap="xs" justify="flex-end" mt="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconShare size={16} aria-hidden="true" />}
          onClick={() => setSharing(true)}
          aria-label={t('share.actionLabel', { name: file.name })}
          data-testid="file-share"
        >
          {t('share.action')}
        </Button>
        <ActionIcon
          component="a"
          href={driveFileUrl(file.id)}
          download={file.name}
          variant="subtle"
          size="lg"
          aria-label={t('files.download', { name: file.name })}
          data-testid="file-download"
        >
          <IconDownload size={18} aria-hidden="true" />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          onClick={() => setConfirming(true)}
          aria-label={t('files.delete', { name: file.name })}
          data-testid="file-delete"
        >
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
      {sharing ? <ShareDialog file={file} onClose={() => setSharing(false)} /> : null}
      {confirming ? (
        <ConfirmDelete
          title={t('files.deleteTitle')}
          text={t('files.deleteText', { name: file.name })}
          refusal={remove.isError ? errorText(remove.error) : null}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(file.id, {
              onSuccess: () => {
                close();
                notifyDone(t('files.deleted'));
              },
            })
          }
          onClose={close}
        />
      ) : null}
    </Paper>
  );
}

/** The classes a file is shared with, each a chip with its × (stop sharing with that class). */
function ShareChips({ shares }: { shares: DriveShare[] }) {
  const { t } = useTranslation('drive');
  const unshare = useUnshare();
  const errorText = useErrorText();
  return (
    <Group gap={6} wrap="wrap" aria-label={t('files.sharedWith')} role="group" data-testid="file-shares">
      <Text size="xs" c="dimmed">
        {t('files.sharedWith')}
      </Text>
      {shares.map((s) => {
        const name = shareName(s, t);
        return (
          <Badge
            key={s.id}
            variant="light"
            radius="xl"
            tt="none"
            title={`${s.schoolName} · ${s.boardName}`}
            pr={2}
            rightSection={
              <CloseButton
                size="xs"
                radius="xl"
                disabled={unshare.isPending && unshare.variables === s.id}
                onClick={() =>
                  unshare.mutate(s.id, {
                    onSuccess: () => notifyDone(t('share.removed', { name })),
                    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
                  })
                }
                aria-label={t('share.remove', { name })}
                data-testid="share-remove"
              />
            }
            data-testid="share-chip"
          >
            {name}
          </Badge>
        );
      })}
    </Group>
  );
}
