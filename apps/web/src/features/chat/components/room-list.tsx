import { ActionIcon, Avatar, Badge, Button, Group, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { IconMessagePlus, IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatRoom } from '@ki/contracts';
import { useFavorite, useRooms } from '../api/rooms';
import { whenShort } from '../chat-time';
import { useNotifyError } from '../use-error-text';
import { ListStatus } from './list-status';
import { MeetingList } from './meeting-list';
import { OnlineDot } from './online-dot';
import { fileUrl } from '../api/files';

export type RoomsTab = 'rooms' | 'favorites' | 'meetings';
const TABS: readonly RoomsTab[] = ['rooms', 'favorites', 'meetings'];

/**
 * The favorite star, outlined or filled (drawn here: the icon set's stars are the topic result's,
 * and sharing them would split them into a chunk of their own on the learner's pages).
 */
function Star({ filled }: { filled: boolean }) {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function FavoriteToggle({ room }: { room: ChatRoom }) {
  const { t } = useTranslation('chat');
  const favorite = useFavorite(room.id);
  const notifyError = useNotifyError();
  const on = favorite.isPending ? !room.favorite : room.favorite;
  return (
    <ActionIcon
      variant="subtle"
      color={on ? 'yellow' : 'gray'}
      onClick={() => favorite.mutate(!room.favorite, { onError: notifyError })}
      aria-label={t(on ? 'actions.unfavorite' : 'actions.favorite')}
      aria-pressed={on}
      data-testid="favorite-toggle"
    >
      <Star filled={on} />
    </ActionIcon>
  );
}

function RoomRow({ room, selected, onOpen }: { room: ChatRoom; selected: boolean; onOpen: () => void }) {
  const { t, i18n } = useTranslation('chat');
  const [now] = useState(() => Date.now());
  const last = room.lastMessage;
  // The open room is being read: its count clears as soon as the server hears so.
  const unread = selected ? 0 : room.unread;
  return (
    <div className="chat-room-row" data-selected={selected ? '' : undefined} data-testid="room-row" data-room={room.id}>
      <UnstyledButton
        className="chat-room-open"
        onClick={onOpen}
        aria-current={selected ? 'true' : undefined}
        data-testid="room-open"
      >
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {room.kind === 'direct' ? <OnlineDot userId={room.otherUserId} /> : null}
            {room.pictureId ? (
              <Avatar src={fileUrl(room.pictureId)} size={24} radius={24} alt="" data-testid="room-picture" />
            ) : null}
            <Text fw={unread > 0 ? 700 : 500} truncate data-testid="room-name">
              {room.name}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {whenShort(last?.sentAt ?? room.lastActivityAt, now, i18n.resolvedLanguage)}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" c="dimmed" truncate data-testid="room-preview">
            {last ? (
              <>
                <Text span inherit fw={500}>
                  {last.senderName}
                </Text>
                {`: ${last.text || last.fileName || ''}`}
              </>
            ) : (
              t('list.noMessages')
            )}
          </Text>
          {unread > 0 ? (
            <Badge
              size="sm"
              circle={unread < 10}
              style={{ flexShrink: 0 }}
              aria-label={t('list.unread', { count: unread })}
              data-testid="room-unread"
            >
              {unread > 99 ? '99+' : unread}
            </Badge>
          ) : null}
        </Group>
      </UnstyledButton>
      <FavoriteToggle room={room} />
    </div>
  );
}

/** All rooms or the favorites, newest activity first, 30 at a time with a button for more (spec 9). */
function Rooms({
  favorites,
  selectedId,
  onOpen,
}: {
  favorites: boolean;
  selectedId: number | null;
  onOpen: (roomId: number) => void;
}) {
  const { t } = useTranslation('chat');
  const rooms = useRooms(favorites);
  const notifyError = useNotifyError();
  const list = rooms.data?.pages.flatMap((p) => p.rooms) ?? [];
  const tab = favorites ? 'favorites' : 'rooms';
  return (
    <>
      <ListStatus query={rooms} isEmpty={list.length === 0} tab={tab}>
        <Stack gap={2} component="ul" className="chat-rooms" aria-label={t(`tabs.${tab}`)}>
          {list.map((room) => (
            <li key={room.id}>
              <RoomRow room={room} selected={room.id === selectedId} onOpen={() => onOpen(room.id)} />
            </li>
          ))}
        </Stack>
      </ListStatus>
      {rooms.hasMore ? (
        <Button
          variant="subtle"
          onClick={() => void rooms.more().catch(notifyError)}
          loading={rooms.loadingMore}
          data-testid="rooms-more"
        >
          {t('list.more')}
        </Button>
      ) : null}
    </>
  );
}

/**
 * The list pane: New chat / Create group, and the rooms, the favorites or the meetings (tabs).
 */
export function RoomList({
  tab,
  onTab,
  selectedId,
  onOpen,
  onNewChat,
  onNewGroup,
}: {
  tab: RoomsTab;
  onTab: (tab: RoomsTab) => void;
  selectedId: number | null;
  onOpen: (roomId: number) => void;
  onNewChat: () => void;
  onNewGroup: () => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <Stack gap="sm" className="chat-list" data-testid="room-list">
      <Group gap="xs" grow>
        <Button
          variant="light"
          leftSection={<IconMessagePlus size={18} aria-hidden="true" />}
          onClick={onNewChat}
          data-testid="new-chat"
        >
          {t('actions.newChat')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconUsersPlus size={18} aria-hidden="true" />}
          onClick={onNewGroup}
          data-testid="new-group"
        >
          {t('actions.createGroup')}
        </Button>
      </Group>
      <Tabs value={tab} onChange={(value) => onTab(TABS.find((v) => v === value) ?? 'rooms')}>
        <Tabs.List grow>
          <Tabs.Tab value="rooms" data-testid="tab-rooms">
            {t('tabs.rooms')}
          </Tabs.Tab>
          <Tabs.Tab value="favorites" data-testid="tab-favorites">
            {t('tabs.favorites')}
          </Tabs.Tab>
          <Tabs.Tab value="meetings" data-testid="tab-meetings">
            {t('tabs.meetings')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'meetings' ? (
        <MeetingList />
      ) : (
        <Rooms favorites={tab === 'favorites'} selectedId={selectedId} onOpen={onOpen} />
      )}
    </Stack>
  );
}
