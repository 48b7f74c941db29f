import { ActionIcon, Alert, Button, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconBook, IconCoins, IconMap, IconRefresh, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { BundleQuestion, LearnProgressResponse } from '@ki/contracts';
import { displayPercent, displaySeconds, roundHalfUp } from '@ki/domain';
import { MantineRoot } from '../../ui/mantine-root';
import { paths } from '../../config/paths';
import { useRateTopic, useTopicRating } from './api/topic-rating';
import { AnswerReview } from './components/answer-review';
import { ExactFigure, ExactFigures, ResultHero } from './components/result-hero';
import { StreakNote } from './components/home-extras';
import { useCelebration, useCountUp } from './celebration';
import { useMe } from '../../lib/session';
import { SyncState, useQueuedRecord } from './components/sync-state';
import type { GivenAnswer } from './game-state';
import type { GameFigures } from './result-figures';

function RateTopic({ topicId }: { topicId: number }) {
  const { t } = useTranslation('journey');
  const { online } = useNetwork();
  const rating = useTopicRating(topicId);
  const rate = useRateTopic(topicId);
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={700} id="rate-label">
        {t('rating.title')}
      </Text>
      <Group gap="sm" mt="xs" wrap="wrap">
        <Group gap={2} role="group" aria-labelledby="rate-label" data-testid="rating" wrap="nowrap">
          {[1, 2, 3, 4, 5].map((n) => {
            const on = n <= (rate.variables ?? rating.data?.rating ?? 0);
            return (
              <ActionIcon
                key={n}
                size={44}
                variant="subtle"
                color="yellow"
                disabled={!online || rate.isPending}
                aria-label={t('rating.stars', { count: n })}
                aria-pressed={n === (rate.variables ?? rating.data?.rating)}
                onClick={() => rate.mutate(n)}
                data-testid={`rate-${n}`}
              >
                {on ? <IconStarFilled size={28} /> : <IconStar size={28} />}
              </ActionIcon>
            );
          })}
        </Group>
        {rate.isSuccess ? (
          <Text size="sm" c="teal" role="status">
            {t('rating.thanks')}
          </Text>
        ) : null}
        {!online ? (
          <Text size="sm" c="dimmed">
            {t('rating.offline')}
          </Text>
        ) : null}
      </Group>
    </Card>
  );
}

/**
 * The result of a topic game: accuracy, learning currency and time efficiency computed at once on
 * the device, the feedback for its mistakes and pace, the server's confirmation once synced, retest,
 * the mistakes review and "rate us".
 */
export interface TopicResultProps {
  recordId: string;
  figures: GameFigures;
  questions: BundleQuestion[];
  answers: GivenAnswer[];
  topicId: number;
  subject: string;
  chapter: string;
  topic: string;
  onRetest: () => void;
}

export function TopicResult(props: TopicResultProps) {
  const { t } = useTranslation(['journey', 'learn']);
  // The streak line is the home's too: its texts are in the home's namespace.
  const { t: homeT } = useTranslation('learn');
  const { figures } = props;
  const record = useQueuedRecord(props.recordId);
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const celebration = useCelebration(figures.accuracy);
  const coins = useCountUp(figures.learningCurrency);
  const serverLc = record?.server?.learningCurrency;
  return (
    <Stack gap="md" maw={720} mx="auto" data-testid="topic-result" data-celebration={celebration}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>{t('result.title')}</Title>
        <SyncState record={record} />
      </Group>
      <ResultHero
        stars={figures.stars}
        correct={figures.correct}
        total={figures.questionCount}
        coins={t('learn:result.coins', { count: coins })}
        sentence={t(`feedback.mistakes.${figures.feedback.mistakes}.title`)}
      />
      <StreakNote
        // The home's answer, as the app keeps it (learnProgressQuery's key: importing that module
        // here would split it from the home's first load).
        streak={queryClient.getQueryData<LearnProgressResponse>(['learn', 'summary'])?.streak}
        ownerId={me?.user.id}
        t={homeT}
        justFinished={record?.input.finishedAt}
      />
      {serverLc !== undefined && serverLc !== null ? (
        <Text size="sm" c="dimmed" data-testid="server-lc">
          <IconCoins size={14} aria-hidden="true" />{' '}
          {serverLc === figures.learningCurrency
            ? t('result.confirmed', { count: serverLc })
            : t('result.serverDiffers', { count: serverLc })}
        </Text>
      ) : null}
      <Alert
        color={figures.mistakes === 0 ? 'teal' : figures.mistakes <= 2 ? 'blue' : 'orange'}
        variant="light"
        data-testid="feedback-mistakes"
      >
        <Text fw={700}>{t(`feedback.mistakes.${figures.feedback.mistakes}.title`)}</Text>
        <Text size="sm">{t(`feedback.mistakes.${figures.feedback.mistakes}.text`, { count: figures.mistakes })}</Text>
      </Alert>
      <Alert color="grape" variant="light" data-testid="feedback-time">
        <Text size="sm">
          {t(`feedback.time.${figures.feedback.time}`, { seconds: roundHalfUp(figures.averageSeconds) })}
        </Text>
      </Alert>
      <ExactFigures>
        <ExactFigure
          label={t('result.accuracy')}
          value={`${displayPercent(figures.accuracy)} %`}
          testId="result-accuracy"
        />
        <ExactFigure
          label={t('result.timeEfficiency')}
          value={`${displayPercent(figures.timeEfficiency)} %`}
          testId="result-te"
        />
        <ExactFigure
          label={t('result.learningEfficiency')}
          value={`${displayPercent(figures.learningEfficiency)} %`}
          testId="result-le"
        />
        <ExactFigure
          label={t('result.secondsPerQuestion')}
          value={t('result.seconds', { value: displaySeconds(figures.averageSeconds) })}
          testId="result-seconds"
        />
      </ExactFigures>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <Button leftSection={<IconRefresh size={18} />} mih={44} onClick={props.onRetest} data-testid="retest">
          {t('result.retest')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconBook size={18} />}
          mih={44}
          component={Link}
          to={paths.concept(props.subject, props.chapter, props.topic)}
          data-testid="result-relearn"
        >
          {t('game.relearn')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconMap size={18} />}
          mih={44}
          component={Link}
          to={paths.island(props.subject, props.chapter)}
          data-testid="back-to-island"
        >
          {t('result.backToIsland')}
        </Button>
      </SimpleGrid>
      <Card withBorder radius="md" padding="md">
        <Tabs defaultValue="mistakes">
          <Tabs.List grow>
            <Tabs.Tab value="mistakes" mih={44} data-testid="tab-mistakes">
              {t('result.mistakes', { count: figures.mistakes })}
            </Tabs.Tab>
            <Tabs.Tab value="report" mih={44} data-testid="tab-report">
              {t('result.progressReport')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="mistakes" pt="md">
            <AnswerReview questions={props.questions} answers={props.answers} onlyMistakes />
          </Tabs.Panel>
          <Tabs.Panel value="report" pt="md">
            <AnswerReview questions={props.questions} answers={props.answers} />
          </Tabs.Panel>
        </Tabs>
      </Card>
      <RateTopic topicId={props.topicId} />
    </Stack>
  );
}

/**
 * The result screen with the Mantine provider it draws with: the topic game's page carries no
 * Mantine code, and loads this module once the student starts playing (play-page.tsx).
 */
export function TopicResultScreen(props: TopicResultProps) {
  return (
    <MantineRoot>
      <TopicResult {...props} />
    </MantineRoot>
  );
}
