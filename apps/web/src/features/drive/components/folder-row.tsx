import { ActionIcon, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconFolder, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DriveFolder } from '@ki/contracts';
import { useDeleteFolder } from '../api/folders';
import { folderHref } from '../drive-model';
import { notifyDone, useErrorText } from '../use-error-text';
import { ConfirmDelete } from './confirm-delete';

/**
 * A folder of the open one: a tap opens it (a link: Back returns here); the bin deletes it after asking, which the server does
 * only while it is empty (otherwise the dialog says to empty it first).
 */
export function FolderRow({ folder }: { folder: DriveFolder }) {
  const { t } = useTranslation('drive');
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteFolder();
  const errorText = useErrorText();
  const close = () => {
    setConfirming(false);
    remove.reset();
  };
  return (
    <Paper withBorder radius="md" p={0} data-testid="drive-folder" data-id={folder.id}>
      <Group gap={0} wrap="nowrap">
        <UnstyledButton
          component={Link}
          to={folderHref(folder.id)}
          style={{ flex: 1, minWidth: 0, padding: 'var(--mantine-spacing-sm)' }}
          data-testid="folder-open"
        >
          <Group gap="sm" wrap="nowrap">
            <IconFolder
              size={28}
              stroke={1.5}
              aria-hidden="true"
              color="var(--mantine-color-yellow-7)"
              style={{ flexShrink: 0 }}
            />
            <Text fw={600} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} data-testid="folder-name-text">
              {folder.name}
            </Text>
            <IconChevronRight size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
          </Group>
        </UnstyledButton>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          mr="xs"
          onClick={() => setConfirming(true)}
          aria-label={t('folders.delete', { name: folder.name })}
          data-testid="folder-delete"
        >
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
      {confirming ? (
        <ConfirmDelete
          title={t('folders.deleteTitle')}
          text={t('folders.deleteText', { name: folder.name })}
          refusal={remove.isError ? errorText(remove.error) : null}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(folder.id, {
              onSuccess: () => {
                close();
                notifyDone(t('folders.deleted'));
              },
            })
          }
          onClose={close}
        />
      ) : null}
    </Paper>
  );
}
