import { ActionIcon } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The up and down arrows of the item at `index` in a list of `count`; `isLocked(by)` keeps it in place. */
export function MoveButtons({
  index,
  count,
  busy,
  isLocked = () => false,
  onMove,
}: {
  index: number;
  count: number;
  busy: boolean;
  isLocked?: (by: -1 | 1) => boolean;
  onMove: (by: -1 | 1) => void;
}) {
  const { t } = useTranslation('authoring');
  return (
    <>
      <ActionIcon
        variant="subtle"
        disabled={index === 0 || busy || isLocked(-1)}
        onClick={() => onMove(-1)}
        aria-label={t('moveUp')}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        disabled={index === count - 1 || busy || isLocked(1)}
        onClick={() => onMove(1)}
        aria-label={t('moveDown')}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
    </>
  );
}
