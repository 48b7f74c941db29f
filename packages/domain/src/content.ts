/**
 * Rules of authored content: what a topic needs before students may play it, and how complete each
 * language of a topic is. Pure; the authoring service and the editor screens share them.
 */
import { LANGUAGES, type Language } from './roles';
import { SCORING, type QuestionType } from './scoring';

/**
 * Question types the app marks by itself. Open-ended answers are marked later by a teacher
 * (scoring-and-metrics.md, "Practice, tests and challenges"), so a topic game cannot use them.
 */
export const AUTO_MARKABLE_TYPES: readonly QuestionType[] = [
  'multiple_choice',
  'fill_blank',
  'multiple_select',
  'true_false',
];

/** Whether the app can mark a question of this type on its own. */
export function isAutoMarkable(type: QuestionType): boolean {
  return AUTO_MARKABLE_TYPES.includes(type);
}

/** What a topic lacks before it can be published. */
export type TopicProblem = 'questions' | 'concept_en';

/** Facts about a topic's published (or about to be published) content. */
export interface TopicContentFacts {
  /** Published auto-markable questions. */
  autoMarkableQuestions: number;
  /** Whether an English concept with text is published. */
  hasEnglishConcept: boolean;
}

/** The outcome of topicReadiness. */
export interface TopicReadiness {
  ready: boolean;
  /** Auto-markable questions a topic needs: one topic game draws N of them. */
  neededQuestions: number;
  problems: TopicProblem[];
}

/**
 * Whether a topic may be published: a topic game draws N = 10 questions (scoring-and-metrics.md,
 * "Constants": "N = number of questions in a topic game; default 10"), all marked by the app, so a
 * topic needs at least N auto-markable questions; and a student reads the concept before playing,
 * so it needs a concept in English, the language every other one falls back to.
 */
export function topicReadiness(facts: TopicContentFacts): TopicReadiness {
  const problems: TopicProblem[] = [];
  if (facts.autoMarkableQuestions < SCORING.questionsPerGame) problems.push('questions');
  if (!facts.hasEnglishConcept) problems.push('concept_en');
  return { ready: problems.length === 0, neededQuestions: SCORING.questionsPerGame, problems };
}

/** The translatable parts of a topic: which languages each one has. */
export interface TopicLanguageFacts {
  /** Languages of the topic's name. */
  name: readonly string[];
  /** Languages that have a concept. */
  concepts: readonly string[];
  /** For each question, the languages of its content. */
  questions: readonly (readonly string[])[];
}

/** How complete one language of a topic is. */
export interface LanguageCompleteness {
  language: Language;
  /** Parts in this language out of all parts (name, concept, each question). */
  done: number;
  total: number;
  complete: boolean;
}

/**
 * Per-language completeness of a topic: its name, its concept and every question count as one part
 * each. English is required (a part without English cannot be saved); the other five languages are
 * optional and shown with how many parts they still miss.
 */
export function topicCompleteness(facts: TopicLanguageFacts): LanguageCompleteness[] {
  const total = 2 + facts.questions.length;
  return LANGUAGES.map((language) => {
    const done =
      (facts.name.includes(language) ? 1 : 0) +
      (facts.concepts.includes(language) ? 1 : 0) +
      facts.questions.filter((q) => q.includes(language)).length;
    return { language, done, total, complete: done === total };
  });
}
