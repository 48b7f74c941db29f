import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubmissionDetailResponse, SubmissionItem } from '@ki/contracts';
import { ConceptBody } from '../../../ui/concept-body';
import { localName } from '../names';
import { ActionBadge, Before } from './change-preview';
import { QuestionBefore, QuestionPreview } from './question-preview';

/**
 * One topic of a submission as students will see it: its name, its concept in the preview language
 * (else English), its questions in order, each change with what students see now.
 */
export function TopicPreview({
  topic,
  items,
  lang,
}: {
  topic: SubmissionDetailResponse['topics'][number];
  items: SubmissionItem[];
  lang: string;
}) {
  const { t } = useTranslation('authoring');
  const own = items.filter((i) => i.topicId === topic.id);
  const topicItem = own.find((i) => i.entityType === 'topic');
  const concepts = own.filter((i) => i.entityType === 'concept');
  const questions = own
    .filter((i) => i.entityType === 'question')
    .sort((a, b) => (a.proposed.question?.position ?? 0) - (b.proposed.question?.position ?? 0));
  return (
    <Card withBorder radius="md" padding="md" data-testid="preview-topic">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} size="h4">
            {localName(topic.names, lang)}
          </Title>
          {topicItem ? <ActionBadge item={topicItem} /> : null}
        </Group>
        {topicItem?.action === 'update' &&
        topicItem.current?.names &&
        localName(topicItem.current.names, lang) !== localName(topic.names, lang) ? (
          <Text size="sm" c="dimmed">
            {t('review.wasNamed', { name: localName(topicItem.current.names, lang) })}
          </Text>
        ) : null}
        {concepts
          .filter(
            (c) =>
              c.proposed.language === lang ||
              (concepts.every((x) => x.proposed.language !== lang) && c.proposed.language === 'en'),
          )
          .map((c) => (
            <Stack key={c.revisionId} gap={4}>
              <Group gap="xs">
                <Text fw={600} size="sm">
                  {t('concept.title')} ({c.proposed.language?.toUpperCase()})
                </Text>
                <ActionBadge item={c} />
              </Group>
              <ConceptBody body={c.proposed.body ?? ''} lang={c.proposed.language ?? undefined} />
              {c.current?.body && c.current.body !== c.proposed.body ? <Before text={c.current.body} /> : null}
            </Stack>
          ))}
        {questions.map((q, n) => (
          <Stack key={q.revisionId} gap={4} data-testid="preview-question">
            <QuestionPreview n={n + 1} question={q.proposed.question!} lang={lang} badge={<ActionBadge item={q} />} />
            {q.current?.question ? <QuestionBefore question={q.current.question} lang={lang} /> : null}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
