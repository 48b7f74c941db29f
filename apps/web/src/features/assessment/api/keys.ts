/** Query keys of the student's assessment screens: one root, so a finished attempt refreshes them all. */
export const assessmentKeys = {
  all: ['assessment'] as const,
  home: () => ['assessment', 'home'] as const,
  join: (assessmentId: string) => ['assessment', 'join', assessmentId] as const,
  attempt: (attemptId: string) => ['assessment', 'attempt', attemptId] as const,
};
