import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { BundleQuestion, BundleTopic } from '@ki/contracts';
import { displayPercent } from '@ki/domain';
import { paths } from '../../config/paths';
import { CodeBoundary, retryableLazy } from '../../ui/code-boundary';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { GameScreen } from './components/game-screen';
import { LanguageNote } from './components/language-note';
import { NotInSubject, SubjectGate } from './components/subject-gate';
import { finishActivity } from './finish-activity';
import { pickTopicQuestions } from './game-questions';
import type { GivenAnswer } from './game-state';
import { gameFigures, toRecordInput, type GameFigures } from './result-figures';
import { findChapter } from './use-subject-view';

// The result screen (Mantine) is not part of the game's first load: its code is fetched once the
// student starts playing, so it is in hand, offline too, when the last question is answered.
const {
  Part: TopicResultScreen,
  preload: prefetchResult,
  retry: retryResult,
} = retryableLazy(() => import('./topic-result').then((m) => m.TopicResultScreen));

/**
 * The result without its screen's code: the figures worked out on the device, and a way to load the
 * rest once the network is back. The game itself is already saved in the device's queue.
 */
function OfflineResult({ figures, onRetry }: { figures: GameFigures; onRetry: () => void }) {
  const { t } = useTranslation(['journey', 'learn']);
  const figure = (label: string, value: string, testId: string) => (
    <div className="ki-card">
      <div className="ki-text-xs ki-dimmed ki-bold">{label}</div>
      <div className="ki-bold" style={{ fontSize: 26 }} data-testid={testId}>
        {value}
      </div>
    </div>
  );
  return (
    <div className="ki-game ki-stack" data-testid="result-offline">
      <h2 className="ki-title" data-size="h2">
        {t('result.title')}
      </h2>
      <div className="ki-card" data-testid="result-hero" style={{ textAlign: 'center' }}>
        <div
          role="img"
          aria-label={t('result.stars', { count: figures.stars })}
          data-testid="result-stars"
          data-stars={figures.stars}
          style={{ fontSize: 40, color: '#fcc419' }}
        >
          {'★'.repeat(figures.stars)}
          <span style={{ color: '#ced4da' }}>{'★'.repeat(3 - figures.stars)}</span>
        </div>
        <div className="ki-bold" style={{ fontSize: 28 }} data-testid="result-score">
          {t('result.rightOf', { correct: figures.correct, total: figures.questionCount })}
        </div>
        <div className="ki-bold" style={{ fontSize: 22 }} data-testid="result-lc">
          {t('learn:result.coins', { count: figures.learningCurrency })}
        </div>
      </div>
      <details>
        <summary
          className="ki-text-sm ki-bold"
          data-testid="exact-figures"
          style={{ minHeight: 44, display: 'flex', alignItems: 'center', cursor: 'pointer' }}
        >
          {t('result.exactFigures')}
        </summary>
        {figure(t('result.accuracy'), `${displayPercent(figures.accuracy)} %`, 'result-accuracy')}
        {figure(t('result.timeEfficiency'), `${displayPercent(figures.timeEfficiency)} %`, 'result-te')}
      </details>
      <div className="ki-alert" data-color="yellow" role="status">
        {t('result.needsNetwork')}
      </div>
      <button type="button" className="ki-button" data-size="md" onClick={onRetry} data-testid="result-retry">
        {t('result.tryAgain')}
      </button>
    </div>
  );
}

/** The first tap or key press of a game fetches the result screen's code (a failure is retried at the end). */
const startResult = () => void prefetchResult().catch(retryResult);

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
  bundleLanguage,
}: {
  ownerId: number;
  subject: string;
  chapter: string;
  chapterId: number;
  topic: BundleTopic;
  /** The language the subject's bundle was made for (for the one-line language note). */
  bundleLanguage: string | undefined;
}) {
  const { t } = useTranslation('journey');
  const navigate = useNavigate();
  const draw = useCallback(() => pickTopicQuestions(topic), [topic]);
  const [round, setRound] = useState(() => ({ n: 0, questions: draw() }));
  const [finished, setFinished] = useState<Finished | null>(null);
  const [resultAttempt, setResultAttempt] = useState(0);

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
      <div className="ki-stack" style={{ maxWidth: 560, margin: '0 auto' }}>
        <div className="ki-alert" data-color="yellow" role="alert" data-testid="not-enough-questions">
          {t('game.notEnoughQuestions')}
        </div>
        <Link className="ki-link" to={paths.island(subject, chapter)}>
          ← {t('result.backToIsland')}
        </Link>
      </div>
    );
  }
  if (finished) {
    return (
      <CodeBoundary
        key={resultAttempt}
        fallback={
          <OfflineResult
            figures={finished.figures}
            onRetry={() => {
              retryResult();
              setResultAttempt((n) => n + 1);
            }}
          />
        }
      >
        <Suspense fallback={<FullScreenLoader />}>
          <TopicResultScreen
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
        </Suspense>
      </CodeBoundary>
    );
  }
  return (
    // The first tap or key press of the game fetches the result screen's code (see prefetchResult).
    <div className="ki-stack" data-gap="xs" onPointerDownCapture={startResult} onKeyDownCapture={startResult}>
      <p className="ki-text-sm ki-dimmed ki-text-center ki-m0">{topic.name}</p>
      <LanguageNote
        bundleLanguage={bundleLanguage}
        shown={[topic.nameLanguage, ...round.questions.map((q) => q.language)]}
      />
      <GameScreen
        key={round.n}
        mode="topic"
        questions={round.questions}
        drawAgain={() => draw() ?? round.questions!}
        onFinish={onFinish}
        onRelearn={() => void navigate(paths.concept(subject, chapter, topic.slug))}
      />
    </div>
  );
}

/** /{subject}/{chapter}/{topic}/play: the topic game, then its result. */
export function PlayPage() {
  const { subject = '', chapter = '', topic = '' } = useParams();
  return (
    <SubjectGate subject={subject} drawsBeforeRecords>
      {({ chapters, ownerId, bundle }) => {
        const found = findChapter(chapters, chapter, topic);
        if (!found?.topic || ownerId === undefined) return <NotInSubject subject={subject} />;
        return (
          <TopicGame
            ownerId={ownerId}
            subject={subject}
            chapter={chapter}
            chapterId={found.entry.chapter.id}
            topic={found.topic}
            bundleLanguage={bundle.data?.language}
          />
        );
      }}
    </SubjectGate>
  );
}
