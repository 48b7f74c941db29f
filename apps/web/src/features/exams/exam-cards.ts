import { EXAM_TYPES, type ExamType } from '@ki/domain';

/** One card of /exams: the type (the route's word) and whether its name is the type itself. */
export interface ExamCard {
  type: ExamType;
  /**
   * JEE and NEET are known by these letters in every language, so the card shows them as they are;
   * the class-based types have a name in the user's language (`exams:cards.<type>.title`).
   */
  namedByType: boolean;
}

/** The launcher's five types, in the spec's order (access-and-app-shell.md 2.2). */
export const EXAM_CARDS: readonly ExamCard[] = EXAM_TYPES.map((type) => ({
  type,
  namedByType: type === 'JEE' || type === 'NEET',
}));
