import type { TFunction } from 'i18next';
import type { AssessmentKind, AttemptMode } from '@ki/contracts';

/**
 * What an attempt is called on screen: a teacher's quiz or test by its name; practice, whose name
 * the server gives as its subject's, as "Practice quiz" or "Practice test".
 */
export function attemptTitle(t: TFunction, attempt: { name: string; kind: AssessmentKind; mode: AttemptMode }): string {
  if (attempt.mode === 'assigned') return attempt.name;
  return attempt.kind === 'quiz' ? t('assessment:home.practiceQuiz') : t('assessment:home.practiceTest');
}
