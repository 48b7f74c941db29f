import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChatRoom } from '@ki/contracts';
import { useDirectRoom } from '../api/rooms';
import { useNotifyError } from '../use-error-text';
import { PersonChooser } from './people-picker';

/** New chat: one colleague; their one-to-one room is made on first use, or found, and opened. */
export function NewChatModal({
  opened,
  onClose,
  onOpen,
}: {
  opened: boolean;
  onClose: () => void;
  onOpen: (room: ChatRoom) => void;
}) {
  const { t } = useTranslation('chat');
  const direct = useDirectRoom();
  const notifyError = useNotifyError();
  return (
    <Modal opened={opened} onClose={onClose} title={t('newChat.title')} data-testid="new-chat-modal">
      <PersonChooser
        busy={direct.isPending}
        onChoose={(person) =>
          direct.mutate(person.id, {
            onSuccess: (room) => {
              onClose();
              onOpen(room);
            },
            onError: notifyError,
          })
        }
      />
    </Modal>
  );
}
