import { NativeSelect, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toRoman } from '@ki/domain';
import type { AuthoringCatalogResponse } from '@ki/contracts';

/** The board and grade whose chapters the page shows. */
export function BoardGradeSelect({
  boards,
  grades,
  boardId,
  grade,
  onSelect,
}: {
  boards: AuthoringCatalogResponse['boards'];
  grades: number[];
  boardId: number | null;
  grade: number;
  onSelect: (key: 'board' | 'grade', value: string) => void;
}) {
  const { t } = useTranslation('authoring');
  return (
    <SimpleGrid cols={2} spacing="sm" maw={560}>
      <NativeSelect
        label={t('board')}
        value={boardId ?? ''}
        onChange={(e) => onSelect('board', e.currentTarget.value)}
        data={boards.map((b) => ({ value: String(b.id), label: b.name }))}
        data-testid="board-select"
      />
      <NativeSelect
        label={t('grade')}
        value={String(grade)}
        onChange={(e) => onSelect('grade', e.currentTarget.value)}
        data={grades.map((g) => ({ value: String(g), label: t('gradeLabel', { grade: toRoman(g) }) }))}
        data-testid="grade-select"
      />
    </SimpleGrid>
  );
}
