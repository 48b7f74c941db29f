import { paths } from './paths';

/**
 * The student's assessment routes under /assessment (access-and-app-shell.md 2.1, 2.8); the attempt
 * and its report are ours (the route table names no question page). Beside paths.ts rather than in
 * it: paths.ts is in every first load (/concepts is at its budget), and these are linked only from
 * the assessment pages themselves.
 */
export const assessmentPaths = {
  home: paths.practice,
  practiceQuiz: `${paths.practice}/practicequiz`,
  practiceQuizSubject: (subject: string) => `${paths.practice}/practicequiz/${subject}`,
  /** A student's live challenge: the subject, then the number of questions (spec 2.1, 2.8). */
  challenge: `${paths.practice}/practicequiz/challenge`,
  challengeSubject: (subject: string) => `${paths.practice}/practicequiz/challenge/${subject}`,
  /** The host's start-game lobby, then the game itself (spec 2.8, 4.9). */
  hostLobby: (code: string) => `${paths.practice}/showPlayers/${code}`,
  /** A player's waiting lobby, then the game itself; the link the host shares. */
  waitingLobby: (code: string) => `${paths.practice}/WaitingLobby/${code}`,
  practiceTest: `${paths.practice}/practicetest/`,
  practiceTestSubject: (subject: string) => `${paths.practice}/practicetest/${subject}/`,
  joinQuiz: (assessmentId: number | string) => `${paths.practice}/quiz/${assessmentId}`,
  joinTest: (assessmentId: number | string) => `${paths.practice}/test/${assessmentId}`,
  joinCompetitiveExam: (assessmentId: number | string) => `${paths.practice}/competativeexam/${assessmentId}`,
  attempt: (attemptId: string) => `${paths.practice}/attempt/${attemptId}`,
  attemptReport: (attemptId: string) => `${paths.practice}/attempt/${attemptId}/report`,
} as const;
