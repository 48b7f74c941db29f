import { describe, expect, it } from 'vitest';
import { fieldMessageKey, fieldOfPath, groupLoginCode, refusedFields } from './sign-up-fields';

describe('sign-up fields', () => {
  it('finds the form field of an issue path, the consent box for consent.agreed', () => {
    expect(fieldOfPath('consent.agreed')).toBe('consent');
    expect(fieldOfPath(['consent', 'textVersion'])).toBe('consent');
    expect(fieldOfPath('grade')).toBe('grade');
    expect(fieldOfPath('schoolCode')).toBeNull();
  });

  it('reads the refused fields of a VALIDATION_FAILED answer: its field and its issues, once each, in form order', () => {
    expect(
      refusedFields({
        field: 'language',
        issues: [
          { in: 'body', path: 'password', message: 'The password needs at least 6 characters' },
          { in: 'body', path: 'language', message: 'Please select Language' },
          { in: 'body', path: 'parentFirstName', message: 'Please enter your name' },
          { in: 'body', path: 'schoolCode', message: 'x' },
        ],
      }),
    ).toEqual(['parentFirstName', 'language', 'password']);
    expect(refusedFields(undefined)).toEqual([]);
    expect(refusedFields({ issues: 'no' })).toEqual([]);
  });

  it.each([
    ['parentFirstName', { parentFirstName: ' ', childFirstName: 'A', password: '' }, 'errors.parentName'],
    ['parentFirstName', { parentFirstName: 'Meera', childFirstName: 'A', password: '' }, 'errors.nameInvalid'],
    ['childFirstName', { parentFirstName: 'M', childFirstName: '', password: '' }, 'errors.childFirstName'],
    ['password', { parentFirstName: 'M', childFirstName: 'A', password: 'abc' }, 'errors.passwordShort'],
    ['password', { parentFirstName: 'M', childFirstName: 'A', password: 'x'.repeat(21) }, 'errors.passwordLong'],
    ['boardId', { parentFirstName: 'M', childFirstName: 'A', password: '' }, 'errors.boardId'],
  ] as const)('%s with %o says %s', (field, values, key) => {
    expect(fieldMessageKey(field, values)).toBe(key);
  });

  it('groups a sign-in code in fours', () => {
    expect(groupLoginCode('20260000000123')).toBe('2026 0000 0001 23');
    expect(groupLoginCode('30170226054037')).toBe('3017 0226 0540 37');
  });
});
