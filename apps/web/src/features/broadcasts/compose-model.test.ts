import { describe, expect, it } from 'vitest';
import { gradeRuns, problemsOf, serverProblems, validate, EMPTY_COMPOSE } from './compose-model';
import { chooseSchool } from './school-choice';

describe('validate (the contract’s schema, its messages as the notices’ keys)', () => {
  it('names each field’s problem', () => {
    const result = validate({ ...EMPTY_COMPOSE, linkUrl: 'http://example.org' });
    expect(result).toEqual({
      ok: false,
      problems: {
        title: { key: 'problems.titleRequired' },
        linkUrl: { key: 'problems.linkHttps' },
        grades: { key: 'problems.gradesRequired' },
      },
    });
  });

  it('refuses a title of two lines or too long, and accepts a good notice as typed', () => {
    expect(validate({ ...EMPTY_COMPOSE, title: 'a\nb', grades: [7] })).toMatchObject({
      problems: { title: { key: 'problems.lineText' } },
    });
    expect(validate({ ...EMPTY_COMPOSE, title: 'x'.repeat(121), grades: [7] })).toMatchObject({
      problems: { title: { key: 'problems.tooLong', values: { max: 120 } } },
    });
    const good = { title: ' Field trip ', body: 'Line one\nLine two', linkUrl: '', grades: [8, 7] };
    expect(validate(good)).toEqual({ ok: true, body: good });
  });

  it('reads a 400’s issues by their path, the first of each field', () => {
    expect(
      serverProblems({
        issues: [
          { in: 'body', path: 'grades.0', message: 'Too big' },
          { in: 'body', path: 'linkUrl', message: 'The link must start with https://' },
          { in: 'body', path: 'linkUrl', message: 'other' },
        ],
      }),
    ).toEqual({ grades: { key: 'problems.invalid' }, linkUrl: { key: 'problems.linkHttps' } });
    expect(serverProblems(undefined)).toEqual({});
    expect(problemsOf([{ path: ['nope'], message: 'x' }])).toEqual({});
  });
});

describe('gradeRuns', () => {
  it.each([
    [[7], 'VII'],
    [[9, 10], 'IX, X'],
    [[6, 7, 8], 'VI–VIII'],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 'I–XII'],
    [[12, 1, 2, 3, 5, 7, 8], 'I–III, V, VII, VIII, XII'],
  ])('%j -> %s', (grades, label) => expect(gradeRuns(grades)).toBe(label));
});

describe('chooseSchool', () => {
  const choices = [1, 2, 3];
  it('picked, else the app’s selection, else the own school, else the first choice', () => {
    expect(chooseSchool({ picked: 3, selected: [2], own: 1, choices })).toBe(3);
    expect(chooseSchool({ picked: null, selected: [9, 2], own: 1, choices })).toBe(2);
    expect(chooseSchool({ picked: null, selected: [9], own: 1, choices })).toBe(1);
    expect(chooseSchool({ picked: 9, selected: [], own: null, choices })).toBe(1);
    expect(chooseSchool({ picked: null, selected: [], own: null, choices: [] })).toBeNull();
  });
});
