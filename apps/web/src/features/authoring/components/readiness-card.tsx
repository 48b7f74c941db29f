import { Card, Group, List, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuthoringTopicResponse } from '@ki/contracts';
import { Readiness } from './readiness';

/** What a topic needs before students can play it, and how far it is. */
export function ReadinessCard({ readiness }: { readiness: AuthoringTopicResponse['readiness'] }) {
  const { t } = useTranslation('authoring');
  return (
    <Card withBorder radius="md" padding="md" data-testid="readiness-card">
      <Group gap="xs" mb={4}>
        <Title order={3} size="h5">
          {t('readiness.title')}
        </Title>
        <Readiness
          ready={readiness.ready}
          questions={readiness.autoMarkableQuestions}
          needed={readiness.neededQuestions}
          concept={readiness.hasEnglishConcept}
        />
      </Group>
      <List size="sm" spacing={2}>
        <List.Item>{t('readiness.questionsRule', { needed: readiness.neededQuestions })}</List.Item>
        <List.Item>{t('readiness.conceptRule')}</List.Item>
      </List>
    </Card>
  );
}
