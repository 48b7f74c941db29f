import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconBook, IconCheck, IconLock, IconPlayerPlay, IconRefresh, IconTrophy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { displayPercent, type LockReason } from '@ki/domain';
import type { BundleTopic } from '@ki/contracts';
import { paths } from '../../config/paths';
import { LanguageNote } from './components/language-note';
import { NotInSubject, SubjectGate } from './components/subject-gate';
import { islandLayout, LABEL_GAP_PX, LANE_X, STOP_SIZE_PX, type IslandStop } from './island-layout';
import { islandTheme } from './island-theme';
import { lockTextKey } from './lock-text';
import type { ChapterView } from './progress-merge';
import type { ChapterWithView } from './use-subject-view';

type Popup =
  | { kind: 'topic'; topic: BundleTopic; index: number }
  | { kind: 'locked'; stage: 'revise' | 'treasure'; reason: LockReason }
  | { kind: 'revised' }
  | null;

function StopButton({
  stop,
  layoutWidth,
  layoutHeight,
  label,
  caption,
  done,
  locked,
  color,
  onClick,
  testId,
  children,
}: {
  stop: IslandStop;
  layoutWidth: number;
  layoutHeight: number;
  label: string;
  caption: string;
  done: boolean;
  locked: boolean;
  color: string;
  onClick: () => void;
  testId: string;
  children: React.ReactNode;
}) {
  // Played: filled with the subject colour and a tick; to play: white with the number; locked: grey.
  const fill = locked ? 'var(--mantine-color-gray-6)' : done ? `var(--mantine-color-${color}-7)` : 'white';
  const ink = locked || done ? 'white' : `var(--mantine-color-${color}-8)`;
  const top = `${(100 * stop.y) / layoutHeight}%`;
  // The label reads from beside the stop towards the other lane, as wide as the rest of the row
  // allows, centred on the stop's row (island-layout.ts keeps the path out of it).
  const beside = `calc(${100 * LANE_X.left}% + ${STOP_SIZE_PX / 2 + LABEL_GAP_PX}px)`;
  return (
    <>
      <UnstyledButton
        onClick={onClick}
        aria-label={label}
        data-testid={testId}
        data-done={done}
        data-locked={locked}
        style={{
          position: 'absolute',
          left: `${(100 * stop.x) / layoutWidth}%`,
          top,
          transform: 'translate(-50%, -50%)',
          width: STOP_SIZE_PX,
          height: STOP_SIZE_PX,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 800,
          fontSize: 20,
          color: ink,
          background: fill,
          border: `4px solid ${locked || done ? 'white' : `var(--mantine-color-${color}-7)`}`,
          boxShadow: '0 3px 8px rgba(0,0,0,0.25)',
        }}
      >
        {children}
      </UnstyledButton>
      <Text
        size="xs"
        fw={700}
        lh={1.2}
        aria-hidden="true"
        style={{
          position: 'absolute',
          top,
          transform: 'translateY(-50%)',
          ...(stop.lane === 'left' ? { left: beside } : { right: beside, textAlign: 'right' }),
          maxWidth: `calc(${100 * (1 - LANE_X.left) - 5}% - ${STOP_SIZE_PX / 2 + LABEL_GAP_PX}px)`,
          padding: '2px 4px',
          overflowWrap: 'anywhere',
          textWrap: 'balance',
          color: 'var(--mantine-color-dark-7)',
          textShadow: '0 0 3px rgba(255,255,255,0.9), 0 0 6px rgba(255,255,255,0.8)',
        }}
      >
        {caption}
      </Text>
    </>
  );
}

/** Decoration of the map: waves in the sea and palms on the land, between the rows at the edge the path is not near. */
function Scenery({ width, height, stops, theme }: { width: number; height: number; stops: IslandStop[]; theme: ReturnType<typeof islandTheme> }) {
  const waves = [0.12, 0.35, 0.6, 0.85].map((f, i) => ({ x: i % 2 ? width - 13 : 6, y: height * f }));
  const palms = stops
    .slice(1)
    .filter((_, i) => i % 2 === 0)
    .map((stop, i) => ({ x: i % 2 ? width * 0.9 : width * 0.1, y: stop.y - 60 }));
  return (
    <g>
      {waves.map((w, i) => (
        <path
          key={i}
          d={`M ${w.x} ${w.y} q 2 -4 4 0 t 4 0`}
          stroke={theme.path}
          strokeOpacity={0.35}
          strokeWidth={1.5}
          fill="none"
        />
      ))}
      {palms.map((p, i) => (
        <g key={i} transform={`translate(${p.x} ${p.y})`} opacity={0.55}>
          <rect x={-1.5} y={-2} width={3} height={16} fill="#8d6e63" rx={1} />
          <ellipse cx={-6} cy={-3} rx={8} ry={3} fill="#2f9e44" transform="rotate(-20)" />
          <ellipse cx={6} cy={-3} rx={8} ry={3} fill="#2f9e44" transform="rotate(20)" />
        </g>
      ))}
    </g>
  );
}

function IslandMap({
  subject,
  entry,
  onPopup,
}: {
  subject: string;
  entry: ChapterWithView;
  onPopup: (p: Popup) => void;
}) {
  const { t } = useTranslation('journey');
  const navigate = useNavigate();
  const theme = islandTheme(subject);
  const { chapter, view } = entry;
  const layout = islandLayout(chapter.topics.length);
  const topicStops = layout.stops.filter((s) => s.kind === 'topic');
  const revise = layout.stops.at(-2)!;
  const treasure = layout.stops.at(-1)!;
  return (
    <div
      style={{
        position: 'relative',
        width: '100%',
        maxWidth: 380,
        margin: '0 auto',
        aspectRatio: `${layout.width} / ${layout.height}`,
      }}
      data-testid="island-map"
    >
      <svg
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        width="100%"
        height="100%"
        aria-hidden="true"
        style={{ position: 'absolute', inset: 0, borderRadius: 16 }}
      >
        <rect width={layout.width} height={layout.height} fill={theme.sea} rx={16} />
        <rect x={14} y={18} width={layout.width - 28} height={layout.height - 36} rx={90} fill={theme.shore} />
        <rect x={26} y={30} width={layout.width - 52} height={layout.height - 60} rx={80} fill={theme.land} />
        <Scenery width={layout.width} height={layout.height} stops={layout.stops} theme={theme} />
        <path
          d={layout.path}
          fill="none"
          stroke={theme.path}
          strokeWidth={6}
          strokeDasharray="2 12"
          strokeLinecap="round"
        />
      </svg>
      {topicStops.map((stop) => {
        const topic = chapter.topics[stop.index]!;
        const done = view.topics.has(topic.id);
        return (
          <StopButton
            key={topic.id}
            stop={stop}
            layoutWidth={layout.width}
            layoutHeight={layout.height}
            label={t('island.stopLabel', {
              n: stop.index + 1,
              name: topic.name,
              state: done ? t('completed') : t('island.notPlayed'),
            })}
            caption={topic.name}
            done={done}
            locked={false}
            color={theme.accent}
            onClick={() => onPopup({ kind: 'topic', topic, index: stop.index })}
            testId={`stop-${stop.index + 1}`}
          >
            {done ? <IconCheck size={26} aria-hidden="true" /> : stop.index + 1}
          </StopButton>
        );
      })}
      <StopButton
        stop={revise}
        layoutWidth={layout.width}
        layoutHeight={layout.height}
        label={`${t('island.revise')}: ${view.locks.revise.locked ? t('island.locked') : view.reviseDone ? t('completed') : t('island.open')}`}
        caption={t('island.revise')}
        done={view.reviseDone}
        locked={view.locks.revise.locked}
        color={theme.accent}
        testId="stop-revise"
        onClick={() => {
          if (view.locks.revise.locked) onPopup({ kind: 'locked', stage: 'revise', reason: view.locks.revise.reason! });
          else if (view.reviseDone) onPopup({ kind: 'revised' });
          else void navigate(paths.revise(subject, chapter.slug));
        }}
      >
        {view.locks.revise.locked ? (
          <IconLock size={24} aria-hidden="true" />
        ) : (
          <IconRefresh size={26} aria-hidden="true" />
        )}
      </StopButton>
      <StopButton
        stop={treasure}
        layoutWidth={layout.width}
        layoutHeight={layout.height}
        label={`${t('island.treasure')}: ${view.locks.treasure.locked ? t('island.locked') : view.treasureDone ? t('completed') : t('island.open')}`}
        caption={t('island.treasure')}
        done={view.treasureDone}
        locked={view.locks.treasure.locked}
        color="yellow"
        testId="stop-treasure"
        onClick={() => {
          if (view.locks.treasure.locked)
            onPopup({ kind: 'locked', stage: 'treasure', reason: view.locks.treasure.reason! });
          else void navigate(paths.treasure(subject, chapter.slug));
        }}
      >
        {view.locks.treasure.locked ? (
          <IconLock size={24} aria-hidden="true" />
        ) : (
          <IconTrophy size={26} aria-hidden="true" />
        )}
      </StopButton>
    </div>
  );
}

function ChapterPanel({ view }: { view: ChapterView }) {
  const { t } = useTranslation(['journey', 'learn']);
  return (
    <Card withBorder radius="md" padding="md" data-testid="chapter-panel">
      <Text fw={700} mb={4}>
        {t('topicsComplete', { done: view.topicsCompleted, total: view.islandCount })}
      </Text>
      <Progress
        value={view.islandCount ? (100 * view.topicsCompleted) / view.islandCount : 0}
        color="teal"
        aria-label={t('topicsComplete', { done: view.topicsCompleted, total: view.islandCount })}
      />
      <SimpleGrid cols={2} mt="sm" spacing="xs">
        <div>
          <Text size="xs" c="dimmed">
            {t('result.learningCurrency')}
          </Text>
          <Text fw={700} data-testid="chapter-lc">
            {t('learn:result.coins', { count: view.learningCurrency })}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('treasure.ke')}
          </Text>
          <Text fw={700} data-testid="chapter-ke">
            {view.knowledgeEfficiency === null ? '–' : `${displayPercent(view.knowledgeEfficiency)} %`}
          </Text>
        </div>
      </SimpleGrid>
      {view.pending > 0 ? (
        <Text size="xs" c="dimmed" mt="xs" data-testid="chapter-pending">
          {t('sync.pendingCount', { count: view.pending })}
        </Text>
      ) : null}
    </Card>
  );
}

/** /{subject}/{chapter}/topics: the chapter drawn as an island, topics as numbered stops, then revise and treasure. */
export function IslandPage() {
  const { t } = useTranslation(['journey', 'learn']);
  const { subject = '', chapter = '' } = useParams();
  const [popup, setPopup] = useState<Popup>(null);
  return (
    <SubjectGate subject={subject}>
      {({ chapters, bundle }) => {
        const entry = chapters.find((c) => c.chapter.slug === chapter);
        if (!entry) return <NotInSubject subject={subject} />;
        const theme = islandTheme(subject);
        const popupTopic = popup?.kind === 'topic' ? popup : null;
        const popupProgress = popupTopic ? entry.view.topics.get(popupTopic.topic.id) : undefined;
        return (
          <Stack gap="md" maw={960} mx="auto">
            <Anchor component={Link} to={paths.subjectChapters(subject)} size="sm">
              ← {bundle.data?.subject.name}
            </Anchor>
            <Title order={2} data-testid="island-title">
              {entry.chapter.name}
            </Title>
            <LanguageNote
              bundleLanguage={bundle.data?.language}
              shown={[bundle.data?.subject.nameLanguage, entry.chapter.nameLanguage, ...entry.chapter.topics.map((tp) => tp.nameLanguage)]}
            />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <IslandMap subject={subject} entry={entry} onPopup={setPopup} />
              <Stack gap="sm">
                <ChapterPanel view={entry.view} />
                <Card withBorder radius="md" padding="xs">
                  <Stack
                    gap={4}
                    component="ol"
                    style={{ listStyle: 'none', margin: 0, padding: 0 }}
                    aria-label={t('island.topicList')}
                  >
                    {entry.chapter.topics.map((tp, i) => {
                      const done = entry.view.topics.has(tp.id);
                      return (
                        <li key={tp.id}>
                          <UnstyledButton
                            onClick={() => setPopup({ kind: 'topic', topic: tp, index: i })}
                            w="100%"
                            mih={44}
                            px="xs"
                            style={{ borderRadius: 8 }}
                            data-testid={`topic-row-${i + 1}`}
                          >
                            <Group justify="space-between" wrap="nowrap">
                              <Text size="sm">
                                {i + 1}. {tp.name}
                              </Text>
                              {done ? (
                                <Badge color="teal" variant="light" size="sm">
                                  {t('completed')}
                                </Badge>
                              ) : null}
                            </Group>
                          </UnstyledButton>
                        </li>
                      );
                    })}
                  </Stack>
                </Card>
              </Stack>
            </SimpleGrid>

            <Modal
              opened={popupTopic !== null}
              onClose={() => setPopup(null)}
              title={popupTopic ? t('island.stop', { n: popupTopic.index + 1 }) : ''}
              centered
            >
              {popupTopic ? (
                <Stack gap="sm" data-testid="topic-popup">
                  <Text fw={700}>{popupTopic.topic.name}</Text>
                  {popupProgress ? (
                    <Group gap="xs">
                      <Badge color="teal" variant="light">
                        {t('completed')}
                      </Badge>
                      <Badge variant="light">
                        {t('island.le', { value: displayPercent(popupProgress.learningEfficiency) })}
                      </Badge>
                      <Badge variant="light" color="yellow">
                        {t('learn:result.coins', { count: popupProgress.learningCurrency })}
                      </Badge>
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('island.notPlayedYet')}
                    </Text>
                  )}
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                    <Button
                      variant="light"
                      mih={44}
                      leftSection={<IconBook size={18} />}
                      component={Link}
                      to={paths.concept(subject, chapter, popupTopic.topic.slug)}
                      data-testid="popup-concept"
                    >
                      {t('island.learn')}
                    </Button>
                    <Button
                      color={theme.accent}
                      mih={44}
                      leftSection={<IconPlayerPlay size={18} />}
                      component={Link}
                      to={paths.play(subject, chapter, popupTopic.topic.slug)}
                      data-testid="popup-play"
                    >
                      {t('concept.playNow')}
                    </Button>
                  </SimpleGrid>
                </Stack>
              ) : null}
            </Modal>
            <Modal
              opened={popup?.kind === 'locked' || popup?.kind === 'revised'}
              onClose={() => setPopup(null)}
              title={t('locks.title')}
              centered
            >
              <Stack gap="sm" data-testid="lock-popup">
                <Text data-testid="lock-text">
                  {popup?.kind === 'locked' ? t(lockTextKey(popup.stage, popup.reason)) : t('locks.alreadyRevised')}
                </Text>
                {popup?.kind === 'revised' ? (
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                    <Button
                      variant="light"
                      mih={44}
                      component={Link}
                      to={paths.revise(subject, chapter)}
                      data-testid="revise-again"
                    >
                      {t('revise.again')}
                    </Button>
                    <Button
                      mih={44}
                      color="yellow"
                      component={Link}
                      to={paths.treasure(subject, chapter)}
                      data-testid="popup-treasure"
                    >
                      {t('revise.goToTreasure')}
                    </Button>
                  </SimpleGrid>
                ) : (
                  <Button mih={44} onClick={() => setPopup(null)} data-testid="lock-ok">
                    {t('locks.ok')}
                  </Button>
                )}
              </Stack>
            </Modal>
          </Stack>
        );
      }}
    </SubjectGate>
  );
}
