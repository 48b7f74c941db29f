import { ActionIcon, Avatar, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowBack, IconDotsVertical } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setOpenRoom } from '../api/chat-events';
import { readRoom } from '../api/live-updates';
import { useRoom } from '../api/rooms';
import { useErrorText } from '../use-error-text';
import { useSendMessage } from '../use-send-message';
import { CallButtons } from './call-buttons';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { OnlineDot } from './online-dot';
import { RoomInfo } from './room-info';
import { FavoriteToggle } from './room-list';
import { fileUrl } from '../api/files';

/**
 * Reads the open room while it is on screen: when it opens, when a colleague's message arrives in
 * it, and when the tab comes back into view after one arrived unseen (spec 4.8: unread is cleared
 * when the room opens).
 */
function useReadWhileOpen(roomId: number, meId: number) {
  const client = useQueryClient();
  useEffect(() => {
    let unseen = true;
    const read = () => {
      if (document.visibilityState !== 'visible') return;
      unseen = false;
      readRoom(client, roomId);
    };
    read();
    setOpenRoom({
      id: roomId,
      onMessage: (message) => {
        if (message.senderId === meId) return;
        unseen = true;
        read();
      },
    });
    const onVisibility = () => {
      if (unseen) read();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      setOpenRoom(null);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [client, roomId, meId]);
}

/** The open room: its header (back on a phone, name, people, calls, favorite, info), messages and composer. */
export function RoomView({
  roomId,
  meId,
  onBack,
  onLeft,
}: {
  roomId: number;
  meId: number;
  /** On a phone: back to the rooms list. */
  onBack: (() => void) | null;
  onLeft: () => void;
}) {
  const { t } = useTranslation('chat');
  const detail = useRoom(roomId);
  const errorText = useErrorText();
  const { send, retry, discard } = useSendMessage(roomId);
  const [infoOpened, info] = useDisclosure();
  useReadWhileOpen(roomId, meId);

  const back = onBack ? (
    <ActionIcon variant="subtle" size="lg" onClick={onBack} aria-label={t('actions.back')} data-testid="room-back">
      <IconArrowBack size={20} aria-hidden="true" />
    </ActionIcon>
  ) : null;

  if (detail.isPending)
    return (
      <Group className="chat-room" justify="center" data-testid="room-view">
        <Loader size="sm" />
      </Group>
    );
  if (detail.isError)
    return (
      <Stack className="chat-room" p="md" data-testid="room-view">
        <Group gap="xs">{back}</Group>
        <Text c="red" role="alert" data-testid="room-error">
          {errorText(detail.error)}
        </Text>
        {onBack ? null : (
          <Button variant="default" onClick={onLeft} style={{ alignSelf: 'flex-start' }}>
            {t('actions.back')}
          </Button>
        )}
      </Stack>
    );

  const { room } = detail.data;
  const isGroup = room.kind === 'group';
  return (
    <div className="chat-room" data-testid="room-view" data-room={room.id}>
      <Group gap="xs" wrap="nowrap" className="chat-room-header">
        {back}
        {isGroup ? null : <OnlineDot userId={room.otherUserId} />}
        {room.pictureId ? (
          <Avatar src={fileUrl(room.pictureId)} size={36} radius={36} alt="" data-testid="room-picture" />
        ) : null}
        <div style={{ minWidth: 0, flex: 1 }}>
          <Title order={2} size="h4" lineClamp={1} data-testid="room-title">
            {room.name}
          </Title>
          <Text size="xs" c="dimmed" data-testid="room-people">
            {t('room.people', { count: room.memberCount })}
          </Text>
        </div>
        {/* Calls are one-to-one: a group's meeting is not built yet. */}
        {isGroup ? null : <CallButtons roomId={room.id} userId={room.otherUserId} name={room.name} />}
        <FavoriteToggle room={room} />
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={info.open}
          aria-label={t('info.title')}
          data-testid="room-info-open"
        >
          <IconDotsVertical size={20} aria-hidden="true" />
        </ActionIcon>
      </Group>
      <MessageList roomId={room.id} meId={meId} isGroup={isGroup} onRetry={retry} onDiscard={discard} />
      <Composer onSend={send} />
      <RoomInfo detail={detail.data} meId={meId} opened={infoOpened} onClose={info.close} onLeft={onLeft} />
    </div>
  );
}
