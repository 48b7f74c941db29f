import { ActionIcon, Group, Text, Textarea } from '@mantine/core';
import { IconPaperclip, IconSend2, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_FILE_MAX_BYTES, CHAT_MESSAGE_MAX } from '@ki/contracts';
import { formatFileSize } from '../../../lib/file-size';
import { FILE_ACCEPT, fileProblem } from '../api/files';
import '../chat-files.css';

/** Why the chosen file or its caption cannot go, in words for the writer. */
type Problem = { kind: 'type' | 'size' | 'empty'; file: File };

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line (and Enter while an input method
 * is composing a word does neither). The paperclip attaches one picture or document, checked here
 * for its type and size before anything is sent; the text is then its caption, and both go as one
 * message. The box empties once the message is handed to the room, which keeps it until the
 * server has it.
 */
export function Composer({
  onSend,
  disabled = false,
}: {
  onSend: (text: string, file?: File) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('chat');
  const language = i18n.resolvedLanguage;
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const found = fileProblem(chosen);
    setProblem(found ? { kind: found, file: chosen } : null);
    setFile(found ? null : chosen);
  };
  const send = () => {
    const trimmed = text.trim();
    if ((!trimmed && !file) || disabled) return;
    if (file) onSend(trimmed, file);
    else onSend(trimmed);
    setText('');
    setFile(null);
    setProblem(null);
  };

  const problemText = (p: Problem): string => {
    const values = {
      name: p.file.name,
      size: formatFileSize(p.file.size, language),
      max: formatFileSize(CHAT_FILE_MAX_BYTES, language),
    };
    return t({ type: 'files.wrongType', size: 'files.tooLarge', empty: 'files.empty' }[p.kind], values);
  };

  return (
    <div className="chat-composer">
      {file ? (
        <div className="chat-attachment" data-testid="attachment">
          <IconPaperclip size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
          <span className="chat-attachment-name" title={file.name} data-testid="attachment-name">
            {file.name}
          </span>
          <span className="chat-attachment-size">{formatFileSize(file.size, language)}</span>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            radius="xl"
            onClick={() => setFile(null)}
            aria-label={t('files.remove', { name: file.name })}
            data-testid="attachment-remove"
          >
            <IconX size={14} aria-hidden="true" />
          </ActionIcon>
        </div>
      ) : null}
      {problem ? (
        <Text size="sm" c="red" role="alert" mb={4} style={{ overflowWrap: 'anywhere' }} data-testid="file-problem">
          {problemText(problem)}
        </Text>
      ) : null}
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={() => picker.current?.click()}
          disabled={disabled}
          aria-label={t('files.attach')}
          data-testid="attach"
        >
          <IconPaperclip size={20} aria-hidden="true" />
        </ActionIcon>
        <input
          ref={picker}
          type="file"
          accept={FILE_ACCEPT}
          className="chat-file-input"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            choose(event.currentTarget.files?.[0]);
            // The same file chosen again (after removing it) is a change too.
            event.currentTarget.value = '';
          }}
          data-testid="attach-input"
        />
        <Textarea
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            send();
          }}
          placeholder={file ? t('files.captionPlaceholder') : t('room.placeholder')}
          aria-label={file ? t('files.captionPlaceholder') : t('room.placeholder')}
          description={t('room.hint')}
          inputWrapperOrder={['input', 'description']}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={CHAT_MESSAGE_MAX}
          disabled={disabled}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="composer"
        />
        <ActionIcon
          size="lg"
          onClick={send}
          disabled={disabled || (!text.trim() && !file)}
          aria-label={t('room.send')}
          data-testid="send"
        >
          <IconSend2 size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </div>
  );
}
