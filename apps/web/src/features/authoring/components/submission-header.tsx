import { Badge, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toRoman } from '@ki/domain';
import type { SubmissionSummary } from '@ki/contracts';
import { formatDateTime } from '../../../lib/format-date';
import { localName } from '../names';

/** What was submitted, where, by whom and when, its status, and the approver's comment if sent back. */
export function SubmissionHeader({ submission: s, lang }: { submission: SubmissionSummary; lang: string }) {
  const { t, i18n } = useTranslation('authoring');
  const uiLang = i18n.resolvedLanguage ?? 'en';
  return (
    <div>
      <Group gap="xs">
        <Title order={2} data-testid="submission-title">
          {t(`kinds.${s.rootType}`)}: {localName(s.title, lang)}
        </Title>
        <Badge color={s.status === 'approved' ? 'teal' : s.status === 'returned' ? 'red' : 'blue'} variant="light">
          {t(`review.tabs.${s.status}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {[localName(s.subjectNames, lang), s.boardName, s.grade ? t('gradeLabel', { grade: toRoman(s.grade) }) : null]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('review.submittedBy', { name: s.submittedBy.name, when: formatDateTime(s.submittedAt, uiLang) })}
      </Text>
      {s.comment ? (
        <Text size="sm" c="red">
          {t('returnComment', { comment: s.comment })}
        </Text>
      ) : null}
    </div>
  );
}
