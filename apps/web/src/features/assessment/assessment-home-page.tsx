import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBolt, IconClipboardCheck, IconKey, IconUsersGroup } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { AssessmentHome } from '@ki/contracts';
import { assessmentPaths } from '../../config/assessment-paths';
import { formatDateTime } from '../../lib/format-date';
import { useAbortAttempt } from './api/finish-attempt';
import { useAssessmentHome } from './api/get-home';
import { useLookUpGame } from './api/look-up-game';
import { AssignedList } from './components/assigned-list';
import { ConfirmDialog } from './components/confirm-dialog';
import { MissingAnswer, StudentsOnly } from './components/page-states';
import { attemptTitle } from './attempt-title';
import { useAssessmentErrorText, useJoinCodeErrorText } from './error-text';

/** The challenge join code: 6 digits (access-and-app-shell.md 5, 9). */
export const JOIN_CODE = /^\d{6}$/;

function Tile({
  title,
  text,
  icon,
  to,
  testId,
  children,
}: {
  title: string;
  text: string;
  icon: ReactNode;
  to?: string;
  testId: string;
  children?: ReactNode;
}) {
  const body = (
    <>
      <Group gap="xs" wrap="nowrap">
        {icon}
        <Text fw={700}>{title}</Text>
      </Group>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
      {children}
    </>
  );
  return to ? (
    <Card component={Link} to={to} withBorder radius="md" padding="md" className="ki-quiz-tile" data-testid={testId}>
      {body}
    </Card>
  ) : (
    <Card withBorder radius="md" padding="md" className="ki-quiz-tile" data-testid={testId}>
      {body}
    </Card>
  );
}

/**
 * Join with a 6-digit code (spec 2.8): the code is looked up, and the game's lobby opens (the
 * host's own game opens its start-game lobby); a code no game of the class has, a game that has
 * ended, or too many wrong codes are said here, in the student's language.
 */
function JoinWithCode() {
  const { t } = useTranslation('assessment');
  const navigate = useNavigate();
  const lookUp = useLookUpGame();
  const errorText = useJoinCodeErrorText();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const error = invalid ? t('home.codeInvalid') : lookUp.error ? errorText(lookUp.error) : null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const valid = JOIN_CODE.test(code);
        setInvalid(!valid);
        if (!valid) return;
        lookUp.mutate(code, {
          onSuccess: (game) =>
            void navigate(game.isHost ? assessmentPaths.hostLobby(game.code) : assessmentPaths.waitingLobby(game.code)),
        });
      }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={t('home.codeLabel')}
          placeholder={t('home.codePlaceholder')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={code}
          error={error}
          onChange={(e) => {
            setCode(e.currentTarget.value.replace(/\D/g, ''));
            setInvalid(false);
            lookUp.reset();
          }}
          style={{ flex: 1 }}
          data-testid="join-code"
        />
        <Button type="submit" variant="light" loading={lookUp.isPending} data-testid="join-code-submit">
          {t('home.join')}
        </Button>
      </Group>
    </form>
  );
}

/** The attempt still open (one at a time): resume it, or abort it (with a confirmation). */
function OpenAttempt({ attempt }: { attempt: NonNullable<AssessmentHome['openAttempt']> }) {
  const { t, i18n } = useTranslation('assessment');
  const [asking, setAsking] = useState(false);
  const abort = useAbortAttempt();
  const errorText = useAssessmentErrorText();
  return (
    <Alert color="violet" variant="light" title={t('home.openAttempt')} data-testid="open-attempt">
      <Stack gap="xs">
        <Text size="sm">
          {t('home.openAttemptText', {
            name: attemptTitle(t, attempt),
            when: formatDateTime(attempt.deadlineAt, i18n.resolvedLanguage),
          })}
        </Text>
        <Group gap="xs">
          <Button component={Link} to={assessmentPaths.attempt(attempt.id)} data-testid="open-attempt-resume">
            {t('home.resume')}
          </Button>
          <Button variant="default" color="red" onClick={() => setAsking(true)} data-testid="open-attempt-abort">
            {t('home.abort')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={t('abort.title', { name: attemptTitle(t, attempt) })}
        confirmLabel={t('abort.confirm')}
        cancelLabel={t('abort.cancel')}
        danger
        busy={abort.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          abort.mutate(attempt.id, {
            onSuccess: () => setAsking(false),
            onError: (error) => {
              setAsking(false);
              notifications.show({ color: 'red', message: errorText(error) });
            },
          })
        }
        testId="abort-dialog"
      >
        {t('abort.text')}
      </ConfirmDialog>
    </Alert>
  );
}

function RecentResults({ recent }: { recent: AssessmentHome['recent'] }) {
  const { t, i18n } = useTranslation('assessment');
  if (recent.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="no-recent">
        {t('home.noRecent')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="recent">
      {recent.map((r) => (
        <Card key={r.id} withBorder radius="md" padding="sm" data-testid="recent-row">
          {/* The marks go under the title when both do not fit (a phone, a long title, a long word for "marks"), never cut short. */}
          <Group justify="space-between" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={assessmentPaths.attemptReport(r.id)} fw={600}>
                {attemptTitle(t, r)}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t(`kind.${r.kind}`)} · {formatDateTime(r.finishedAt, i18n.resolvedLanguage)}
              </Text>
            </div>
            <Stack gap={2} align="flex-end">
              {r.marks === null ? (
                <Badge variant="light" color="gray" size="lg">
                  {t('done.abortedTitle')}
                </Badge>
              ) : (
                <Badge variant="light" color="teal" size="lg" data-testid="recent-marks">
                  {t('marksOf', { marks: r.marks, max: r.maxMarks })}
                </Badge>
              )}
              {r.awaitingMarking > 0 ? (
                <Text size="xs" c="dimmed">
                  {t('home.awaiting', { count: r.awaitingMarking })}
                </Text>
              ) : null}
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * The quizzes home (access-and-app-shell.md 2.8): practice quiz, practice test, challenge friends
 * and join with a 6-digit code, the open attempt to resume or abort, the quizzes and tests teachers
 * assigned ('No quizzes assigned' when none), and recent results.
 */
export function AssessmentHomePage() {
  return (
    <StudentsOnly>
      <Home />
    </StudentsOnly>
  );
}

function Home() {
  const { t } = useTranslation('assessment');
  const home = useAssessmentHome();
  const header = (
    <div>
      <Title order={2} data-testid="assessment-title">
        {t('home.title')}
      </Title>
      <Text c="dimmed">{t('home.subtitle')}</Text>
    </div>
  );
  if (!home.data)
    return (
      <Stack gap="md">
        {header}
        <MissingAnswer query={home} failedText={t('home.loadFailed')} />
      </Stack>
    );
  const { openAttempt, assigned, recent } = home.data;
  return (
    <Stack gap="lg">
      {header}
      {openAttempt ? <OpenAttempt attempt={openAttempt} /> : null}
      <div className="ki-quiz-tiles">
        <Tile
          title={t('home.practiceQuiz')}
          text={t('home.practiceQuizText')}
          icon={<IconBolt size={22} color="var(--mantine-color-orange-filled)" aria-hidden="true" />}
          to={assessmentPaths.practiceQuiz}
          testId="tile-practice-quiz"
        />
        <Tile
          title={t('home.practiceTest')}
          text={t('home.practiceTestText')}
          icon={<IconClipboardCheck size={22} color="var(--mantine-color-blue-filled)" aria-hidden="true" />}
          to={assessmentPaths.practiceTest}
          testId="tile-practice-test"
        />
        <Tile
          title={t('home.challenge')}
          text={t('home.challengeText')}
          icon={<IconUsersGroup size={22} color="var(--mantine-color-violet-filled)" aria-hidden="true" />}
          to={assessmentPaths.challenge}
          testId="tile-challenge"
        />
        <Tile
          title={t('home.joinCode')}
          text={t('home.joinCodeText')}
          icon={<IconKey size={22} color="var(--mantine-color-teal-filled)" aria-hidden="true" />}
          testId="tile-join"
        >
          <JoinWithCode />
        </Tile>
      </div>
      <section>
        <Title order={3} size="h4" mb="xs">
          {t('home.assigned')}
        </Title>
        <AssignedList assigned={assigned} />
      </section>
      <section>
        <Title order={3} size="h4" mb="xs">
          {t('home.recent')}
        </Title>
        <RecentResults recent={recent} />
      </section>
    </Stack>
  );
}
