import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toRoman } from '@ki/domain';
import type { AuthoringCatalogResponse } from '@ki/contracts';
import { localName } from '../names';
import { StatusBadges } from './status-badges';

type Subject = AuthoringCatalogResponse['subjects'][number];

/** Subjects without a chapter in the chosen board and grade; editors start one. */
export function OtherSubjects({
  subjects,
  grade,
  canEdit,
  onNewChapter,
}: {
  subjects: Subject[];
  grade: number;
  canEdit: boolean;
  onNewChapter: (subject: Subject) => void;
}) {
  const { t, i18n } = useTranslation('authoring');
  const lang = i18n.resolvedLanguage ?? 'en';
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={600} mb="xs">
        {t('otherSubjects', { grade: toRoman(grade) })}
      </Text>
      <Stack gap={6}>
        {subjects.map((s) => (
          <Group key={s.id} justify="space-between" gap="xs" data-testid={`subject-${s.slug}`}>
            <Group gap="xs">
              <Text size="sm">{localName(s.names, lang)}</Text>
              <StatusBadges state={s} />
            </Group>
            {canEdit ? (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconPlus size={14} />}
                onClick={() => onNewChapter(s)}
              >
                {t('newChapter')}
              </Button>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
