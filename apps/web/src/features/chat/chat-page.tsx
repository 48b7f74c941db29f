import { Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMe } from '../../lib/session';
import { placeOf, positiveParam, useUrlState } from '../../lib/url-state';
import { useChatEvents } from './api/chat-events';
import { useColleagues } from './api/colleagues';
import { CreateGroupModal } from './components/group-modal';
import { NewChatModal } from './components/new-chat-modal';
import { RoomList, type RoomsTab } from './components/room-list';
import { RoomView } from './components/room-view';
import './chat.css';
import './strings';

/** From about 900 px the rooms list and the open room sit side by side; below, one or the other. */
const WIDE = '(min-width: 56.25em)';

/**
 * /chat: staff talk with colleagues of their chain in one-to-one rooms and groups, and schedule
 * meetings (access-and-app-shell.md 2.1, 2.8 communication: rooms, favorites, meetings, create group,
 * room info). The open room is in the address (?room=<id>), so a reload, a shared link and Back show
 * it; the list's tab too (?tab=favorites, ?tab=meetings).
 */
export function ChatPage() {
  const { t } = useTranslation('chat');
  const { data: me } = useMe();
  const meId = me?.user.id ?? 0;
  useChatEvents(meId);
  // Who is online: the chain's colleagues arrive with their dots (the socket then says who changes).
  useColleagues('');
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  const { params, setView, setPlace } = useUrlState();
  const location = useLocation();
  const navigate = useNavigate();
  const roomId = positiveParam(params, 'room');
  const tabParam = params.get('tab');
  const tab: RoomsTab = tabParam === 'favorites' || tabParam === 'meetings' ? tabParam : 'rooms';
  const [groupOpened, group] = useDisclosure();
  const [newChatOpened, newChat] = useDisclosure();

  // On a phone a room is a place of its own (Back returns to the list); side by side it is a view.
  const open = (id: number) => (wide ? setView({ room: id }) : setPlace({ room: id }));
  const closeRoom = () => {
    if (!wide && placeOf(location.state).depth > 0) void navigate(-1);
    else setView({ room: null });
  };

  const list = (
    <RoomList
      tab={tab}
      onTab={(next) => setView({ tab: next === 'rooms' ? null : next })}
      selectedId={roomId}
      onOpen={open}
      onNewChat={newChat.open}
      onNewGroup={group.open}
    />
  );
  const room =
    roomId !== null ? (
      <RoomView
        key={roomId}
        roomId={roomId}
        meId={meId}
        onBack={wide ? null : closeRoom}
        onLeft={() => setView({ room: null })}
      />
    ) : (
      <Stack className="chat-room chat-welcome" justify="center" align="center" p="xl" data-testid="chat-welcome">
        <Text c="dimmed" ta="center">
          {t('welcome')}
        </Text>
      </Stack>
    );

  return (
    <Stack gap="sm" className="chat-page" data-testid="chat-page">
      <Title order={1} size="h3" className={roomId !== null && !wide ? 'chat-visually-hidden' : undefined}>
        {t('title')}
      </Title>
      <div className="chat-panes" data-wide={wide ? '' : undefined}>
        {wide ? (
          <>
            {list}
            {room}
          </>
        ) : roomId !== null ? (
          room
        ) : (
          list
        )}
      </div>
      <CreateGroupModal opened={groupOpened} onClose={group.close} onCreated={(r) => open(r.id)} />
      <NewChatModal opened={newChatOpened} onClose={newChat.close} onOpen={(r) => open(r.id)} />
    </Stack>
  );
}
