import { describe, expect, it } from 'vitest';
import { DOUBT_PICTURE_MAX_BYTES } from '@ki/contracts';
import { askedBy, pictureProblem, serverProblems, unseenIds, validateAnswer, validateAsk } from './doubt-model';
import { doubt } from './test-api';

describe('the ask form’s rules (the contract’s schema)', () => {
  it('needs a topic and at least 10 characters, counted after trimming', () => {
    expect(validateAsk({ topicId: null, text: 'short' })).toEqual({
      ok: false,
      problems: { topicId: { key: 'problems.topicRequired' }, text: { key: 'problems.textShort' } },
    });
    expect(validateAsk({ topicId: 3, text: '  nine ch  ' })).toEqual({
      ok: false,
      problems: { text: { key: 'problems.textShort' } },
    });
    expect(validateAsk({ topicId: 3, text: 'Why is it so?' })).toEqual({
      ok: true,
      body: { topicId: 3, text: 'Why is it so?' },
    });
  });

  it('refuses more than 1000 characters and control characters', () => {
    expect(validateAsk({ topicId: 3, text: 'a'.repeat(1001) })).toMatchObject({
      problems: { text: { key: 'problems.tooLong', values: { max: 1000 } } },
    });
    expect(validateAsk({ topicId: 3, text: 'What is this\u0007 sign?' })).toMatchObject({
      problems: { text: { key: 'problems.freeText' } },
    });
  });

  it('refuses an empty answer in the contract’s words', () => {
    expect(validateAnswer('  ')).toEqual({ ok: false, problem: { key: 'problems.answerRequired' } });
    expect(validateAnswer('Turn around twice.')).toEqual({ ok: true, body: { text: 'Turn around twice.' } });
  });

  it('reads a 400’s issues onto their fields', () => {
    expect(
      serverProblems({ issues: [{ in: 'body', path: 'text', message: 'Write your doubt in at least 10 characters' }] }),
    ).toEqual({ text: { key: 'problems.textShort' } });
    expect(serverProblems({ issues: [{ path: ['text'], message: 'Please write an answer' }] })).toEqual({
      text: { key: 'problems.answerRequired' },
    });
    expect(serverProblems(undefined)).toEqual({});
  });
});

describe('a picture on the device', () => {
  const file = (type: string, size: number) => ({ type, size });
  it('takes PNG, JPEG and WebP up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp'])
      expect(pictureProblem(file(type, DOUBT_PICTURE_MAX_BYTES))).toBeNull();
  });
  it('refuses other files and larger pictures', () => {
    expect(pictureProblem(file('application/pdf', 10))).toEqual({ key: 'problems.pictureType' });
    expect(pictureProblem(file('image/gif', 10))).toEqual({ key: 'problems.pictureType' });
    expect(pictureProblem(file('image/png', DOUBT_PICTURE_MAX_BYTES + 1))).toEqual({
      key: 'problems.pictureSize',
      values: { max: 2 },
    });
  });
});

describe('doubts as the screens show them', () => {
  it('names who asked with their grade in roman numerals and section', () => {
    expect(askedBy({ id: 1, name: 'Aarav Shah', grade: 7, section: 'A' })).toBe('Aarav Shah · VII-A');
    expect(askedBy({ id: 1, name: 'Aarav Shah', grade: 12, section: '' })).toBe('Aarav Shah · XII');
  });

  it('marks New the answered doubts whose answer the student has not seen', () => {
    const answer = [{ id: 1, text: 'x', by: 'T', at: '2026-11-26T06:00:00.000Z' }];
    expect(
      unseenIds([
        doubt(1),
        doubt(2, { status: 'answered', answers: answer, answerSeen: false }),
        doubt(3, { status: 'answered', answers: answer, answerSeen: true }),
      ]),
    ).toEqual([2]);
  });
});
