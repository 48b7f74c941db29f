import { Avatar } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LobbyPlayer } from '@ki/contracts';
import { AvatarIcon } from '../../../ui/avatar-icon';

/** Who has joined, in the order they came (the server sends the newest 50). */
export function PlayerList({ players }: { players: readonly LobbyPlayer[] }) {
  const { t } = useTranslation('assessment');
  return (
    <ul className="ki-live-players" aria-label={t('challenge.playersLabel')} data-testid="players">
      {players.map((p, i) => (
        <li key={`${i}-${p.name}`} data-testid="player">
          <Avatar size={32} radius="xl" color="cyan">
            <AvatarIcon avatar={p.avatar} />
          </Avatar>
          <span>{p.name}</span>
        </li>
      ))}
    </ul>
  );
}
