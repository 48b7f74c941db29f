import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { positiveParam, useUrlState } from '../../lib/url-state';
import { NotOnDevice } from '../../ui/offline-parts';
import { useDriveListing } from './api/drive-listing';
import { DriveActions } from './components/drive-actions';
import { DrivePath } from './components/drive-path';
import { FileRow } from './components/file-row';
import { FolderRow } from './components/folder-row';
import { UsageBar } from './components/usage-bar';
import { folderHref } from './drive-model';
import { SectionLoader } from '../../ui/section-loader';

/**
 * /drive: a member of staff's own files (issue #26, "drive"; access-and-app-shell.md 2.1), in
 * folders. The open folder is in the address (?folder=<id>), so a reload, Back and the path above
 * the list show the same place. Its folders, then its files with the classes each is shared with;
 * New folder and Upload put more here; the bar says how much of the drive is used.
 */
export function DrivePage() {
  const { t } = useTranslation('drive');
  const { params } = useUrlState();
  const folderId = positiveParam(params, 'folder');
  const listing = useDriveListing(folderId);
  const { data } = listing;

  let body;
  if (!data) {
    body =
      listing.error instanceof ApiError && listing.error.status === 404 ? (
        <Alert color="yellow" data-testid="drive-missing">
          <Stack gap="xs">
            <Text size="sm">{t('missing')}</Text>
            <Anchor component={Link} to={folderHref(null)} size="sm">
              {t('backToTop')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <NotOnDevice
          query={listing}
          failedText={t('failed')}
          offlineText={t('offline')}
          loader={<SectionLoader label={t('loading')} />}
        />
      );
  } else {
    const empty = data.folders.length === 0 && data.files.length === 0;
    body = (
      <>
        <UsageBar space={data} />
        <DriveActions folderId={data.folder?.id ?? null} space={data} />
        <DrivePath path={data.path} />
        {empty ? (
          <Paper withBorder p="md" radius="md">
            <Text c="dimmed" size="sm" data-testid="drive-empty">
              {t(data.folder ? 'empty' : 'emptyTop')}
            </Text>
          </Paper>
        ) : (
          <Stack gap="xs" data-testid="drive-list">
            {data.folders.map((f) => (
              <FolderRow key={f.id} folder={f} />
            ))}
            {data.files.map((f) => (
              <FileRow key={f.id} file={f} />
            ))}
          </Stack>
        )}
      </>
    );
  }

  return (
    <Stack gap="md" maw={760} mx="auto" w="100%" data-testid="drive-page">
      <div>
        <Title order={1} size="h3">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('hint')}
        </Text>
      </div>
      {body}
    </Stack>
  );
}
