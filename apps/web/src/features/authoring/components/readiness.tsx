import { Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** '10 / 10 questions · concept ✓': what a topic needs before it can be published. */
export function Readiness({
  ready,
  questions,
  needed,
  concept,
}: {
  ready: boolean;
  questions: number;
  needed: number;
  concept: boolean;
}) {
  const { t } = useTranslation('authoring');
  return (
    <Group gap={4} wrap="nowrap" data-testid="readiness">
      {ready ? (
        <IconCheck size={14} color="var(--mantine-color-teal-6)" aria-hidden />
      ) : (
        <IconX size={14} color="var(--mantine-color-orange-6)" aria-hidden />
      )}
      <Text size="xs" c={ready ? 'teal' : 'orange'}>
        {t('readiness.summary', { count: questions, needed })} ·{' '}
        {concept ? t('readiness.conceptYes') : t('readiness.conceptNo')}
      </Text>
    </Group>
  );
}
