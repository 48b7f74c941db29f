import { Alert, Badge, Button, Card, Group, List, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CHALLENGE_DEFAULT_QUESTIONS, CHALLENGE_QUESTION_SECONDS, type AssessmentHome } from '@ki/contracts';
import { assessmentPaths } from '../../config/assessment-paths';
import { useMe } from '../../lib/session';
import { BackLink } from '../../ui/back-link';
import { SubjectTiles } from '../../ui/subject-tiles';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { NotOnDevice } from '../../ui/offline-parts';
import { useCreateGame } from './api/create-game';
import { useChallengeSubjects } from './api/get-subjects';
import { useChallengeErrorText } from './error-text';
import './challenge.css';

type Subject = AssessmentHome['subjects'][number];

/** The numbers of questions a student may choose for a challenge: a quick round of 3 up to 20. */
export const QUESTION_CHOICES = [3, 5, 10, 15, 20] as const;

/**
 * A challenge is a student's: other signed-in users (content roles previewing the learner screens,
 * staff who typed the address) are told so rather than refused by the server.
 */
function StudentsOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('assessment');
  const { data: me } = useMe();
  if (me && !me.abilities.writeRecords)
    return (
      <Alert color="blue" variant="light" data-testid="students-only">
        {t('challenge.studentsOnly')}
      </Alert>
    );
  return children;
}

/**
 * /assessment/practicequiz/challenge and /assessment/practicequiz/challenge/:subject (spec 2.1,
 * 2.8 challenge friends): the student picks a subject, then a number of questions, and creates the
 * game; its lobby opens with the code to share.
 */
export function CreateChallengePage() {
  return (
    <StudentsOnly>
      <CreateChallenge />
    </StudentsOnly>
  );
}

function CreateChallenge() {
  const { t } = useTranslation('assessment');
  const { subject: slug } = useParams();
  const subjects = useChallengeSubjects();
  const subject = slug ? subjects.data?.find((s) => s.slug === slug) : undefined;
  return (
    <Stack gap="md" maw={760} mx="auto" w="100%">
      <BackLink
        fallback={slug ? assessmentPaths.challenge : assessmentPaths.home}
        label={slug ? t('challenge.otherSubject') : t('challenge.back')}
      />
      <div>
        <Group gap="xs" wrap="nowrap">
          <IconUsersGroup size={26} aria-hidden="true" />
          <Title order={2} data-testid="challenge-title">
            {t('challenge.title')}
          </Title>
        </Group>
        {subject ? (
          <Badge size="lg" variant="light" color="violet" data-testid="challenge-subject">
            {subject.name}
          </Badge>
        ) : null}
        <Text c="dimmed">{slug ? t('challenge.setupIntro') : t('challenge.intro')}</Text>
      </div>
      {!subjects.data ? (
        <NotOnDevice
          query={subjects}
          failedText={t('challenge.loadFailed')}
          offlineText={t('offline.needsNetwork')}
          loader={<FullScreenLoader />}
        />
      ) : !slug ? (
        <SubjectChoice subjects={subjects.data} />
      ) : !subject ? (
        <Alert color="yellow" data-testid="unknown-subject">
          {t('practice.unknownSubject')}
        </Alert>
      ) : (
        <GameSetup subject={subject} />
      )}
    </Stack>
  );
}

/** The student's subjects; one with no questions in its bank is shown, not offered. */
function SubjectChoice({ subjects }: { subjects: Subject[] }) {
  const { t } = useTranslation('assessment');
  return (
    <SubjectTiles
      subjects={subjects}
      to={assessmentPaths.challengeSubject}
      tileClass="ki-live-tile"
      noSubjects={t('practice.noSubjects')}
      badge={(_, empty) =>
        empty ? (
          <Badge variant="light" color="gray">
            {t('practice.noQuestions')}
          </Badge>
        ) : null
      }
    />
  );
}

/** How many questions, the rules, and Create game. */
function GameSetup({ subject }: { subject: Subject }) {
  const { t } = useTranslation('assessment');
  const navigate = useNavigate();
  const create = useCreateGame();
  const errorText = useChallengeErrorText();
  const [questions, setQuestions] = useState<number>(CHALLENGE_DEFAULT_QUESTIONS);
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Text fw={700} id="challenge-questions-label">
            {t('challenge.questionsLabel')}
          </Text>
          <SegmentedControl
            aria-labelledby="challenge-questions-label"
            size="md"
            fullWidth
            value={String(questions)}
            onChange={(value) => setQuestions(Number(value))}
            data={QUESTION_CHOICES.map((n) => ({ value: String(n), label: String(n) }))}
            data-testid="question-count"
          />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md" data-testid="rules">
        <Text fw={700} mb="xs">
          {t('challenge.rulesTitle')}
        </Text>
        <List spacing={6} size="sm">
          <List.Item>{t('challenge.rulesTogether', { count: CHALLENGE_QUESTION_SECONDS })}</List.Item>
          <List.Item>{t('challenge.rulesMarks')}</List.Item>
          <List.Item>{t('challenge.rulesFriends')}</List.Item>
        </List>
      </Card>
      {create.error ? (
        <Alert color="red" data-testid="create-error">
          {errorText(create.error)}
        </Alert>
      ) : null}
      <Button
        size="lg"
        loading={create.isPending}
        onClick={() =>
          create.mutate(
            { source: 'bank', subjectId: subject.id, questions },
            { onSuccess: (info) => void navigate(assessmentPaths.hostLobby(info.code)) },
          )
        }
        data-testid="create"
      >
        {t('challenge.create')}
      </Button>
    </Stack>
  );
}
