import { describe, expect, it } from 'vitest';
import { freeText, lineText } from './text';
import { LanguageNamesSchema, QuestionLanguageSchema } from '../authoring/content';
import { UpdateProfileBodySchema } from '../profile/profile';
import { LinkParentBodySchema } from '../student-dashboard/student-dashboard';
import { EraseStudentBodySchema } from '../privacy/erase-student';
import { StudentsQuerySchema } from '../analytics/analytics';
import { SubjectStudentsQuerySchema } from '../analytics/subject';
import { ReturnBodySchema } from '../authoring/submissions';

/** Every C0 control character, DEL, and the line and paragraph separators. */
const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
const BREAKERS = [...C0, '\u007f', '\u2028', '\u2029'];
const FREE_TEXT_ALLOWED = new Set(['\t', '\n', '\r', '\u2028', '\u2029']);

describe('lineText: names and searches', () => {
  it.each(BREAKERS.map((c) => [c.codePointAt(0)!.toString(16), c]))('refuses U+%s inside a name', (_, c) => {
    const result = lineText().safeParse(`Asha${c}Rao`);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please remove line breaks and control characters');
  });

  it('keeps names in every script, marks and joiners included, and trims the ends', () => {
    for (const name of ['आरव पाटील', 'க்ஷேத்ரா', 'శ్రీ', "D'Souza-Nair", 'Zoë', 'ज़\u200dा'])
      expect(lineText().parse(name)).toBe(name);
    expect(lineText().parse('\t Asha \n')).toBe('Asha');
  });
});

describe('freeText: concepts, questions, comments, reasons', () => {
  it('keeps tabs and line breaks, refuses every other C0 control and DEL', () => {
    for (const c of BREAKERS) {
      expect(freeText().safeParse(`one${c}two`).success, `U+${c.codePointAt(0)!.toString(16)}`).toBe(
        FREE_TEXT_ALLOWED.has(c),
      );
    }
  });
});

describe('the rule lives in every name, free text and search of the contracts', () => {
  const NUL = 'x\u0000y';
  const SEPARATOR = 'x\u2028y';
  it.each([
    ['authoring name', () => LanguageNamesSchema.safeParse({ en: `Sub${SEPARATOR}ject` })],
    ['authoring name, other language', () => LanguageNamesSchema.safeParse({ en: 'Subject', hi: `विषय${NUL}` })],
    [
      'question text',
      () =>
        QuestionLanguageSchema.safeParse({ text: `Which ${NUL} one?`, options: ['a', 'b', 'c'], solution: 'Because.' }),
    ],
    [
      'question option',
      () => QuestionLanguageSchema.safeParse({ text: 'Which one?', options: ['a', NUL, 'c'], solution: 'Because.' }),
    ],
    ['return comment', () => ReturnBodySchema.safeParse({ comment: `Fix ${NUL}` })],
    [
      'profile name',
      () => UpdateProfileBodySchema.safeParse({ firstName: NUL, lastName: '', email: '', language: 'en' }),
    ],
    [
      'parent name',
      () => LinkParentBodySchema.safeParse({ mobile: '9876543210', firstName: 'Ravi', lastName: SEPARATOR }),
    ],
    ['erasure reason', () => EraseStudentBodySchema.safeParse({ reason: `Parent ${NUL} asked`, confirmName: 'Asha' })],
    ['erasure name', () => EraseStudentBodySchema.safeParse({ reason: 'Parent asked', confirmName: NUL })],
    ['students search', () => StudentsQuerySchema.safeParse({ search: NUL })],
    [
      'subject students search',
      () => SubjectStudentsQuerySchema.safeParse({ subjectId: '1', chapterId: '1', search: NUL }),
    ],
  ])('%s', (_, parse) => {
    expect(parse().success).toBe(false);
  });

  it('authoring names and texts refuse with a key the editor sees translated', () => {
    expect(LanguageNamesSchema.safeParse({ en: `Sub\nject` }).error?.issues[0]?.message).toBe(
      'validation.nameCharacters',
    );
    expect(ReturnBodySchema.safeParse({ comment: 'Fix\u0000 it' }).error?.issues[0]?.message).toBe(
      'validation.textCharacters',
    );
  });
});
