import { ActionIcon, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuthoringCatalogResponse, AuthoringChaptersResponse } from '@ki/contracts';
import { paths } from '../../../config/paths';
import { useMove } from '../hooks/use-move';
import { localName } from '../names';
import { MoveButtons } from './move-buttons';
import { ReturnComment, StatusBadges } from './status-badges';

type Subject = AuthoringCatalogResponse['subjects'][number];
type Chapter = AuthoringChaptersResponse['chapters'][number];

/** A subject with its chapters for the chosen board and grade; editors rename it, add and reorder chapters. */
export function SubjectCard(props: {
  subject: Subject;
  chapters: Chapter[];
  lang: string;
  canEdit: boolean;
  boardId: number;
  grade: number;
  onRename: () => void;
  onNewChapter: () => void;
}) {
  const { t } = useTranslation('authoring');
  const { subject, chapters, lang } = props;
  const { move, isPending } = useMove(
    { type: 'subject', subjectId: subject.id, boardId: props.boardId, grade: props.grade },
    chapters.map((c) => c.id),
  );
  return (
    <Card withBorder radius="md" padding="md" data-testid={`subject-${subject.slug}`}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs">
          <Title order={3} size="h4">
            {localName(subject.names, lang)}
          </Title>
          <StatusBadges state={subject} />
        </Group>
        {props.canEdit ? (
          <ActionIcon variant="subtle" onClick={props.onRename} aria-label={t('renameSubject')}>
            <IconPencil size={16} />
          </ActionIcon>
        ) : null}
      </Group>
      <ReturnComment state={subject} />
      <Stack gap={6}>
        {chapters.map((c, i) => (
          <Group key={c.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="chapter-row">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={paths.authoringChapter(c.id)} fw={500} size="sm">
                {i + 1}. {localName(c.names, lang)}
              </Anchor>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {t('topicCount', { count: c.topics })}
                </Text>
                <StatusBadges state={c} />
              </Group>
            </Stack>
            {props.canEdit ? (
              <Group gap={2} wrap="nowrap">
                <MoveButtons index={i} count={chapters.length} busy={isPending} onMove={(by) => move(i, by)} />
              </Group>
            ) : null}
          </Group>
        ))}
      </Stack>
      {props.canEdit ? (
        <Button
          mt="sm"
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={props.onNewChapter}
          data-testid={`new-chapter-${subject.slug}`}
        >
          {t('newChapter')}
        </Button>
      ) : null}
    </Card>
  );
}
