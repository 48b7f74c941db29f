import { Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../use-error-text';

/**
 * A list of the list pane (rooms, favorites, meetings) while it is asked for the first time, when
 * it could not be had, and when it is empty ("No meetings yet.", `empty.<tab>`); else the list.
 */
export function ListStatus({
  query,
  isEmpty,
  tab,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  isEmpty: boolean;
  tab: 'rooms' | 'favorites' | 'meetings';
  children: ReactNode;
}) {
  const { t } = useTranslation('chat');
  const errorText = useErrorText();
  if (query.isPending)
    return (
      <Group justify="center" py="lg">
        <Loader size="sm" />
      </Group>
    );
  if (query.isError)
    return (
      <Text c="red" size="sm" role="alert">
        {errorText(query.error)}
      </Text>
    );
  if (isEmpty)
    return (
      <Text c="dimmed" size="sm" ta="center" py="lg" data-testid={`empty-${tab}`}>
        {t(`empty.${tab}`)}
      </Text>
    );
  return children;
}
