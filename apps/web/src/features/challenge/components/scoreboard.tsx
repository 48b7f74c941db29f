import { Avatar } from '@mantine/core';
import { IconMedal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ScoreRow } from '@ki/contracts';
import { AvatarIcon } from '../../../ui/avatar-icon';

/** The top 10: rank, avatar, name and marks; the player's own row stands out. */
export function Scoreboard({ rows, ownRank }: { rows: readonly ScoreRow[]; ownRank: number | null }) {
  const { t } = useTranslation('assessment');
  return (
    <ol className="ki-live-board" aria-label={t('challenge.top')} data-testid="scoreboard">
      {rows.map((row) => (
        <li key={row.rank} data-own={row.rank === ownRank ? '' : undefined} data-testid="score-row">
          <span className="ki-live-rank">{row.rank}</span>
          <Avatar size={30} radius="xl" color={row.rank === ownRank ? 'orange' : 'cyan'}>
            <AvatarIcon avatar={row.avatar} />
          </Avatar>
          <span className="ki-live-name">{row.name}</span>
          {row.rank <= 3 && row.score > 0 ? (
            <IconMedal size={20} className="ki-live-medal" data-place={row.rank} aria-hidden="true" />
          ) : null}
          <span className="ki-live-score">{t('challenge.marks', { score: row.score })}</span>
        </li>
      ))}
    </ol>
  );
}
