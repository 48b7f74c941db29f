import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBook,
  IconCheck,
  IconLock,
  IconMoon,
  IconPlayerPlay,
  IconRefresh,
  IconSun,
  IconTrophy,
} from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { roundHalfUp, type LockReason } from '@ki/domain';
import type { BundleTopic } from '@ki/contracts';
import { paths } from '../../config/paths';
import { useMe } from '../../lib/session';
import { IslandArt } from './components/island-art';
import { LanguageNote } from './components/language-note';
import { NotInSubject, SubjectGate } from './components/subject-gate';
import { islandLayout, LABEL_GAP_PX, LANE_X, STOP_SIZE_PX, type IslandStop } from './island-layout';
import { islandShape } from './island-shape';
import { islandTheme, type MapColors, type MapMode } from './island-theme';
import './island-map.css';
import { lockTextKey } from './lock-text';
import { saveMapTheme, useMapTheme } from './map-theme';
import type { ChapterView } from './progress-merge';
import type { ChapterWithView } from './use-subject-view';
// The page waits for this device's records (SubjectGate): the device database comes with its code,
// where the topic game, which draws without them, loads it later (lib/device-db.ts).
import '../../lib/learner-db';

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
  ink: labelInk,
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
  /** The label's text colour and halo for the map's colours. */
  ink: Pick<MapColors, 'ink' | 'halo'>;
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
          color: labelInk.ink,
          textShadow: labelInk.halo,
        }}
      >
        {caption}
      </Text>
    </>
  );
}

function IslandMap({
  subject,
  entry,
  mode,
  onPopup,
}: {
  subject: string;
  entry: ChapterWithView;
  mode: MapMode;
  onPopup: (p: Popup) => void;
}) {
  const { t } = useTranslation('journey');
  const navigate = useNavigate();
  const clipId = useId();
  const theme = islandTheme(subject);
  const colors = theme[mode];
  const { chapter, view } = entry;
  const topicCount = chapter.topics.length;
  const layout = useMemo(() => islandLayout(topicCount), [topicCount]);
  // The chapter's own island: its id seeds the coast and the scenery (island-shape.ts).
  const shape = useMemo(() => islandShape(layout, chapter.id), [layout, chapter.id]);
  const topicStops = layout.stops.filter((s) => s.kind === 'topic');
  const revise = layout.stops.at(-2)!;
  const treasure = layout.stops.at(-1)!;
  return (
    <div
      className="ki-island-map"
      style={{
        position: 'relative',
        width: '100%',
        maxWidth: 380,
        margin: '0 auto',
        aspectRatio: `${layout.width} / ${layout.height}`,
      }}
      data-testid="island-map"
      data-map-theme={mode}
    >
      <svg
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        width="100%"
        height="100%"
        aria-hidden="true"
        focusable="false"
        style={{ position: 'absolute', inset: 0 }}
      >
        <clipPath id={clipId}>
          <rect width={layout.width} height={layout.height} rx={18} />
        </clipPath>
        <g clipPath={`url(#${clipId})`}>
          <IslandArt width={layout.width} height={layout.height} shape={shape} colors={colors} />
        </g>
        <path
          d={layout.path}
          fill="none"
          stroke={colors.path}
          strokeWidth={6}
          strokeDasharray="2 12"
          strokeLinecap="round"
          data-testid="island-route"
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
            ink={colors}
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
        ink={colors}
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
        ink={colors}
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

/** The island page's theme picker (access-and-app-shell.md 2.8): day or night colours for the map. */
function MapThemePicker({ mode, onChange }: { mode: MapMode; onChange: (mode: MapMode) => void }) {
  const { t } = useTranslation('journey');
  const labelId = useId();
  const option = (value: MapMode, icon: React.ReactNode, label: string) => ({
    value,
    label: (
      <Group gap={6} wrap="nowrap" justify="center">
        {icon}
        <span>{label}</span>
      </Group>
    ),
  });
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" maw={380} w="100%" mx="auto">
      <Text size="sm" fw={600} id={labelId}>
        {t('island.mapTheme')}
      </Text>
      <SegmentedControl
        value={mode}
        onChange={(value) => onChange(value === 'dark' ? 'dark' : 'light')}
        aria-labelledby={labelId}
        radius="xl"
        size="sm"
        data-testid="map-theme"
        data={[
          option('light', <IconSun size={16} aria-hidden="true" />, t('island.mapLight')),
          option('dark', <IconMoon size={16} aria-hidden="true" />, t('island.mapDark')),
        ]}
      />
    </Group>
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
            {view.knowledgeEfficiency === null ? '–' : `${roundHalfUp(view.knowledgeEfficiency)} %`}
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
  const userId = useMe().data?.user.id;
  const mapMode = useMapTheme(userId);
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
              shown={[
                bundle.data?.subject.nameLanguage,
                entry.chapter.nameLanguage,
                ...entry.chapter.topics.map((tp) => tp.nameLanguage),
              ]}
            />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Stack gap="xs">
                <MapThemePicker mode={mapMode} onChange={(mode) => saveMapTheme(userId, mode)} />
                <IslandMap subject={subject} entry={entry} mode={mapMode} onPopup={setPopup} />
              </Stack>
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
                        {t('island.le', { value: roundHalfUp(popupProgress.learningEfficiency) })}
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
