import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubmissionDetailResponse } from '@ki/contracts';

/** What would stop the approval (the server tried it and rolled back), in the approver's language. */
export function BlockerAlert({ blocker }: { blocker: NonNullable<SubmissionDetailResponse['blocker']> }) {
  const { t } = useTranslation(['authoring', 'errors']);
  const topics = (
    blocker.details as
      | { topics?: { name: string; problems: string[]; autoMarkableQuestions: number; neededQuestions: number }[] }
      | undefined
  )?.topics;
  return (
    <Alert color="orange" title={t('review.cannotApprove')} data-testid="blocker">
      <Text size="sm">{t(`errors:${blocker.code}`, { defaultValue: blocker.message })}</Text>
      {topics ? (
        <List size="sm" mt={4}>
          {topics.map((topic) => (
            <List.Item key={topic.name}>
              {topic.name}:{' '}
              {topic.problems
                .map((p) =>
                  p === 'questions'
                    ? t('readiness.summary', { count: topic.autoMarkableQuestions, needed: topic.neededQuestions })
                    : t('readiness.conceptNo'),
                )
                .join(' · ')}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}
