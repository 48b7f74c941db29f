import type { TFunction } from 'i18next';
import { PRODUCT_NAME } from '../config/paths';

/**
 * The name of every route's page, as a key of the `pages` namespace. A segment is one part of a
 * path (a subject's or chapter's slug, an id). First match wins: the fixed paths come before the
 * learning path's, whose first parts are slugs.
 */
const SEGMENT = '[^/]+';
const PAGES: readonly (readonly [RegExp, string])[] = (
  [
    ['/login', 'signIn'],
    ['/student/login', 'signIn'],
    ['/teacher/login', 'staffSignIn'],
    [`/chain/login/${SEGMENT}`, 'signIn'],
    ['/onboarding', 'onboarding'],
    ['/select-school', 'selectSchool'],
    ['/concepts', 'learn'],
    ['/nocontent', 'noContent'],
    ['/(dashboard|principal-dashboard|master-school-dashboard|pace-view/dashboard)', 'dashboard'],
    ['/parent/dashboard', 'parentDashboard'],
    ['/student-detail', 'studentDetail'],
    ['/student-list', 'studentList'],
    ['/subject-detail', 'subjectDetail'],
    ['/leaderboard', 'leaderboard'],
    ['/leaderboard-settings', 'leaderboardSettings'],
    ['/profile', 'profile'],
    ['/calendar', 'calendar'],
    ['/plans', 'plans'],
    ['/live-classes', 'liveClasses'],
    // A live class's join page (access-and-app-shell.md 2.1): with or without the provider, and the pace schools'.
    [`/liveclass/${SEGMENT}/${SEGMENT}/${SEGMENT}(/${SEGMENT})?`, 'joinLiveClass'],
    [`/pace/liveclass/${SEGMENT}/${SEGMENT}`, 'joinLiveClass'],
    ['/tutor-chat', 'tutorChat'],
    ['/latex', 'latex'],
    ['/displayLink', 'displayLink'],
    ['/assessment(/.*)?', 'practice'],
    [`/(bookmarks|bookmarkList/${SEGMENT})`, 'bookmarks'],
    ['/privacy', 'privacy'],
    ['/authoring/review(/.*)?', 'review'],
    ['/authoring(/.*)?', 'authoring'],
    // Teacher routes of the route table (most not built yet: they say so).
    ['/home(/.*)?', 'home'],
    ['/room(/.*)?', 'rooms'],
    ['/reports', 'reports'],
    ['/report-details', 'reportDetails'],
    ['/create-quiz', 'createQuiz'],
    ['/quiz-detail', 'quizDetail'],
    ['/quiz-listing', 'quizListing'],
    ['/(assessment-quiz|assessments)', 'assessments'],
    ['/live-class', 'liveClasses'],
    ['/chat', 'chat'],
    [`/meeting/${SEGMENT}`, 'meeting'],
    ['/drive', 'drive'],
    ['/broadcast', 'broadcast'],
    ['/class-rooms(/.*)?', 'classRooms'],
    ['/doubts(/.*)?', 'doubts'],
    ['/ask-doubts', 'askDoubts'],
    ['/scholarship', 'scholarship'],
    ['/testdash', 'testDashboard'],
    // The learning path (access-and-app-shell.md 2.1).
    [`/revise/${SEGMENT}/${SEGMENT}`, 'revise'],
    [`/treasurecontent/${SEGMENT}/${SEGMENT}`, 'treasure'],
    [`/${SEGMENT}/chapters`, 'chapters'],
    [`/${SEGMENT}/${SEGMENT}/topics`, 'island'],
    [`(/bookmarked)?/${SEGMENT}/${SEGMENT}/${SEGMENT}/concept`, 'concept'],
    [`/${SEGMENT}/${SEGMENT}/${SEGMENT}/play`, 'play'],
  ] as const
).map(([pattern, key]) => [new RegExp(`^${pattern}/?$`), key] as const);

/** The `pages` key of a path's page; null for '/' (which only redirects) and for paths the app does not know. */
export function pageKey(pathname: string): string | null {
  return PAGES.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

/** The spec's rule (access-and-app-shell.md 2.1), kept for unknown paths: '/no-such-place' -> 'No such place'. */
export function capitalisedPath(pathname: string): string | null {
  const first = pathname.split('/').find((part) => part.length > 0);
  if (!first) return null;
  let words: string;
  try {
    words = decodeURIComponent(first);
  } catch {
    words = first;
  }
  words = words.replace(/[-_]+/g, ' ').trim();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : null;
}

/**
 * The tab title: the page's name in the user's language followed by the product name
 * ('Treasure | Knowledge Islands', 'खज़ाना | नॉलेज आइलैंड्स'); an unknown path keeps the capitalised path.
 */
export function pageTitle(pathname: string, t: TFunction<['pages', 'common']>): string {
  const product = t('common:app.name', { defaultValue: PRODUCT_NAME });
  const key = pageKey(pathname);
  const name = key ? t(`pages:${key}`) : capitalisedPath(pathname);
  return name ? `${name} | ${product}` : product;
}
