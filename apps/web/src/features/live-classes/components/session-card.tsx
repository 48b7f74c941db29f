import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toRoman } from '@ki/domain';
import type { LiveSession } from '@ki/contracts';
import { formatSpan } from '../live-time';

const STATUS_COLORS = { live: 'red', scheduled: 'blue', ended: 'gray' } as const;

/**
 * One live class or programme (access-and-app-shell.md 3: subject, start and end, description, taken
 * by, live or scheduled; a programme: live or scheduled, by whom): its name and status, the subject
 * (and, for staff, the class), who takes it, when (in its school's zone), the description, and a
 * programme's Watch link (a new tab). `children` are the actions of the screen showing it.
 */
export function SessionCard({
  session,
  showClass = false,
  children,
}: {
  session: LiveSession;
  showClass?: boolean;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('live');
  const what = [
    showClass && session.grade !== null
      ? t('classLabel', { board: session.boardName ?? '', grade: toRoman(session.grade) })
      : null,
    session.subjectName,
  ].filter(Boolean);
  return (
    <Paper withBorder p="md" radius="md" data-testid="live-session" data-id={session.id} data-kind={session.kind}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }} data-testid="session-name">
            {session.name}
          </Title>
          <Badge
            color={STATUS_COLORS[session.status]}
            variant={session.status === 'live' ? 'filled' : 'light'}
            style={{ flexShrink: 0 }}
            data-testid="session-status"
          >
            {t(`status.${session.status}`)}
          </Badge>
        </Group>
        {what.length > 0 ? (
          <Text size="sm" fw={500} data-testid="session-subject">
            {what.join(' · ')}
          </Text>
        ) : null}
        <Text size="sm" data-testid="session-by">
          {t(session.kind === 'class' ? 'card.takenBy' : 'card.by', { name: session.by })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="session-when">
          {formatSpan(session, i18n.resolvedLanguage)}
        </Text>
        {session.description ? (
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            data-testid="session-description"
          >
            {session.description}
          </Text>
        ) : null}
        {session.watchUrl ? (
          <Anchor
            href={session.watchUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            fw={600}
            aria-label={`${t('card.watch')} ${t('card.newTab')}`}
            data-testid="session-watch"
          >
            <Group component="span" gap={4} wrap="nowrap">
              {t('card.watch')}
              <IconExternalLink size={14} aria-hidden="true" />
            </Group>
          </Anchor>
        ) : null}
        {children ? (
          <Group gap="xs" mt={4}>
            {children}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
