import { Alert, Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { AssessmentHome, AssessmentKind } from '@ki/contracts';
import {
  PRACTICE_QUIZ_MINUTES,
  PRACTICE_QUIZ_QUESTIONS,
  PRACTICE_TEST_MINUTES,
  PRACTICE_TEST_QUESTIONS,
} from '@ki/contracts';
import { assessmentPaths } from '../../config/assessment-paths';
import { paths } from '../../config/paths';
import { SubjectTiles } from '../../ui/subject-tiles';
import { useAssessmentHome } from './api/get-home';
import { useStartPractice } from './api/start-practice';
import { BackLink } from './components/back-link';
import { Instructions } from './components/instructions';
import { OpenAttemptDialog } from './components/open-attempt-dialog';
import { MissingAnswer, StudentsOnly } from './components/page-states';
import { useAssessmentErrorText } from './error-text';
import { useStartAndOpen } from './hooks/use-start';

type Subject = AssessmentHome['subjects'][number];

const PRACTICE = {
  quiz: {
    questions: PRACTICE_QUIZ_QUESTIONS,
    minutes: PRACTICE_QUIZ_MINUTES,
    list: assessmentPaths.practiceQuiz,
    subject: assessmentPaths.practiceQuizSubject,
  },
  test: {
    questions: PRACTICE_TEST_QUESTIONS,
    minutes: PRACTICE_TEST_MINUTES,
    list: assessmentPaths.practiceTest,
    subject: assessmentPaths.practiceTestSubject,
  },
} as const;

/** Subject selection (spec 2.8): the student's subjects; one without questions in its bank says so. */
function SubjectChoice({ kind, subjects }: { kind: AssessmentKind; subjects: Subject[] }) {
  const { t } = useTranslation('assessment');
  return (
    <SubjectTiles
      subjects={subjects}
      to={PRACTICE[kind].subject}
      tileClass="ki-quiz-tile"
      noSubjects={t('practice.noSubjects')}
      badge={(s, empty) => (
        <Badge variant="light" color={empty ? 'gray' : 'teal'}>
          {empty ? t('practice.noQuestions') : t('practice.questionCount', { count: s.quizQuestions })}
        </Badge>
      )}
    />
  );
}

/** The instructions of a practice quiz or test of one subject, and Start. */
function PracticeStart({ kind, subject }: { kind: AssessmentKind; subject: Subject }) {
  const { t } = useTranslation('assessment');
  const start = useStartPractice();
  const errorText = useAssessmentErrorText();
  const { run, busy, error, conflict, closeConflict } = useStartAndOpen(kind, () =>
    start.mutateAsync({ kind, subjectId: subject.id }),
  );
  return (
    <Stack gap="md">
      <Instructions kind={kind} questionCount={PRACTICE[kind].questions} minutes={PRACTICE[kind].minutes} />
      {error ? (
        <Alert color="red" data-testid="start-error">
          {errorText(error)}
        </Alert>
      ) : null}
      <Button size="lg" loading={busy} onClick={() => void run()} data-testid="start">
        {t('practice.start')}
      </Button>
      <OpenAttemptDialog
        attemptId={conflict}
        onClose={closeConflict}
        onAborted={() => {
          closeConflict();
          void run();
        }}
      />
    </Stack>
  );
}

function PracticePage({ kind }: { kind: AssessmentKind }) {
  const { t } = useTranslation('assessment');
  const { subject: slug } = useParams();
  const home = useAssessmentHome();
  const title = kind === 'quiz' ? t('home.practiceQuiz') : t('home.practiceTest');
  if (!home.data)
    return (
      <Stack gap="md">
        <Title order={2}>{title}</Title>
        <MissingAnswer query={home} failedText={t('home.loadFailed')} />
      </Stack>
    );
  const subjects = home.data.subjects;
  const subject = slug ? subjects.find((s) => s.slug === slug) : undefined;
  return (
    <Stack gap="md" maw={760} mx="auto">
      <BackLink
        to={slug ? PRACTICE[kind].list : paths.practice}
        label={slug ? t('practice.otherSubject') : t('practice.back')}
      />
      <div>
        <Title order={2} data-testid="practice-title">
          {title}
        </Title>
        {subject ? (
          <Badge size="lg" variant="light" color="violet" data-testid="practice-subject">
            {subject.name}
          </Badge>
        ) : null}
        {!slug ? <Text c="dimmed">{t('practice.pickSubject')}</Text> : null}
      </div>
      {!slug ? (
        <SubjectChoice kind={kind} subjects={subjects} />
      ) : !subject ? (
        <Alert color="yellow" data-testid="unknown-subject">
          {t('practice.unknownSubject')}
        </Alert>
      ) : (
        <PracticeStart kind={kind} subject={subject} />
      )}
    </Stack>
  );
}

/** /assessment/practicequiz and /assessment/practicequiz/:subject (spec 2.1). */
export function PracticeQuizPage() {
  return (
    <StudentsOnly>
      <PracticePage kind="quiz" />
    </StudentsOnly>
  );
}

/** /assessment/practicetest/ and /assessment/practicetest/:subject/ (spec 2.1). */
export function PracticeTestPage() {
  return (
    <StudentsOnly>
      <PracticePage kind="test" />
    </StudentsOnly>
  );
}
