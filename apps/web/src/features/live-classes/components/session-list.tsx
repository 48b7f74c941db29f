import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { LiveSession } from '@ki/contracts';

/** A titled list of live classes or programmes, or its empty text. */
export function SessionList({
  title,
  sessions,
  emptyText,
  testId,
  children,
}: {
  title: string;
  sessions: readonly LiveSession[];
  emptyText: string;
  testId: string;
  children: (session: LiveSession) => ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {sessions.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>
            {emptyText}
          </Text>
        </Paper>
      ) : (
        sessions.map(children)
      )}
    </Stack>
  );
}
