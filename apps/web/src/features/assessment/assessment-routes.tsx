import { lazy, type ReactNode } from 'react';
import { useRoutes } from 'react-router';
import { AssessmentLayout } from './assessment-layout';

// Each page its own module, loaded when its route is opened. The routes live here rather than in
// app/router.tsx: the app's first load then carries one import of this module instead of every
// page's (and its chunks' names), and /concepts is at its budget (docs/PERFORMANCE.md).
const HomePage = lazy(() => import('./assessment-home-page').then((m) => ({ default: m.AssessmentHomePage })));
const PracticeQuizPage = lazy(() => import('./practice-page').then((m) => ({ default: m.PracticeQuizPage })));
const PracticeTestPage = lazy(() => import('./practice-page').then((m) => ({ default: m.PracticeTestPage })));
const JoinQuizPage = lazy(() => import('./join-page').then((m) => ({ default: m.JoinQuizPage })));
const JoinTestPage = lazy(() => import('./join-page').then((m) => ({ default: m.JoinTestPage })));
const CompetitiveExamPage = lazy(() => import('./join-page').then((m) => ({ default: m.CompetitiveExamPage })));
const AttemptPage = lazy(() => import('./attempt-page').then((m) => ({ default: m.AttemptPage })));
const ReportPage = lazy(() => import('./report-page').then((m) => ({ default: m.AttemptReportPage })));

/** The live challenge's pages, from their own feature (features/challenge): the app composes them in. */
export interface ChallengePages {
  /** /practicequiz/challenge and /practicequiz/challenge/:subject: a student creates a game. */
  create: ReactNode;
  /** /showPlayers/:code (the host's lobby) and /WaitingLobby/:code (a player's), then the game. */
  game: ReactNode;
}

/**
 * The assessment routes under /assessment (access-and-app-shell.md 2.1), in the quiz-styled layout.
 * The app hands over the challenge's pages (routed before practice, so 'challenge' is never read as
 * a subject) and its page for an unknown address.
 */
export function AssessmentRoutes({ challenge, notFound }: { challenge: ChallengePages; notFound: ReactNode }) {
  // useRoutes with route objects, not <Routes> children: the router's code for reading JSX children
  // is not in the app's first load, and these routes need none of it.
  return useRoutes([
    {
      element: <AssessmentLayout />,
      children: [
        { index: true, element: <HomePage /> },
        { path: 'practicequiz/challenge/:subject?', element: challenge.create },
        { path: 'practicequiz/:subject?', element: <PracticeQuizPage /> },
        { path: 'practicetest/:subject?', element: <PracticeTestPage /> },
        { path: 'quiz/:assessmentId', element: <JoinQuizPage /> },
        { path: 'test/:assessmentId', element: <JoinTestPage /> },
        { path: 'competativeexam/:assessmentId', element: <CompetitiveExamPage /> },
        { path: 'attempt/:attemptId', element: <AttemptPage /> },
        { path: 'attempt/:attemptId/report', element: <ReportPage /> },
        // The host's lobby is the one page here a teacher opens too (hosting a quiz): the server
        // decides who may join, so it has no students-only guard.
        { path: 'showPlayers/:code', element: challenge.game },
        { path: 'WaitingLobby/:code', element: challenge.game },
        { path: '*', element: notFound },
      ],
    },
  ]);
}
