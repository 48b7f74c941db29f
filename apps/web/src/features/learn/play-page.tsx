import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { BundleQuestion, BundleTopic } from '@ki/contracts';
import { paths } from '../../config/paths';
import { GameScreen } from './components/game-screen';
import { NotInSubject, SubjectGate } from './components/subject-gate';
import { finishActivity } from './finish-activity';
import { pickTopicQuestions } from './game-questions';
import type { GivenAnswer } from './game-state';
import { gameFigures, toRecordInput, type GameFigures } from './result-figures';
import { TopicResult } from './topic-result';
import { findChapter } from './use-subject-view';

interface Finished {
  recordId: string;
  figures: GameFigures;
  questions: BundleQuestion[];
  answers: GivenAnswer[];
}

function TopicGame({
  ownerId,
  subject,
  chapter,
  chapterId,
  topic,
}: {
  ownerId: number;
  subject: string;
  chapter: string;
  chapterId: number;
  topic: BundleTopic;
}) {
  const { t } = useTranslation('learn');
  const navigate = useNavigate();
  const draw = useCallback(() => pickTopicQuestions(topic), [topic]);
  const [round, setRound] = useState(() => ({ n: 0, questions: draw() }));
  const [finished, setFinished] = useState<Finished | null>(null);

  const onFinish = useCallback(
    ({ answers, startedAt, finishedAt }: { answers: GivenAnswer[]; startedAt: string; finishedAt: string }) => {
      const questions = round.questions ?? [];
      const figures = gameFigures(answers, questions.length);
      const id = crypto.randomUUID();
      setFinished({ recordId: id, figures, questions, answers });
      void finishActivity({
        ownerId,
        subjectSlug: subject,
        input: toRecordInput({ id, kind: 'topic', chapterId, topicId: topic.id, startedAt, finishedAt, answers }),
        local: {
          correct: figures.correct,
          answered: figures.answered,
          learningCurrency: figures.learningCurrency,
          learningEfficiency: figures.learningEfficiency,
          percent: figures.accuracy,
        },
      });
    },
    [round, ownerId, subject, chapterId, topic.id],
  );

  if (!round.questions) {
    return (
      <Stack maw={560} mx="auto">
        <Alert color="yellow" data-testid="not-enough-questions">
          {t('game.notEnoughQuestions')}
        </Alert>
        <Anchor component={Link} to={paths.island(subject, chapter)}>
          ← {t('result.backToIsland')}
        </Anchor>
      </Stack>
    );
  }
  if (finished) {
    return (
      <TopicResult
        {...finished}
        topicId={topic.id}
        subject={subject}
        chapter={chapter}
        topic={topic.slug}
        onRetest={() => {
          setFinished(null);
          setRound((r) => ({ n: r.n + 1, questions: draw() }));
        }}
      />
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" ta="center">
        {topic.name}
      </Text>
      <GameScreen
        key={round.n}
        mode="topic"
        questions={round.questions}
        drawAgain={() => draw() ?? round.questions!}
        onFinish={onFinish}
        onRelearn={() => void navigate(paths.concept(subject, chapter, topic.slug))}
      />
    </Stack>
  );
}

/** /{subject}/{chapter}/{topic}/play: the topic game, then its result. */
export function PlayPage() {
  const { subject = '', chapter = '', topic = '' } = useParams();
  return (
    <SubjectGate subject={subject}>
      {({ chapters, ownerId }) => {
        const found = findChapter(chapters, chapter, topic);
        if (!found?.topic || ownerId === undefined) return <NotInSubject subject={subject} />;
        return (
          <TopicGame
            ownerId={ownerId}
            subject={subject}
            chapter={chapter}
            chapterId={found.entry.chapter.id}
            topic={found.topic}
          />
        );
      }}
    </SubjectGate>
  );
}
