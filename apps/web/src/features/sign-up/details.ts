import type { SignUpSchool } from '@ki/contracts';

/** What the family fills in, as the inputs hold it ('' for a choice not made yet). */
export interface Details {
  parentFirstName: string;
  childFirstName: string;
  childLastName: string;
  boardId: string;
  grade: string;
  language: string;
  password: string;
  passwordRepeat: string;
  agreed: boolean;
}

const EMPTY: Details = {
  parentFirstName: '',
  childFirstName: '',
  childLastName: '',
  boardId: '',
  grade: '',
  language: '',
  password: '',
  passwordRepeat: '',
  agreed: false,
};

/**
 * The details for a school's form: what was typed already (after Change code) is kept where the
 * school offers it. A school's only board is chosen; the language is the screens' own when the school
 * offers it, else the school's first. The grade is always the family's choice.
 */
export function detailsFor(school: SignUpSchool, kept: Details | null, screenLanguage: string): Details {
  const details = kept ?? EMPTY;
  const onlyBoard = school.boards.length === 1 ? String(school.boards[0]!.id) : '';
  const boardId = school.boards.some((b) => String(b.id) === details.boardId) ? details.boardId : onlyBoard;
  const board = school.boards.find((b) => String(b.id) === boardId);
  const grade = board?.grades.some((g) => String(g) === details.grade) ? details.grade : '';
  const offered = (language: string) => school.languages.includes(language);
  const language = offered(details.language)
    ? details.language
    : offered(screenLanguage)
      ? screenLanguage
      : (school.languages[0] ?? '');
  return { ...details, boardId, grade, language };
}
