import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubmissionItem } from '@ki/contracts';
import { Before } from './change-preview';

type Question = NonNullable<SubmissionItem['proposed']['question']>;

/** A question as the student sees it, with the answer key and solution shown for the approver. */
export function QuestionPreview({
  n,
  question,
  lang,
  badge,
}: {
  n: number;
  question: Question;
  lang: string;
  badge?: React.ReactNode;
}) {
  const { t } = useTranslation('authoring');
  const c = question.content[lang] ?? question.content.en!;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={600}>
          {n}. {c.text}
        </Text>
        {badge}
      </Group>
      <Text size="xs" c="dimmed">
        {t(`types.${question.type}`)}
        {question.content[lang] ? '' : ` · ${t('review.englishShown')}`}
      </Text>
      {c.options.length ? (
        <Stack gap={2} pl="md">
          {c.options.map((o, i) => (
            <Text
              key={i}
              size="sm"
              c={question.answer.includes(i) ? 'teal' : undefined}
              fw={question.answer.includes(i) ? 600 : undefined}
            >
              {String.fromCharCode(65 + i)}. {o} {question.answer.includes(i) ? `✓ ${t('review.correct')}` : ''}
            </Text>
          ))}
        </Stack>
      ) : null}
      <Text size="sm" c="dimmed">
        {question.type === 'open_ended' ? t('questions.modelAnswer') : t('questions.solution')}: {c.solution}
      </Text>
    </Stack>
  );
}

/** A changed question as students see it now: its text and its answer. */
export function QuestionBefore({ question, lang }: { question: Question; lang: string }) {
  const c = question.content[lang] ?? question.content.en!;
  const answer = question.answer
    .map((i) => c.options[i])
    .filter(Boolean)
    .join(', ');
  return <Before text={`${c.text}${answer ? ` (${answer})` : ''}`} />;
}
