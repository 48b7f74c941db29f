import { ActionIcon, Group, Textarea } from '@mantine/core';
import { IconSend2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX } from '@ki/contracts';

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line (and Enter while an input method
 * is composing a word does neither). The box empties once the message is handed to the room, which
 * keeps it until the server has it.
 */
export function Composer({ onSend, disabled = false }: { onSend: (text: string) => void; disabled?: boolean }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const send = () => {
    const trimmed = text.trim();
    if (!trimmed || disabled) return;
    onSend(trimmed);
    setText('');
  };
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" className="chat-composer">
      <Textarea
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          send();
        }}
        placeholder={t('room.placeholder')}
        aria-label={t('room.placeholder')}
        description={t('room.hint')}
        inputWrapperOrder={['input', 'description']}
        autosize
        minRows={1}
        maxRows={5}
        maxLength={CHAT_MESSAGE_MAX}
        disabled={disabled}
        style={{ flex: 1 }}
        data-testid="composer"
      />
      <ActionIcon
        size="lg"
        onClick={send}
        disabled={disabled || !text.trim()}
        aria-label={t('room.send')}
        data-testid="send"
      >
        <IconSend2 size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}
