import { describe, expect, it } from 'vitest';
import type { AssessmentClass } from '@ki/contracts';
import {
  changeType,
  classChoices,
  emptyQuestion,
  hasUnsavedChanges,
  move,
  newQuizDraft,
  removeOption,
  toggleAnswer,
  validateQuestion,
  validateQuiz,
  type QuestionDraft,
  type QuizDraft,
} from './quiz-form';

const words = { true: 'True', false: 'False' };
const q = (over: Partial<QuestionDraft>): QuestionDraft => ({ ...emptyQuestion('multiple_choice', words), ...over });
const quiz = (over: Partial<QuizDraft> = {}): QuizDraft => ({
  ...newQuizDraft('quiz'),
  name: 'Fractions',
  boardId: 1,
  grade: 7,
  subjectId: 3,
  ...over,
});

describe('quiz editor form, checked with the contract the server uses', () => {
  it('sends a question written with two of its four option boxes as a two-option question, the answer following', () => {
    const written = q({ text: '1/2 + 1/4 = ?', options: ['', '3/4', '', '2/6'], answer: [3] });
    const result = validateQuiz(quiz({ questions: [written] }));
    expect(result).toEqual({
      input: expect.objectContaining({
        questions: [
          {
            type: 'multiple_choice',
            text: '1/2 + 1/4 = ?',
            options: ['3/4', '2/6'],
            answer: [1],
            solution: '',
            imageId: null,
          },
        ],
      }),
    });
  });

  it('names each problem by its field in the editor’s words', () => {
    const result = validateQuiz(
      quiz({
        name: '  ',
        subjectId: null,
        durationMinutes: '',
        questions: [q({ text: 'x', options: ['a', 'b', '', ''], answer: [] })],
      }),
    );
    expect(result).toEqual({
      errors: {
        name: 'validation.name',
        subjectId: 'validation.subject',
        durationMinutes: 'validation.duration',
        'questions.0.answer': 'validation.markCorrect',
      },
    });
  });

  it('asks for the blank in a fill-in-the-blanks question and two options in a choice question', () => {
    expect(
      validateQuestion(q({ type: 'fill_blank', text: 'The sun is a', options: ['star', 'planet'], answer: [0] })),
    ).toEqual({ answer: 'validation.blank' });
    expect(
      validateQuestion(q({ type: 'fill_blank', text: 'The sun is a ____.', options: ['star', 'planet'], answer: [0] })),
    ).toEqual({});
    expect(validateQuestion(q({ text: 'Pick', options: ['only', '', '', ''], answer: [0] }))).toEqual({
      answer: 'validation.twoOptions',
    });
    expect(validateQuestion(q({ text: '', options: ['a', 'b'], answer: [0] }))).toEqual({ text: 'validation.text' });
  });

  it('accepts each of the five types written as the editor starts them', () => {
    const open = { ...emptyQuestion('open_ended', words), text: 'Explain why.' };
    const tf = { ...emptyQuestion('true_false', words), text: 'Water boils at 100 °C.', answer: [0] };
    const multi = q({ type: 'multiple_select', text: 'Even numbers', options: ['2', '3', '4', ''], answer: [0, 2] });
    expect(validateQuestion(open)).toEqual({});
    expect(validateQuestion(tf)).toEqual({});
    expect(validateQuestion(multi)).toEqual({});
    expect(tf.options).toEqual(['True', 'False']);
    expect(open.options).toEqual([]);
  });
});

describe('editing a question', () => {
  it('keeps one answer for single-answer types and a set for multiple select', () => {
    expect(toggleAnswer(q({ answer: [1] }), 2).answer).toEqual([2]);
    const multi = q({ type: 'multiple_select', answer: [2] });
    expect(toggleAnswer(multi, 0).answer).toEqual([0, 2]);
    expect(toggleAnswer(toggleAnswer(multi, 0), 2).answer).toEqual([0]);
  });

  it('moves the answer with the options when one is removed', () => {
    const before = q({ options: ['a', 'b', 'c', 'd'], answer: [2] });
    expect(removeOption(before, 0)).toMatchObject({ options: ['b', 'c', 'd'], answer: [1] });
    expect(removeOption(before, 2)).toMatchObject({ options: ['a', 'b', 'd'], answer: [] });
  });

  it('changes type keeping the text, and options only between choice types', () => {
    const mc = q({ text: 'T', options: ['a', 'b', 'c', ''], answer: [1], solution: 'S' });
    expect(changeType(mc, 'multiple_select', words)).toMatchObject({
      text: 'T',
      options: ['a', 'b', 'c', ''],
      answer: [1],
      solution: 'S',
    });
    expect(changeType(changeType(mc, 'multiple_select', words), 'fill_blank', words).answer).toEqual([1]);
    expect(changeType(mc, 'true_false', words)).toMatchObject({ options: ['True', 'False'], answer: [] });
    expect(changeType(mc, 'open_ended', words)).toMatchObject({ text: 'T', options: [], answer: [] });
  });

  it('moves questions up and down, and not past either end', () => {
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });
});

describe('the board, grade and subject a teacher may write for', () => {
  const cls = (over: Partial<AssessmentClass>): AssessmentClass => ({
    schoolId: 1,
    schoolName: 'Pune',
    timeZone: 'Asia/Kolkata',
    boardId: 1,
    boardName: 'CBSE',
    grade: 6,
    sections: ['A'],
    subjects: [{ id: 3, name: 'Mathematics' }],
    ...over,
  });
  it('offers the boards and grades of their classes and the subjects each covers, over every school', () => {
    const choices = classChoices([
      cls({}),
      cls({ grade: 8, subjects: [{ id: 4, name: 'Science' }] }),
      cls({ schoolId: 2, grade: 8, subjects: [{ id: 3, name: 'Mathematics' }] }),
      cls({ schoolId: 2, schoolName: 'Nashik', grade: 6 }),
      cls({ boardId: 2, boardName: 'State', grade: 9, subjects: [] }),
    ]);
    expect(choices.boards).toEqual([{ id: 1, name: 'CBSE' }]);
    expect(choices.grades(1)).toEqual([6, 8]);
    expect(choices.subjects(1, 8)).toEqual([
      { id: 3, name: 'Mathematics' },
      { id: 4, name: 'Science' },
    ]);
    expect(choices.subjects(1, 7)).toEqual([]);
    // Mathematics in grade 6 at both schools: the editor asks which school the quiz is for.
    expect(choices.schools(1, 6, 3)).toEqual([
      { id: 1, name: 'Pune' },
      { id: 2, name: 'Nashik' },
    ]);
    expect(choices.schools(1, 8, 3)).toEqual([{ id: 2, name: 'Pune' }]);
    expect(choices.schools(1, 8, 4)).toEqual([{ id: 1, name: 'Pune' }]);
  });
});

describe('hasUnsavedChanges: leaving the editor asks first only when work would be lost', () => {
  const saved = quiz({
    name: 'Fractions',
    boardId: 1,
    grade: 7,
    subjectId: 3,
    questions: [q({ text: 'What is 1/2 + 1/4?', options: ['3/4', '2/6'], answer: [0] })],
  });
  const same = (over: Partial<QuizDraft> = {}): QuizDraft => ({
    ...saved,
    questions: saved.questions.map((x) => ({ ...x, key: `${x.key}-again` })),
    ...over,
  });

  it('nothing changed (the questions’ list keys aside) is not a change', () => {
    expect(hasUnsavedChanges(same(), saved, null)).toBe(false);
  });
  it('a new quiz whose board, grade and subject are the defaults is not a change until something is written', () => {
    const fresh = newQuizDraft('quiz');
    expect(hasUnsavedChanges(fresh, fresh, null)).toBe(false);
    expect(hasUnsavedChanges({ ...fresh, name: 'Light' }, fresh, null)).toBe(true);
    expect(hasUnsavedChanges({ ...fresh, name: '  ' }, fresh, null)).toBe(false);
  });
  it('a changed name, kind, duration, picture or class is a change', () => {
    expect(hasUnsavedChanges(same({ name: 'Fractions 2' }), saved, null)).toBe(true);
    expect(hasUnsavedChanges(same({ kind: 'test' }), saved, null)).toBe(true);
    expect(hasUnsavedChanges(same({ durationMinutes: 15 }), saved, null)).toBe(true);
    expect(hasUnsavedChanges(same({ imageId: 'b7d5a1f0-0000-4000-8000-000000000000' }), saved, null)).toBe(true);
    expect(hasUnsavedChanges(same({ grade: 8 }), saved, null)).toBe(true);
    expect(hasUnsavedChanges(same({ grade: null }), saved, null)).toBe(false);
  });
  it('an open question form counts only when it holds something not saved', () => {
    expect(hasUnsavedChanges(same(), saved, { index: 'new', question: emptyQuestion('multiple_choice', words) })).toBe(
      false,
    );
    expect(hasUnsavedChanges(same(), saved, { index: 'new', question: emptyQuestion('true_false', words) })).toBe(
      false,
    );
    expect(hasUnsavedChanges(same(), saved, { index: 'new', question: q({ text: 'Why?' }) })).toBe(true);
    expect(hasUnsavedChanges(same(), saved, { index: 'new', question: q({ options: ['a', '', '', ''] }) })).toBe(true);
    const first = saved.questions[0]!;
    expect(hasUnsavedChanges(same(), saved, { index: 0, question: { ...first } })).toBe(false);
    expect(hasUnsavedChanges(same(), saved, { index: 0, question: { ...first, solution: 'Quarters.' } })).toBe(true);
  });
});
