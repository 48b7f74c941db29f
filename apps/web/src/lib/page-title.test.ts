import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { pageKey, pageTitle } from './page-title';

/** A stand-in for i18next: 'pages:treasure' -> '[treasure]', the product name in Hindi. */
const t = ((key: string) =>
  key === 'common:app.name' ? 'नॉलेज आइलैंड्स' : `[${key.replace('pages:', '')}]`) as unknown as TFunction<
  ['pages', 'common']
>;

describe('pageTitle', () => {
  it.each([
    ['/', 'नॉलेज आइलैंड्स'],
    ['//', 'नॉलेज आइलैंड्स'],
    ['/concepts', '[learn] | नॉलेज आइलैंड्स'],
    ['/treasurecontent/science/light', '[treasure] | नॉलेज आइलैंड्स'],
    ['/login', '[signIn] | नॉलेज आइलैंड्स'],
    // Paths the app does not know keep the spec's rule (access-and-app-shell.md 2.1): the capitalised path.
    ['/no-such-place', 'No such place | नॉलेज आइलैंड्स'],
    ['/some_thing/else/entirely/deep/er', 'Some thing | नॉलेज आइलैंड्स'],
    ['/%E0%A4%', '%E0%A4% | नॉलेज आइलैंड्स'],
  ])('%s -> %s', (path, title) => {
    expect(pageTitle(path, t)).toBe(title);
  });
});

describe('pageKey: every route of the router has a name', () => {
  it.each([
    ['/login', 'signIn'],
    ['/student/login', 'signIn'],
    ['/teacher/login', 'staffSignIn'],
    ['/chain/login/4', 'signIn'],
    ['/onboarding', 'onboarding'],
    ['/select-school', 'selectSchool'],
    ['/concepts', 'learn'],
    ['/nocontent', 'noContent'],
    ['/dashboard', 'dashboard'],
    ['/principal-dashboard', 'dashboard'],
    ['/master-school-dashboard', 'dashboard'],
    ['/pace-view/dashboard', 'dashboard'],
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
    ['/live-class', 'liveClasses'],
    ['/liveclass/3/1/abcdefgh2345/jitsi', 'joinLiveClass'],
    ['/liveclass/3/1/abcdefgh2345', 'joinLiveClass'],
    ['/pace/liveclass/1/abcdefgh2345', 'joinLiveClass'],
    ['/scholarship', 'scholarship'],
    ['/testdash', 'testDashboard'],
    ['/tutor-chat', 'tutorChat'],
    ['/latex', 'latex'],
    ['/displayLink', 'displayLink'],
    ['/assessment', 'practice'],
    ['/assessment/practicequiz/maths', 'practice'],
    ['/bookmarks', 'bookmarks'],
    ['/bookmarkList/science', 'bookmarks'],
    ['/privacy', 'privacy'],
    ['/authoring', 'authoring'],
    ['/authoring/topics/4/questions/new', 'authoring'],
    ['/authoring/review', 'review'],
    ['/authoring/review/12', 'review'],
    ['/reports', 'reports'],
    ['/create-quiz', 'createQuiz'],
    ['/assessment-quiz', 'assessments'],
    ['/class-rooms', 'classRooms'],
    ['/class-rooms/3/1/7/A', 'classRooms'],
    ['/drive', 'drive'],
    ['/doubts', 'doubts'],
    ['/doubts/12', 'doubts'],
    ['/ask-doubts', 'askDoubts'],
    ['/revise/science/light', 'revise'],
    ['/treasurecontent/science/light', 'treasure'],
    ['/science/chapters', 'chapters'],
    ['/science/light/topics', 'island'],
    ['/science/light/reflection/concept', 'concept'],
    ['/bookmarked/science/light/reflection/concept', 'concept'],
    ['/science/light/reflection/play', 'play'],
    ['/concepts/', 'learn'],
  ])('%s -> %s', (path, key) => {
    expect(pageKey(path)).toBe(key);
  });

  it('knows no name for a path the router does not have', () => {
    expect(pageKey('/')).toBeNull();
    expect(pageKey('/no-such-place')).toBeNull();
    expect(pageKey('/science/light/reflection/unknown')).toBeNull();
  });
});
