import { Alert, Button, FileButton, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconFolderPlus, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DRIVE_FILE_MAX_BYTES, DRIVE_FOLDER_NAME_MAX, type DriveListing } from '@ki/contracts';
import { DOCUMENT_ACCEPT } from '../../../lib/document-files';
import { formatFileSize } from '../../../lib/file-size';
import { useUploadFile } from '../api/files';
import { useCreateFolder } from '../api/folders';
import { uploadProblem, validateFolder } from '../drive-model';
import { notifyDone, useErrorText } from '../use-error-text';

/**
 * What the open folder's owner does in it: make a folder in it (its name checked with the
 * contract's schema before it is sent; a name already there is said on the field), and upload a
 * file to it, checked here for its type, size and the room left before anything is sent, with a
 * busy line while it goes.
 */
export function DriveActions({
  folderId,
  space,
}: {
  folderId: number | null;
  space: Pick<DriveListing, 'usedBytes' | 'quotaBytes'>;
}) {
  const { t, i18n } = useTranslation('drive');
  const language = i18n.resolvedLanguage;
  const [naming, setNaming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadFile();
  const errorText = useErrorText();
  const resetPicker = useRef<() => void>(null);

  function choose(file: File | null) {
    resetPicker.current?.();
    if (!file) return;
    upload.reset();
    const found = uploadProblem(file, space);
    if (found) {
      setProblem(
        t(`upload.${found}`, {
          name: file.name,
          size: formatFileSize(file.size, language),
          max: formatFileSize(DRIVE_FILE_MAX_BYTES, language),
          free: formatFileSize(Math.max(0, space.quotaBytes - space.usedBytes), language),
        }),
      );
      return;
    }
    setProblem(null);
    upload.mutate({ file, folderId }, { onSuccess: (saved) => notifyDone(t('upload.done', { name: saved.name })) });
  }

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconFolderPlus size={18} aria-hidden="true" />}
          onClick={() => setNaming(true)}
          aria-expanded={naming}
          data-testid="new-folder"
        >
          {t('folders.new')}
        </Button>
        <FileButton onChange={choose} accept={DOCUMENT_ACCEPT} resetRef={resetPicker}>
          {(props) => (
            <Button
              {...props}
              leftSection={<IconUpload size={18} aria-hidden="true" />}
              loading={upload.isPending}
              data-testid="upload"
            >
              {t('upload.action')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('upload.hint', { max: formatFileSize(DRIVE_FILE_MAX_BYTES, language) })}
      </Text>
      {naming ? <NewFolderForm parentId={folderId} onDone={() => setNaming(false)} /> : null}
      {upload.isPending ? (
        <Group gap="xs" wrap="nowrap" role="status" data-testid="uploading">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('upload.uploading', { name: upload.variables.file.name })}
          </Text>
        </Group>
      ) : null}
      {problem ? (
        <Alert color="red" role="alert" data-testid="upload-problem">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {problem}
          </Text>
        </Alert>
      ) : null}
      {upload.isError ? (
        <Alert color="red" role="alert" data-testid="upload-refused">
          <Text size="sm">{errorText(upload.error, 'upload')}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** A new folder's name, inline under the buttons: Create makes it in the open folder, Cancel puts the form away. */
function NewFolderForm({ parentId, onDone }: { parentId: number | null; onDone: () => void }) {
  const { t } = useTranslation('drive');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateFolder();
  const errorText = useErrorText();
  const field = useRef<HTMLInputElement>(null);
  // Opened by "New folder": the name is what comes next.
  useEffect(() => field.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateFolder(name, parentId);
    if (!result.ok) {
      setError(t(result.problem.key, result.problem.values));
      return;
    }
    create.mutate(result.body, {
      onSuccess: (folder) => {
        notifyDone(t('folders.created', { name: folder.name }));
        onDone();
      },
      onError: (e) => setError(errorText(e)),
    });
  }

  return (
    <Paper withBorder p="sm" radius="md" component="form" noValidate onSubmit={submit} data-testid="folder-form">
      <Stack gap="xs">
        <TextInput
          label={t('folders.name')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          maxLength={DRIVE_FOLDER_NAME_MAX}
          error={error}
          ref={field}
          data-testid="folder-name"
        />
        <Group gap="xs" justify="flex-end">
          <Button variant="default" onClick={onDone} data-testid="folder-cancel">
            {t('folders.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="folder-create">
            {t('folders.create')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
