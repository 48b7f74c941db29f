import { Alert, Anchor, Badge, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toRoman } from '@ki/domain';
import type { SubmissionStatus, SubmissionSummary } from '@ki/contracts';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/format-date';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useSubmissions } from './api/get-submissions';
import { localName } from './names';
import './strings';

/** The review queue: submissions waiting for an approver, and those already decided. */
export function ReviewQueuePage() {
  const { t } = useTranslation('authoring');
  const [status, setStatus] = useState<SubmissionStatus>('in_review');
  const list = useSubmissions(status);
  return (
    <Stack gap="md" maw={860} mx="auto">
      <div>
        <Title order={2}>{t('review.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('review.intro')}
        </Text>
      </div>
      <SegmentedControl
        value={status}
        onChange={(value) => setStatus(value as SubmissionStatus)}
        data={(['in_review', 'returned', 'approved'] as const).map((s) => ({ value: s, label: t(`review.tabs.${s}`) }))}
        data-testid="review-tabs"
      />
      {list.isPending ? <FullScreenLoader /> : null}
      {list.isError ? <Alert color="red">{t('loadFailed')}</Alert> : null}
      {list.data?.submissions.length === 0 ? (
        <Text c="dimmed" data-testid="review-empty">
          {t(`review.empty.${status}`)}
        </Text>
      ) : null}
      {list.data?.submissions.map((s) => (
        <SubmissionCard key={s.id} submission={s} />
      ))}
    </Stack>
  );
}

export function SubmissionCard({ submission: s }: { submission: SubmissionSummary }) {
  const { t, i18n } = useTranslation('authoring');
  const lang = i18n.resolvedLanguage ?? 'en';
  const counts = (['chapter', 'topic', 'concept', 'question', 'subject'] as const).filter((k) => s.counts[k] > 0);
  return (
    <Card withBorder radius="md" padding="md" data-testid="submission-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={paths.authoringSubmission(s.id)} fw={600}>
            {t(`kinds.${s.rootType}`)}: {localName(s.title, lang)}
          </Anchor>
          <Text size="sm" c="dimmed">
            {[
              localName(s.subjectNames, lang),
              s.boardName,
              s.grade ? t('gradeLabel', { grade: toRoman(s.grade) }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('review.submittedBy', { name: s.submittedBy.name, when: formatDateTime(s.submittedAt, lang) })}
          </Text>
          {s.reviewedBy && s.reviewedAt ? (
            <Text size="xs" c="dimmed">
              {t(s.status === 'approved' ? 'review.approvedBy' : 'review.returnedBy', {
                name: s.reviewedBy.name,
                when: formatDateTime(s.reviewedAt, lang),
              })}
            </Text>
          ) : null}
          {s.comment ? (
            <Text size="sm" c="red">
              {t('returnComment', { comment: s.comment })}
            </Text>
          ) : null}
        </Stack>
        <Group gap={4} justify="flex-end" maw={220}>
          {counts.map((k) => (
            <Badge key={k} variant="light" size="sm">
              {t(`counts.${k}`, { count: s.counts[k] })}
            </Badge>
          ))}
        </Group>
      </Group>
    </Card>
  );
}
