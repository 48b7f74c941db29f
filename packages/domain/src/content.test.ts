import { describe, expect, it } from 'vitest';
import { isAutoMarkable, topicCompleteness, topicReadiness } from './content';

describe('topicReadiness', () => {
  // scoring-and-metrics.md: "N = number of questions in a topic game; default 10".
  it.each([
    [10, true, true, []],
    [9, true, false, ['questions']],
    [25, false, false, ['concept_en']],
    [0, false, false, ['questions', 'concept_en']],
  ])('%i auto-markable questions, English concept %s -> ready %s', (n, concept, ready, problems) => {
    expect(topicReadiness({ autoMarkableQuestions: n, hasEnglishConcept: concept })).toEqual({
      ready,
      neededQuestions: 10,
      problems,
    });
  });

  it('does not count open-ended questions as playable', () => {
    expect(isAutoMarkable('open_ended')).toBe(false);
    for (const type of ['multiple_choice', 'fill_blank', 'multiple_select', 'true_false'] as const)
      expect(isAutoMarkable(type)).toBe(true);
  });
});

describe('topicCompleteness', () => {
  it('counts the name, the concept and each question per language', () => {
    const result = topicCompleteness({
      name: ['en', 'hi'],
      concepts: ['en'],
      questions: [['en', 'hi'], ['en'], ['en', 'hi']],
    });
    expect(result.find((r) => r.language === 'en')).toEqual({ language: 'en', done: 5, total: 5, complete: true });
    expect(result.find((r) => r.language === 'hi')).toEqual({ language: 'hi', done: 3, total: 5, complete: false });
    expect(result.find((r) => r.language === 'ta')).toEqual({ language: 'ta', done: 0, total: 5, complete: false });
    expect(result.map((r) => r.language)).toEqual(['en', 'mr', 'gu', 'hi', 'ta', 'te']);
  });
});
