import { Avatar } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ScoreRow } from '@ki/contracts';
import { AvatarIcon } from '../../../ui/avatar-icon';

/**
 * The first three, second, first and third from the left, each on the step of their rank: gold,
 * silver, bronze. Equal marks share a rank, so tied players stand on steps of the same height.
 */
export function Podium({ rows }: { rows: readonly ScoreRow[] }) {
  const { t } = useTranslation('assessment');
  return (
    <ol className="ki-live-podium" aria-label={t('challenge.podium')} data-testid="podium">
      {rows.slice(0, 3).map((row, i) => {
        const place = i + 1;
        return (
          <li key={place} data-place={place} data-rank={Math.min(row.rank, 3)} data-testid={`podium-${place}`}>
            {row.rank === 1 ? (
              <IconTrophy size={28} className="ki-live-medal" data-place={1} aria-hidden="true" />
            ) : null}
            <Avatar size={44} radius="xl" color="cyan">
              <AvatarIcon avatar={row.avatar} size={24} />
            </Avatar>
            <span className="ki-live-name">{row.name}</span>
            <span>{t('challenge.marks', { score: row.score })}</span>
            <span className="ki-live-step">{row.rank}</span>
          </li>
        );
      })}
    </ol>
  );
}
