import { Anchor, Group } from '@mantine/core';
import { IconArrowNarrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Back to a page of the assessment area (the quizzes home, the subject choice). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4}>
        <IconArrowNarrowLeft size={16} aria-hidden="true" />
        {label}
      </Group>
    </Anchor>
  );
}
