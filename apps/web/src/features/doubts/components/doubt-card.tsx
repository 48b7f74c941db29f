import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Doubt } from '@ki/contracts';
import { formatDateTime } from '../../../lib/format-date';
import { askedBy, pictureUrl } from '../doubt-model';

/**
 * One doubt, as the student and staff read it: where it is (subject › chapter › topic), who asked
 * (staff), when, its text and picture (a tap opens it full size), and the answers with who wrote
 * them and when. `isNew` marks the answers the student sees for the first time on this visit;
 * `children` is what comes below (the staff's answer form).
 */
export function DoubtCard({ doubt, isNew = false, children }: { doubt: Doubt; isNew?: boolean; children?: ReactNode }) {
  const { t, i18n } = useTranslation('doubts');
  const when = (iso: string) => formatDateTime(iso, i18n.resolvedLanguage);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-labelledby={`doubt-${doubt.id}-topic`}
      data-testid="doubt"
      data-id={doubt.id}
      data-status={doubt.status}
      data-new={isNew ? '' : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="doubt-where">
              {doubt.subject.name} › {doubt.chapter.name}
            </Text>
            <Text
              fw={700}
              id={`doubt-${doubt.id}-topic`}
              style={{ overflowWrap: 'anywhere' }}
              data-testid="doubt-topic"
            >
              {doubt.topic.name}
            </Text>
          </div>
          {isNew ? (
            <Badge color="red" variant="filled" style={{ flexShrink: 0 }} data-testid="doubt-new">
              {t('doubt.new')}
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" data-testid="doubt-meta">
          {doubt.student ? (
            <span style={{ fontWeight: 600 }} data-testid="doubt-student">
              {askedBy(doubt.student)}
              {' · '}
            </span>
          ) : null}
          <span style={{ whiteSpace: 'nowrap' }}>{t('doubt.asked', { when: when(doubt.askedAt) })}</span>
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="doubt-text">
          {doubt.text}
        </Text>
        {doubt.hasPicture ? (
          <a
            href={pictureUrl(doubt)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('doubt.openPicture')}
            style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
            data-testid="doubt-picture"
          >
            <img
              src={pictureUrl(doubt)}
              alt={t('doubt.picture')}
              loading="lazy"
              style={{
                display: 'block',
                maxWidth: '100%',
                maxHeight: 220,
                objectFit: 'contain',
                borderRadius: 'var(--mantine-radius-sm)',
                border: '1px solid var(--mantine-color-default-border)',
              }}
            />
          </a>
        ) : null}
        {doubt.answers.length > 0 ? (
          <Stack gap={6} mt={4} data-testid="doubt-answers">
            {doubt.answers.map((a) => (
              <Box
                key={a.id}
                p="sm"
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: 'var(--mantine-color-teal-light)',
                  borderInlineStart: '3px solid var(--mantine-color-teal-6)',
                }}
                data-testid="doubt-answer"
              >
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="answer-text">
                  {a.text}
                </Text>
                <Text size="xs" c="dimmed" mt={4} data-testid="answer-meta">
                  <span>{a.by ? t('doubt.answerBy', { name: a.by }) : t('doubt.answerByGone')}</span>
                  {' · '}
                  <span style={{ whiteSpace: 'nowrap' }}>{when(a.at)}</span>
                </Text>
              </Box>
            ))}
          </Stack>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
