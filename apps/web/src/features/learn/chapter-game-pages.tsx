import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconMap, IconRefresh, IconTrophy } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { displayPercent, type LockReason } from '@ki/domain';
import type { BundleChapter, BundleQuestion } from '@ki/contracts';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format-date';
import { learnerDb, type QueuedRecord } from '../../lib/learner-db';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { AnswerReview } from './components/answer-review';
import { GameScreen } from './components/game-screen';
import { LanguageNote } from './components/language-note';
import { NotInSubject, SubjectGate } from './components/subject-gate';
import { useCelebration } from './celebration';
import { SyncState, useQueuedRecord } from './components/sync-state';
import { finishActivity } from './finish-activity';
import { pickChapterQuestions } from './game-questions';
import type { GivenAnswer } from './game-state';
import { latestRecord, reviewOfRecord } from './last-attempt';
import { lockTextKey } from './lock-text';
import type { ChapterView } from './progress-merge';
import type { ChapterWithView } from './use-subject-view';
import { gameFigures, toRecordInput, type GameFigures } from './result-figures';
import { ExactFigure, ExactFigures, ResultHero } from './components/result-hero';

type Stage = 'revise' | 'treasure';

/** The locked popup of revise or treasure (access-and-app-shell.md 4.9, 8). */
function LockedStage({
  stage,
  reason,
  subject,
  chapter,
}: {
  stage: Stage;
  reason: LockReason;
  subject: string;
  chapter: string;
}) {
  const { t } = useTranslation('journey');
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      maw={520}
      mx="auto"
      role="alertdialog"
      aria-labelledby="lock-title"
      data-testid="stage-locked"
    >
      <Stack align="center" ta="center" gap="sm">
        <IconLock size={40} aria-hidden="true" />
        <Title order={2} size="h4" id="lock-title">
          {t(stage === 'revise' ? 'island.revise' : 'island.treasure')}
        </Title>
        <Text data-testid="lock-text">{t(lockTextKey(stage, reason))}</Text>
        <Button mih={44} component={Link} to={paths.island(subject, chapter)} leftSection={<IconMap size={18} />}>
          {t('result.backToIsland')}
        </Button>
      </Stack>
    </Card>
  );
}

interface Finished {
  recordId: string;
  figures: GameFigures;
  questions: BundleQuestion[];
  answers: GivenAnswer[];
}

/** Plays revise or treasure: 10 questions across the chapter's topics, queued as one record. */
function ChapterGame({
  stage,
  ownerId,
  subject,
  chapter,
  view,
  renderDone,
}: {
  stage: Stage;
  ownerId: number;
  subject: string;
  chapter: BundleChapter;
  view: ChapterView;
  renderDone: (finished: Finished, view: ChapterView, again: () => void) => React.ReactNode;
}) {
  const { t } = useTranslation('journey');
  const draw = useCallback(() => pickChapterQuestions(chapter), [chapter]);
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
        input: toRecordInput({ id, kind: stage, chapterId: chapter.id, topicId: null, startedAt, finishedAt, answers }),
        local: {
          correct: figures.correct,
          answered: figures.answered,
          learningCurrency: null,
          learningEfficiency: null,
          percent: figures.accuracy,
        },
      });
    },
    [round, ownerId, subject, chapter.id, stage],
  );
  if (!round.questions) return <Alert color="yellow">{t('game.notEnoughQuestions')}</Alert>;
  if (finished)
    return renderDone(finished, view, () => {
      setFinished(null);
      setRound((r) => ({ n: r.n + 1, questions: draw() }));
    });
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" ta="center">
        {t(stage === 'revise' ? 'island.revise' : 'island.treasure')} · {chapter.name}
      </Text>
      <GameScreen
        key={round.n}
        mode={stage}
        questions={round.questions}
        drawAgain={() => draw() ?? round.questions!}
        onFinish={onFinish}
      />
    </Stack>
  );
}

function StagePage({ stage }: { stage: Stage }) {
  const { subject = '', chapter = '' } = useParams();
  return (
    <SubjectGate subject={subject}>
      {({ chapters, ownerId, bundle, progress }) => {
        const entry = chapters.find((c) => c.chapter.slug === chapter);
        if (!entry || ownerId === undefined) return <NotInSubject subject={subject} />;
        // Locks and "done" come from the server's progress: until it has answered (or failed, offline
        // with nothing cached), a stage would show locked, or a finished treasure would start again.
        if (progress.isPending) return <FullScreenLoader />;
        const lock = entry.view.locks[stage];
        return (
          <Stack gap="md" maw={760} mx="auto">
            <Anchor component={Link} to={paths.island(subject, chapter)} size="sm">
              ← {entry.chapter.name}
            </Anchor>
            <LanguageNote
              bundleLanguage={bundle.data?.language}
              shown={[
                entry.chapter.nameLanguage,
                ...entry.chapter.topics.flatMap((tp) => tp.questions.map((q) => q.language)),
              ]}
            />
            {lock.locked ? (
              <LockedStage stage={stage} reason={lock.reason!} subject={subject} chapter={chapter} />
            ) : stage === 'treasure' ? (
              <TreasureStage ownerId={ownerId} subject={subject} entry={entry} />
            ) : (
              <ChapterGame
                stage={stage}
                ownerId={ownerId}
                subject={subject}
                chapter={entry.chapter}
                view={entry.view}
                renderDone={(finished, _view, again) => (
                  <ReviseDone finished={finished} subject={subject} chapter={chapter} again={again} />
                )}
              />
            )}
          </Stack>
        );
      }}
    </SubjectGate>
  );
}

/** The chapter's last treasure saved on this device: undefined while it is being read, null when none. */
function useLatestTreasure(ownerId: number, subject: string, chapterId: number): QueuedRecord | null | undefined {
  return useLiveQuery(
    async () =>
      latestRecord(
        await learnerDb().records.where('[ownerId+subjectSlug]').equals([ownerId, subject]).toArray(),
        'treasure',
        chapterId,
      ),
    [ownerId, subject, chapterId],
  );
}

/**
 * The treasure is a timed test: once it has been played, opening it shows the last score card and
 * its review first, with "try again" as a choice, rather than starting a new attempt at once.
 */
function TreasureStage({ ownerId, subject, entry }: { ownerId: number; subject: string; entry: ChapterWithView }) {
  const latest = useLatestTreasure(ownerId, subject, entry.chapter.id);
  if (latest === undefined) return <FullScreenLoader />;
  return <TreasureOpened subject={subject} ownerId={ownerId} entry={entry} latest={latest} />;
}

function TreasureOpened({
  ownerId,
  subject,
  entry,
  latest,
}: {
  ownerId: number;
  subject: string;
  entry: ChapterWithView;
  latest: QueuedRecord | null;
}) {
  // Decided once, when the page opens: finishing a first attempt must not swap its score for this one.
  const [play, setPlay] = useState(() => !entry.view.treasureDone);
  const renderDone = (finished: Finished, view: ChapterView, again: () => void) => (
    <TreasureScore finished={finished} view={view} subject={subject} chapter={entry.chapter.slug} again={again} />
  );
  if (play)
    return (
      <ChapterGame
        stage="treasure"
        ownerId={ownerId}
        subject={subject}
        chapter={entry.chapter}
        view={entry.view}
        renderDone={renderDone}
      />
    );
  const review = latest ? reviewOfRecord(entry.chapter, latest) : null;
  // A record whose questions have all left the content since cannot be reviewed: the server's figures.
  if (latest && review && review.questions.length > 0) {
    const finished: Finished = {
      recordId: latest.id,
      figures: gameFigures(review.answers, review.questions.length),
      ...review,
    };
    return (
      <TreasureScore
        finished={finished}
        view={entry.view}
        subject={subject}
        chapter={entry.chapter.slug}
        again={() => setPlay(true)}
        playedAt={latest.input.finishedAt}
      />
    );
  }
  return (
    <TreasurePlayedElsewhere
      view={entry.view}
      subject={subject}
      chapter={entry.chapter.slug}
      again={() => setPlay(true)}
    />
  );
}

/** The revise completion screen with go-to-treasure. */
function ReviseDone({
  finished,
  subject,
  chapter,
  again,
}: {
  finished: Finished;
  subject: string;
  chapter: string;
  again: () => void;
}) {
  const { t } = useTranslation('journey');
  const record = useQueuedRecord(finished.recordId);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="revise-done">
      <Stack align="center" ta="center" gap="sm">
        <Group gap="xs">
          <Title order={2}>{t('revise.doneTitle')}</Title>
          <SyncState record={record} />
        </Group>
        <Text data-testid="revise-score">
          {t('revise.score', { correct: finished.figures.correct, total: finished.questions.length })}
        </Text>
        <Text c="dimmed">{t('revise.doneText')}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" w="100%">
          <Button
            mih={48}
            color="yellow"
            leftSection={<IconTrophy size={18} />}
            component={Link}
            to={paths.treasure(subject, chapter)}
            data-testid="go-to-treasure"
          >
            {t('revise.goToTreasure')}
          </Button>
          <Button mih={48} variant="light" leftSection={<IconRefresh size={18} />} onClick={again}>
            {t('revise.again')}
          </Button>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The treasure's score card (KE_ch and KC_ch, scoring-and-metrics.md "Chapter") and review of answers. */
function TreasureScore({
  finished,
  view,
  subject,
  chapter,
  again,
  playedAt,
}: {
  finished: Finished;
  view: ChapterView;
  subject: string;
  chapter: string;
  again: () => void;
  /** Set when this is the last attempt, shown before a new one (not the one just played). */
  playedAt?: string;
}) {
  const { t, i18n } = useTranslation(['journey', 'learn']);
  const record = useQueuedRecord(finished.recordId);
  const percent = record?.server?.percent ?? finished.figures.accuracy;
  // A treasure opened well is celebrated as a topic is (issue #28); a past attempt shown again is not.
  const celebration = useCelebration(finished.figures.accuracy, !playedAt);
  return (
    <Stack gap="md" data-testid="treasure-score" data-last={playedAt ? '' : undefined} data-celebration={celebration}>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" wrap="nowrap" mb="sm">
          <Title order={2}>{t('treasure.scoreCard')}</Title>
          <SyncState record={record} />
        </Group>
        <ResultHero
          stars={finished.figures.stars}
          correct={finished.figures.correct}
          total={finished.figures.questionCount}
          coins={t('learn:result.coins', { count: view.knowledgeCurrency })}
          coinsTestId="treasure-kc"
          sentence={t(`feedback.mistakes.${finished.figures.feedback.mistakes}.title`)}
        />
        <Text size="sm" c="dimmed" mt="xs" ta="center">
          {playedAt ? (
            <span data-testid="treasure-played-at">
              {t('treasure.playedOn', { date: formatDate(playedAt, i18n.resolvedLanguage) })} ·{' '}
            </span>
          ) : null}
          {t('treasure.kcExplained')}
        </Text>
        <ExactFigures>
          <ExactFigure
            label={playedAt ? t('treasure.lastAttempt') : t('treasure.thisAttempt')}
            value={`${displayPercent(percent)} %`}
            testId="treasure-percent"
          />
          <ExactFigure
            label={t('treasure.ke')}
            value={`${displayPercent(view.knowledgeEfficiency ?? percent)} %`}
            testId="treasure-ke"
          />
        </ExactFigures>
        <SimpleGrid mt="md" cols={{ base: 1, xs: 2 }} spacing="xs">
          <Button
            mih={44}
            variant="light"
            leftSection={<IconRefresh size={18} />}
            onClick={again}
            data-testid="treasure-again"
          >
            {playedAt ? t('result.tryAgain') : t('treasure.again')}
          </Button>
          <Button mih={44} leftSection={<IconMap size={18} />} component={Link} to={paths.island(subject, chapter)}>
            {t('result.backToIsland')}
          </Button>
        </SimpleGrid>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={3} size="h5" mb="sm">
          {t('treasure.review')}
        </Title>
        <AnswerReview questions={finished.questions} answers={finished.answers} />
      </Card>
    </Stack>
  );
}

/**
 * A treasure finished, but not on this device (or too long ago to be kept here): the server's
 * figures, with "try again"; the answers of that attempt stay on the device it was played on.
 */
function TreasurePlayedElsewhere({
  view,
  subject,
  chapter,
  again,
}: {
  view: ChapterView;
  subject: string;
  chapter: string;
  again: () => void;
}) {
  const { t } = useTranslation(['journey', 'learn']);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="treasure-score" data-last="">
      <Title order={2} mb="sm">
        {t('treasure.scoreCard')}
      </Title>
      <Stack gap={4} align="center" ta="center">
        <Text fz={22} fw={700} data-testid="treasure-kc">
          {t('learn:result.coins', { count: view.knowledgeCurrency })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('treasure.kcExplained')}
        </Text>
      </Stack>
      <ExactFigures>
        <ExactFigure
          label={t('treasure.ke')}
          value={view.knowledgeEfficiency === null ? '–' : `${displayPercent(view.knowledgeEfficiency)} %`}
          testId="treasure-ke"
        />
      </ExactFigures>
      <Text size="sm" mt="sm" data-testid="treasure-review-elsewhere">
        {t('treasure.reviewElsewhere')}
      </Text>
      <SimpleGrid mt="md" cols={{ base: 1, xs: 2 }} spacing="xs">
        <Button
          mih={44}
          variant="light"
          leftSection={<IconRefresh size={18} />}
          onClick={again}
          data-testid="treasure-again"
        >
          {t('result.tryAgain')}
        </Button>
        <Button mih={44} leftSection={<IconMap size={18} />} component={Link} to={paths.island(subject, chapter)}>
          {t('result.backToIsland')}
        </Button>
      </SimpleGrid>
    </Card>
  );
}

/** /revise/{subject}/{chapter} */
export function RevisePage() {
  return <StagePage stage="revise" />;
}

/** /treasurecontent/{subject}/{chapter} */
export function TreasurePage() {
  return <StagePage stage="treasure" />;
}
