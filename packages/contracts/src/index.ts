/** Request, response and socket message schemas shared by the server and the web app. */
export * from './common/error';
export * from './health/get-health';
export * from './records/post-records';
export * from './records/student-records';
export * from './auth/auth';
export * from './content/subject-chapters';
export * from './analytics/analytics';
export * from './analytics/subject';
export * from './leaderboard/leaderboard';
