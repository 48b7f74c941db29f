import { useTranslation } from 'react-i18next';
import { useOnline } from '../presence';

/** A colleague's online dot: green when online, a grey ring when not; its meaning is read out. */
export function OnlineDot({ userId }: { userId: number | null }) {
  const { t } = useTranslation('chat');
  const online = useOnline(userId);
  return (
    <span
      className="chat-dot"
      data-online={online ? '' : undefined}
      role="img"
      aria-label={t(online ? 'presence.online' : 'presence.offline')}
      data-testid="online-dot"
    />
  );
}
