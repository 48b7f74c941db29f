import type { ComponentType } from 'react';
import { quizStringsReady } from './strings';

type PageModule = Promise<{ Page: ComponentType }>;

/**
 * The screens of teachers' quizzes and tests by route (config/paths.ts QUIZ_ROUTES), each its own
 * chunk. The router loads this table, then the screen, so the app's entry does not carry every
 * screen's list of files (app/router.tsx).
 */
const PAGES: Record<string, () => PageModule> = {
  '/quiz-listing': () => import('./quiz-listing-page').then((m) => ({ Page: m.QuizListingPage })),
  '/create-quiz': () => import('./quiz-editor-page').then((m) => ({ Page: m.CreateQuizPage })),
  '/assessment-quiz': () => import('./quiz-editor-page').then((m) => ({ Page: m.EditQuizPage })),
  '/quiz-detail': () => import('./quiz-detail-page').then((m) => ({ Page: m.QuizDetailPage })),
  '/assessments': () => import('./marking-page').then((m) => ({ Page: m.MarkingPage })),
  '/reports': () => import('./reports-page').then((m) => ({ Page: m.ReportsPage })),
  '/report-details': () => import('./report-details-page').then((m) => ({ Page: m.ReportDetailsPage })),
};

/** A screen and its strings (`quizzes`, registered by ./strings). */
export function loadPage(path: string): PageModule {
  const load = PAGES[path];
  return load
    ? Promise.all([load(), quizStringsReady()]).then(([m]) => m)
    : Promise.reject(new Error(`no assessment screen at ${path}`));
}
