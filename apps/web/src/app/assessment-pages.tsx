import { lazy } from 'react';
import { AssessmentRoutes } from '../features/assessment/assessment-routes';
export { assessmentStringsReady } from '../features/assessment/strings';
import { NotFoundPage } from './not-found-page';

// The live challenge is a feature of its own (features do not import each other): composed here
// into the assessment routes, each of its pages loading when opened. The game's page brings
// socket.io-client; nothing else in the app does.
const CreateChallengePage = lazy(() =>
  import('../features/challenge/create-challenge-page').then((m) => ({ default: m.CreateChallengePage })),
);
const LiveGamePage = lazy(() =>
  import('../features/challenge/live-game-page').then((m) => ({ default: m.LiveGamePage })),
);

/** Everything under /assessment: the student's quizzes and tests, and the live challenge. */
export function AssessmentPages() {
  return (
    <AssessmentRoutes
      challenge={{ create: <CreateChallengePage />, game: <LiveGamePage /> }}
      notFound={<NotFoundPage />}
    />
  );
}
