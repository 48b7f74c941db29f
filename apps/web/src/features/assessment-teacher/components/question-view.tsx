import { Badge, Group, Image, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { QuestionType } from '@ki/domain';
import { useTranslation } from 'react-i18next';
import { imageUrl } from '../api/images';

/** Options are lettered A, B, C … on every screen and in the reports. */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);

/** A question as students will see it, with its answer key and solution (staff only). */
export function QuestionView({
  number,
  question,
}: {
  number: number;
  question: {
    type: QuestionType;
    text: string;
    options: readonly string[];
    answer: readonly number[];
    solution: string;
    imageId: string | null;
  };
}) {
  const { t } = useTranslation('quizzes');
  return (
    <Stack gap={6} data-testid="question-view">
      <Group gap="xs" wrap="nowrap" preventGrowOverflow={false} align="flex-start">
        <Text fw={700}>{number}.</Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="question-text">
          {question.text}
        </Text>
      </Group>
      <Badge variant="light" size="sm" style={{ alignSelf: 'flex-start' }} data-testid="question-type">
        {t(`types.${question.type}`)}
      </Badge>
      {question.imageId ? (
        <Image
          src={imageUrl(question.imageId)}
          alt={t('question.imageAlt', { number })}
          mah={160}
          w="auto"
          fit="contain"
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        />
      ) : null}
      {question.options.length > 0 ? (
        <List spacing={4} listStyleType="none" pl={0}>
          {question.options.map((option, i) => {
            const correct = question.answer.includes(i);
            return (
              <List.Item
                key={i}
                icon={
                  correct ? (
                    <ThemeIcon color="teal" size={20} radius="xl" aria-label={t('question.correct')}>
                      <IconCheck size={14} />
                    </ThemeIcon>
                  ) : (
                    <ThemeIcon color="gray" variant="light" size={20} radius="xl" aria-hidden="true">
                      {' '}
                    </ThemeIcon>
                  )
                }
                data-correct={correct ? '' : undefined}
                data-testid="question-option"
              >
                <Text span fw={correct ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
                  {optionLetter(i)}. {option}
                </Text>
              </List.Item>
            );
          })}
        </List>
      ) : null}
      {question.solution ? (
        <Text
          size="sm"
          c="dimmed"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="question-solution"
        >
          <Text span fw={600} inherit>
            {t('question.solution')}:
          </Text>{' '}
          {question.solution}
        </Text>
      ) : null}
    </Stack>
  );
}
