import { Alert, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** What a subject tile needs: a subject of the student's bank and how many questions it holds. */
export interface SubjectTile {
  id: number;
  slug: string;
  name: string;
  quizQuestions: number;
}

/**
 * Subject selection (access-and-app-shell.md 2.8): a grid of the student's subjects, each opening
 * `to(slug)`; a subject with no questions in its bank is shown, not offered. Practice and the live
 * challenge each say what a tile's badge holds.
 */
export function SubjectTiles({
  subjects,
  to,
  badge,
  tileClass,
  noSubjects,
}: {
  subjects: readonly SubjectTile[];
  to: (slug: string) => string;
  badge: (subject: SubjectTile, empty: boolean) => ReactNode;
  tileClass: string;
  noSubjects: ReactNode;
}) {
  if (subjects.length === 0) return <Alert color="yellow">{noSubjects}</Alert>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="subject-choice">
      {subjects.map((s) => {
        const empty = s.quizQuestions === 0;
        const body = (
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <IconBook size={22} aria-hidden="true" />
              <Text fw={700}>{s.name}</Text>
            </Group>
            {badge(s, empty)}
          </Group>
        );
        return empty ? (
          <Card key={s.id} withBorder radius="md" padding="md" aria-disabled="true" data-testid={`subject-${s.slug}`}>
            {body}
          </Card>
        ) : (
          <Card
            key={s.id}
            component={Link}
            to={to(s.slug)}
            withBorder
            radius="md"
            padding="md"
            className={tileClass}
            data-testid={`subject-${s.slug}`}
          >
            {body}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
