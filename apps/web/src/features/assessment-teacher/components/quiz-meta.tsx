import { Badge, Group } from '@mantine/core';
import type { AssessmentSummary } from '@ki/contracts';
import { useTranslation } from 'react-i18next';

/** A quiz's kind and status as badges: quiz or test, draft or published (never squeezed by a table's narrow column). */
export function QuizBadges({ quiz }: { quiz: Pick<AssessmentSummary, 'kind' | 'status'> }) {
  const { t } = useTranslation('quizzes');
  return (
    <Group gap={6} wrap="nowrap" preventGrowOverflow={false}>
      <Badge
        variant="light"
        color={quiz.kind === 'quiz' ? 'grape' : 'indigo'}
        miw="max-content"
        data-testid="quiz-kind-badge"
      >
        {t(`kinds.${quiz.kind}`)}
      </Badge>
      <Badge
        variant={quiz.status === 'published' ? 'filled' : 'outline'}
        color={quiz.status === 'published' ? 'teal' : 'gray'}
        miw="max-content"
        data-testid="quiz-status-badge"
      >
        {t(`statuses.${quiz.status}`)}
      </Badge>
    </Group>
  );
}
