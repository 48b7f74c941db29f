import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StudentDashboardResponse } from '@ki/contracts';
import { formatDateTime } from '../../lib/format-date';

type Flagged = NonNullable<StudentDashboardResponse['flaggedRecords']>;

/**
 * Games flagged at upload as far above the student's usual accuracy at a speed below the reading
 * allowance (security issue #21). Only staff get them from the server; a note to talk about, not a
 * verdict: the games count like any other.
 */
/** Times are of the student's school (`timeZone`). */
export function FlaggedGames({ flagged, timeZone }: { flagged: Flagged | undefined; timeZone?: string | undefined }) {
  const { t, i18n } = useTranslation('student');
  if (!flagged?.length) return null;
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('flags.title')} data-testid="flagged-games">
      <Text size="sm" mb="xs">
        {t('flags.hint')}
      </Text>
      <List size="sm" spacing={4}>
        {flagged.map((f) => (
          <List.Item key={f.recordId} data-testid="flagged-game">
            {t('flags.row', {
              when: formatDateTime(f.playedAt, i18n.language, timeZone),
              kind: t(`flags.kind.${f.kind}`),
              accuracy: Math.round(f.accuracy),
              seconds: f.secondsPerQuestion.toFixed(1),
              usual: Math.round(f.usualAccuracy),
              answers: f.historyAnswers,
            })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
