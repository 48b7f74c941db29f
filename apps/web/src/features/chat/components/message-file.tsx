import { Loader } from '@mantine/core';
import {
  IconDownload,
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconPhoto,
  IconPresentation,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatFile } from '@ki/contracts';
import { fileKind, type FileKind } from '../../../lib/document-files';
import { formatFileSize } from '../../../lib/file-size';
import { fileUrl } from '../api/files';
import '../chat-files.css';

const ICONS: Record<FileKind, Icon> = {
  picture: IconPhoto,
  pdf: IconFileTypePdf,
  word: IconFileText,
  sheet: IconFileSpreadsheet,
  slides: IconPresentation,
  other: IconFile,
};

/** A file's card: its kind's icon, its name (wrapped over at most two lines) and its size; `action` on the right. */
function FileCard({
  name,
  contentType,
  byteSize,
  action,
}: {
  name: string;
  contentType: string;
  byteSize: number;
  action: ReactNode;
}) {
  const { t, i18n } = useTranslation('chat');
  const kind = fileKind(contentType);
  const KindIcon = ICONS[kind];
  return (
    <div className="chat-file-card" data-kind={kind} data-testid="message-file">
      <KindIcon size={28} stroke={1.5} aria-hidden="true" className="chat-file-icon" />
      <div className="chat-file-about">
        <div className="chat-file-name" title={name} data-testid="file-name">
          {name}
        </div>
        <div className="chat-file-detail">
          <span className="chat-visually-hidden">{t(`files.kinds.${kind}`)}, </span>
          <span data-testid="file-size">{formatFileSize(byteSize, i18n.resolvedLanguage)}</span>
        </div>
      </div>
      {action}
    </div>
  );
}

/**
 * A message's attachment: a picture as a thumbnail that opens full size in a new tab, a document as
 * a card with its icon, name, size and a download link. Both load from the server by URL (same
 * origin, the session cookie), only when scrolled near.
 */
export function MessageFile({ file, onPictureLoad }: { file: ChatFile; onPictureLoad?: () => void }) {
  const { t } = useTranslation('chat');
  const url = fileUrl(file.id);
  if (fileKind(file.contentType) === 'picture')
    return (
      <a className="chat-picture" href={url} target="_blank" rel="noopener noreferrer" data-testid="message-picture">
        <img src={url} alt={file.name} loading="lazy" decoding="async" onLoad={onPictureLoad} />
      </a>
    );
  return (
    <FileCard
      name={file.name}
      contentType={file.contentType}
      byteSize={file.byteSize}
      action={
        // The server sends documents as attachments under their name; `download` keeps the page where it is.
        <a
          className="chat-file-download"
          href={url}
          download={file.name}
          aria-label={t('files.download', { name: file.name })}
          data-testid="file-download"
        >
          <IconDownload size={20} aria-hidden="true" />
        </a>
      }
    />
  );
}

/** The file of a message not sent yet: its card, with a spinner while it uploads. */
export function PendingFile({ file, sending }: { file: File; sending: boolean }) {
  return (
    <FileCard
      name={file.name}
      contentType={file.type}
      byteSize={file.size}
      action={sending ? <Loader size="xs" aria-hidden="true" data-testid="file-uploading" /> : null}
    />
  );
}
