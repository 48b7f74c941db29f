/**
 * @ki/domain: the pure rules of Knowledge Islands (scoring, bands, grades, formatting, activity
 * window, roles). No I/O and no clock: callers pass `now`. Formulas follow
 * shared/spec/scoring-and-metrics.md.
 */
export { roundHalfUp } from './rounding';
export {
  SCORING,
  MAX_LEARNING_CURRENCY,
  QUIZ_MARKS_FAST,
  QUIZ_MARKS_MEDIUM,
  QUIZ_MARKS_SLOW,
  QUIZ_FAST_SECONDS,
  QUIZ_MEDIUM_SECONDS,
  TEST_OBJECTIVE_MARKS,
  OPEN_ENDED_MAX_MARKS,
  MIN_ANSWER_SECONDS,
  clampAnswerSeconds,
  countedSeconds,
  scoreTopicAttempt,
  attemptDiscount,
  bestTopicAttempt,
  nextBestTopicAttempt,
  percentCorrect,
  chapterKnowledge,
  mean,
  totalScore,
  studentScore,
  accuracyPercent,
  completionPercent,
  quizQuestionMarks,
  testQuestionMarks,
  compareLeaderboard,
  QUESTION_TYPES,
} from './scoring';
export type {
  AnswerOutcome,
  TopicAttemptScore,
  ScoredAttempt,
  TopicBest,
  ChapterKnowledgeInput,
  ChapterKnowledge,
  StudentScoreInput,
  StudentScore,
  LeaderboardEntry,
  QuestionType,
} from './scoring';
export {
  SCORE_BANDS,
  GRADE_LEGEND,
  TOP_BAND_MIN,
  HALF_SCORE,
  displayedScore,
  scoreBand,
  gradeLegend,
  isTopBand,
  isBelowHalf,
} from './bands';
export type { ScoreBand, GradeLegendEntry, GradeLegendLabel } from './bands';
export { GRADES, isGrade, toRoman, gradeLabel, isPrimaryGrade } from './grades';
export type { Grade, GradeLabelOptions } from './grades';
export {
  NOT_AVAILABLE,
  formatDuration,
  displayScore,
  displayPercent,
  displaySeconds,
  displayRank,
  personName,
} from './format';
export { DEFAULT_ACTIVITY_WINDOW_DAYS, activeSince, isActive, toEpochMs } from './activity';
export type { TimeInput } from './activity';
export {
  USER_ROLES,
  STAFF_ROLES,
  LANGUAGES,
  SUBJECT_THEMES,
  isUserRole,
  isStaffRole,
  isLanguage,
  homePathForRole,
  loginPathForRole,
  subjectTheme,
} from './roles';
export type { UserRole, StaffRole, Language, SubjectTheme } from './roles';
export { EXAM_TYPES, DEFAULT_EXAM_TEST_ID, isExamType, examTestId } from './exams';
export type { ExamType } from './exams';
export { DEFAULT_TIME_ZONE, isTimeZone, reportingDay } from './days';
export { AUTO_MARKABLE_TYPES, isAutoMarkable, topicReadiness, topicCompleteness } from './content';
export type {
  TopicProblem,
  TopicContentFacts,
  TopicReadiness,
  TopicLanguageFacts,
  LanguageCompleteness,
} from './content';
export { maskMobile } from './format';
export {
  chapterPathState,
  mistakeFeedback,
  nextPathStep,
  resultStars,
  RUSHED_BELOW_PERCENT,
  timeFeedback,
  isAnswerCorrect,
} from './learning-path';
export type {
  LockReason,
  ChapterPathInput,
  ChapterPathState,
  StageState,
  MistakeFeedback,
  TimeFeedback,
  PathChapter,
  PathStep,
} from './learning-path';
export {
  DISCRIMINATION_GROUP_SHARE,
  discriminationGroupSize,
  discriminationGroups,
  analyseQuestion,
} from './item-analysis';
export type {
  AttemptTotal,
  ItemResponse,
  DiscriminationGroups,
  WrongOptionCount,
  QuestionAnalysis,
} from './item-analysis';
export {
  addDays,
  currentStreak,
  dailyStreak,
  streakState,
  streakWithDay,
  type DailyStreak,
  type StreakState,
} from './streak';
export { competitionRank, isRightChoice, roundOutcome, scoreCounts, type ScoreCounts } from './live-scoreboard';
export { planAccess, nextPlanWindow, mayPlay, type PlanStatus, type PlanWindow } from './plans';
