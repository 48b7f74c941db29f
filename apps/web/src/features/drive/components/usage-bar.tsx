import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DriveListing } from '@ki/contracts';
import { formatFileSize } from '../../../lib/file-size';
import { usedPercent } from '../drive-model';

/** The space the drive uses: "12.3 MB of 500 MB" over a bar, orange past 90 %. */
export function UsageBar({ space }: { space: Pick<DriveListing, 'usedBytes' | 'quotaBytes'> }) {
  const { t, i18n } = useTranslation('drive');
  const percent = usedPercent(space);
  const text = t('usage', {
    used: formatFileSize(space.usedBytes, i18n.resolvedLanguage),
    quota: formatFileSize(space.quotaBytes, i18n.resolvedLanguage),
  });
  return (
    <Stack gap={4} data-testid="drive-usage">
      <Progress
        value={percent}
        color={percent >= 90 ? 'orange' : 'blue'}
        size="sm"
        aria-label={t('usageLabel')}
        aria-valuetext={text}
      />
      <Text size="xs" c="dimmed" data-testid="drive-usage-text">
        {text}
      </Text>
    </Stack>
  );
}
