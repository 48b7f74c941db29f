import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconDownload, IconFileText, IconFolderShare, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MeResponse, SharedFiles } from '@ki/contracts';
import { driveFileUrl } from '../../../lib/document-files';
import '../../../lib/drive-strings';
import { formatDate } from '../../../lib/format-date';
import { queryClient } from '../../../lib/query-client';
import { meQueryOptions } from '../../../lib/session';
import { hasSharedFiles, sharedFilesQuery } from '../api/shared-files';
import './shared-files-card.css';

/** The files the card lists at most: the newest. */
const SHOWN = 5;

// Asked for as soon as the home's lazy module arrives, beside the home's own answers.
if (hasSharedFiles(queryClient.getQueryData<MeResponse | null>(meQueryOptions().queryKey)))
  void queryClient.prefetchQuery(sharedFilesQuery());

/**
 * "From your teachers" (issue #26, drive): the newest files teachers shared with the student's
 * class, each with who shared it and when, a tap downloading it. Nothing while there are none, nor
 * while the answer is on its way or could not be had: the home never waits for it. Its strings (the
 * drive's) are asked for only once there is something to show.
 */
export function SharedFilesCard() {
  const me = useQueryClient().getQueryData<MeResponse | null>(meQueryOptions().queryKey);
  const { data } = useQuery({ ...sharedFilesQuery(), enabled: hasSharedFiles(me) });
  if (!data || data.files.length === 0) return null;
  return <SharedFilesList files={data.files.slice(0, SHOWN)} />;
}

function SharedFilesList({ files }: { files: SharedFiles['files'] }) {
  // Not suspending: the rails above stay as they are while the strings arrive.
  const { t, i18n, ready } = useTranslation('drive', { useSuspense: false });
  if (!ready) return null;
  return (
    <section className="ki-card" aria-labelledby="shared-files-title" data-testid="shared-files">
      <div className="ki-row" style={{ marginBottom: 4 }}>
        <IconFolderShare size={20} aria-hidden="true" />
        <h3 className="ki-title" data-size="h5" id="shared-files-title">
          {t('shared.title')}
        </h3>
      </div>
      <ul className="ki-shared-list">
        {files.map((f) => {
          const FileIcon = f.contentType.startsWith('image/') ? IconPhoto : IconFileText;
          return (
            <li key={f.id}>
              <a
                className="ki-shared-file"
                href={driveFileUrl(f.id)}
                download={f.name}
                title={t('shared.download', { name: f.name })}
                data-testid="shared-file"
              >
                <FileIcon size={24} stroke={1.5} aria-hidden="true" />
                <span className="ki-shared-about">
                  <span className="ki-shared-name ki-bold" data-testid="shared-file-name">
                    {f.name}
                  </span>
                  <span className="ki-text-xs ki-dimmed" data-testid="shared-file-by">
                    {t('shared.by', { name: f.sharedBy, date: formatDate(f.sharedAt, i18n.resolvedLanguage) })}
                  </span>
                </span>
                <IconDownload size={20} aria-hidden="true" />
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
