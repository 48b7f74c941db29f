import { Alert, Anchor, Badge, Breadcrumbs, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMessageQuestion, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { roundHalfUp } from '@ki/domain';
import { paths } from '../../config/paths';
import { useMe } from '../../lib/session';
import { BookmarkButton } from './components/bookmark-button';
import { ConceptBody } from '../../ui/concept-body';
import { LanguageNote } from './components/language-note';
import { NotInSubject, SubjectGate } from './components/subject-gate';
import { pickTopicQuestions } from './game-questions';
import { findChapter } from './use-subject-view';
// The page waits for this device's records (SubjectGate): the device database comes with its code,
// where the topic game, which draws without them, loads it later (lib/device-db.ts).
import '../../lib/learner-db';

/**
 * /{subject}/{chapter}/{topic}/concept (and /bookmarked/...): the concept to read before playing, Play
 * now, bookmark, and "Ask a doubt" about the topic (/ask-doubts with it picked).
 */
export function ConceptPage() {
  const { t } = useTranslation(['journey', 'learn']);
  const { subject = '', chapter = '', topic = '' } = useParams();
  // Doubts are students' (a content role previewing the page has no teacher to ask).
  const isStudent = !!useMe().data?.abilities.writeRecords;
  return (
    <SubjectGate subject={subject}>
      {({ chapters, bundle }) => {
        const found = findChapter(chapters, chapter, topic);
        if (!found?.topic) return <NotInSubject subject={subject} />;
        const { entry, topic: tp, topicIndex } = found;
        const progress = entry.view.topics.get(tp.id);
        const playable = pickTopicQuestions(tp) !== null;
        return (
          <Stack gap="md" maw={760} mx="auto">
            <Breadcrumbs separator="›" styles={{ root: { flexWrap: 'wrap' } }}>
              <Anchor component={Link} to={paths.subjectChapters(subject)} size="sm">
                {bundle.data?.subject.name}
              </Anchor>
              <Anchor component={Link} to={paths.island(subject, chapter)} size="sm">
                {entry.chapter.name}
              </Anchor>
            </Breadcrumbs>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text size="sm" c="dimmed">
                  {t('island.stop', { n: topicIndex + 1 })}
                </Text>
                <Title order={2} data-testid="concept-title">
                  {tp.name}
                </Title>
              </div>
              <BookmarkButton kind="concepts" id={tp.id} />
            </Group>
            <LanguageNote
              bundleLanguage={bundle.data?.language}
              shown={[
                bundle.data?.subject.nameLanguage,
                entry.chapter.nameLanguage,
                tp.nameLanguage,
                tp.concept?.language,
              ]}
            />
            {progress ? (
              <Group gap="xs">
                <Badge color="teal" variant="light">
                  {t('completed')}
                </Badge>
                <Badge variant="light">{t('island.le', { value: roundHalfUp(progress.learningEfficiency) })}</Badge>
                <Badge variant="light" color="yellow">
                  {t('learn:result.coins', { count: progress.learningCurrency })}
                </Badge>
              </Group>
            ) : null}
            <Card withBorder radius="md" padding="lg">
              {tp.concept ? (
                <ConceptBody body={tp.concept.body} lang={tp.concept.language} />
              ) : (
                <Text c="dimmed">{t('concept.none')}</Text>
              )}
            </Card>
            {playable ? (
              <Button
                size="lg"
                mih={52}
                leftSection={<IconPlayerPlay size={20} />}
                component={Link}
                to={paths.play(subject, chapter, tp.slug)}
                data-testid="play-now"
              >
                {t('concept.playNow')}
              </Button>
            ) : (
              <Alert color="yellow">{t('game.notEnoughQuestions')}</Alert>
            )}
            {isStudent ? (
              <Button
                variant="subtle"
                leftSection={<IconMessageQuestion size={18} aria-hidden="true" />}
                component={Link}
                to={`${paths.askDoubts}?${new URLSearchParams({ subject, topic: String(tp.id) }).toString()}`}
                style={{ alignSelf: 'center' }}
                data-testid="ask-doubt"
              >
                {t('concept.askDoubt')}
              </Button>
            ) : null}
          </Stack>
        );
      }}
    </SubjectGate>
  );
}
