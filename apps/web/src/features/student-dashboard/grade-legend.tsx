import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GRADE_LEGEND } from '@ki/domain';

/** What the grade letters of the chapter and topic rows mean (dashboards.md 2.3, 5: the legend on the subject table). */
export function GradeLegend() {
  const { t } = useTranslation('student');
  return (
    <Group gap={4} align="center" data-testid="grade-legend" aria-label={t('subject.legend')} role="group">
      <Text size="xs" c="dimmed" mr={4}>
        {t('subject.legend')}
      </Text>
      {GRADE_LEGEND.map((l) => (
        <Badge key={l.label} variant="outline" size="sm" tt="none">
          {l.label} {l.min}-{l.max}
        </Badge>
      ))}
    </Group>
  );
}
