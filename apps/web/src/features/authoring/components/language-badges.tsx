import { Badge, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Per-language completeness: English is required, the other five show what they still miss. */
export function LanguageBadges({
  completeness,
}: {
  completeness: { language: string; done: number; total: number; complete: boolean }[];
}) {
  const { t } = useTranslation(['authoring', 'common']);
  return (
    <Group gap={4} wrap="wrap" aria-label={t('completeness.label')} data-testid="completeness">
      {completeness.map((c) => (
        <Tooltip
          key={c.language}
          label={t('completeness.tooltip', {
            language: t(`common:languages.${c.language}`),
            done: c.done,
            total: c.total,
          })}
        >
          <Badge
            variant={c.complete ? 'filled' : 'outline'}
            color={c.complete ? 'teal' : c.language === 'en' ? 'red' : 'gray'}
            size="sm"
          >
            {c.language.toUpperCase()} {c.complete ? '✓' : `${c.done}/${c.total}`}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}
