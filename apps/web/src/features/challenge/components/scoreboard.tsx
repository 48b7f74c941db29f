import { Avatar, Text } from '@mantine/core';
import { IconMedal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ScoreRow } from '@ki/contracts';
import { AvatarIcon } from '../../../ui/avatar-icon';

/**
 * The top 10: rank, avatar, name and marks; the player's own row stands out. Equal marks share a
 * rank (the faster answers listed first), and the board says so when it shows a tie.
 */
export function Scoreboard({ rows, own }: { rows: readonly ScoreRow[]; own: { rank: number; name: string } | null }) {
  const { t } = useTranslation('assessment');
  const isOwn = (row: ScoreRow) => own !== null && row.rank === own.rank && row.name === own.name;
  const tied = rows.some((row, i) => i > 0 && rows[i - 1]!.rank === row.rank);
  return (
    <>
      <ol className="ki-live-board" aria-label={t('challenge.top')} data-testid="scoreboard">
        {rows.map((row, i) => (
          <li key={i} data-own={isOwn(row) ? '' : undefined} data-testid="score-row">
            <span className="ki-live-rank">{row.rank}</span>
            <Avatar size={30} radius="xl" color={isOwn(row) ? 'orange' : 'cyan'}>
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
      {tied ? (
        <Text size="xs" c="dimmed" ta="center" data-testid="tie-note">
          {t('challenge.tied')}
        </Text>
      ) : null}
    </>
  );
}
