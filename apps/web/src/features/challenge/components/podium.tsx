import { Avatar } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ScoreRow } from '@ki/contracts';
import { AvatarIcon } from '../../../ui/avatar-icon';

/** The first three on gold, silver and bronze steps (second, first, third from the left). */
export function Podium({ rows }: { rows: readonly ScoreRow[] }) {
  const { t } = useTranslation('assessment');
  return (
    <ol className="ki-live-podium" aria-label={t('challenge.podium')} data-testid="podium">
      {rows.slice(0, 3).map((row, i) => {
        const place = i + 1;
        return (
          <li key={place} data-place={place} data-testid={`podium-${place}`}>
            {place === 1 ? <IconTrophy size={28} className="ki-live-medal" data-place={1} aria-hidden="true" /> : null}
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
