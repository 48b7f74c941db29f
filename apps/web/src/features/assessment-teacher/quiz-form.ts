import type { QuestionType } from '@ki/domain';
import {
  AssessmentInputSchema,
  AssessmentQuestionInputSchema,
  type AssessmentClass,
  type AssessmentDetail,
  type AssessmentInput,
  type AssessmentKind,
} from '@ki/contracts';

/** The blank of a fill-in-the-blanks question, as the contract expects it in the question's text. */
export const BLANK = '____';
export const MAX_OPTIONS = 6;
export const MIN_OPTIONS = 2;

/** One question as the editor holds it; `key` tells React's list items apart while they move. */
export interface QuestionDraft {
  key: string;
  type: QuestionType;
  text: string;
  options: string[];
  answer: number[];
  solution: string;
  imageId: string | null;
}

/** The editor's quiz: the contract's input with the choices not made yet as null or ''. */
export interface QuizDraft {
  /** The school a new quiz is for, when the teacher's classes of its grade and subject are at several. */
  schoolId: number | null;
  kind: AssessmentKind;
  name: string;
  description: string;
  imageId: string | null;
  boardId: number | null;
  grade: number | null;
  subjectId: number | null;
  durationMinutes: number | '';
  questions: QuestionDraft[];
}

let nextKey = 0;
const newKey = () => `q${++nextKey}`;

/** True and False in the editor's language, the options a true/false question starts with. */
export interface TrueFalseWords {
  true: string;
  false: string;
}

/** A new question of a type: choice questions start with empty options, true/false with its two. */
export function emptyQuestion(type: QuestionType, words: TrueFalseWords): QuestionDraft {
  return { key: newKey(), type, text: '', options: startOptions(type, words), answer: [], solution: '', imageId: null };
}

function startOptions(type: QuestionType, words: TrueFalseWords): string[] {
  if (type === 'open_ended') return [];
  if (type === 'true_false') return [words.true, words.false];
  return ['', '', '', ''];
}

/**
 * Another type for a question: the text, solution and picture stay; options stay where the new type
 * has options (true/false gets its two, open-ended none), and the answer keeps what still fits.
 */
export function changeType(q: QuestionDraft, type: QuestionType, words: TrueFalseWords): QuestionDraft {
  if (type === q.type) return q;
  const keepsOptions =
    type !== 'open_ended' && type !== 'true_false' && q.type !== 'open_ended' && q.type !== 'true_false';
  const options = keepsOptions ? q.options : startOptions(type, words);
  const answer = keepsOptions && type === 'multiple_select' ? q.answer : keepsOptions ? q.answer.slice(0, 1) : [];
  return { ...q, type, options, answer };
}

/** Marks an option correct: one answer for single-answer types, a set for multiple select. */
export function toggleAnswer(q: QuestionDraft, option: number): QuestionDraft {
  if (q.type !== 'multiple_select') return { ...q, answer: [option] };
  const answer = q.answer.includes(option)
    ? q.answer.filter((i) => i !== option)
    : [...q.answer, option].sort((a, b) => a - b);
  return { ...q, answer };
}

/** Removes an option; the answer's indexes after it move up by one. */
export function removeOption(q: QuestionDraft, option: number): QuestionDraft {
  return {
    ...q,
    options: q.options.filter((_, i) => i !== option),
    answer: q.answer.filter((i) => i !== option).map((i) => (i > option ? i - 1 : i)),
  };
}

/** Moves an item of a list from one place to another (reordering questions). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export function newQuizDraft(kind: AssessmentKind): QuizDraft {
  return {
    schoolId: null,
    kind,
    name: '',
    description: '',
    imageId: null,
    boardId: null,
    grade: null,
    subjectId: null,
    durationMinutes: kind === 'quiz' ? 10 : 30,
    questions: [],
  };
}

/** A question's content, without the editor's list key. */
function questionContent(q: QuestionDraft) {
  return [q.type, q.text, q.options, q.answer, q.solution, q.imageId];
}

/**
 * Whether leaving the editor would lose work: the quiz's details differ from what the server has
 * (a board, grade, subject or school left unchosen is the default, not a change), or the open
 * question form holds something not saved (a new true/false question's two prefilled options are
 * not). Questions are saved one by one, so the list itself is
 * compared too (a failed save leaves it changed).
 */
export function hasUnsavedChanges(
  draft: QuizDraft,
  saved: QuizDraft,
  open: { index: number | 'new'; question: QuestionDraft } | null,
): boolean {
  const chosen = (a: number | null, b: number | null) => a === null || a === b;
  const details =
    draft.kind !== saved.kind ||
    draft.name.trim() !== saved.name.trim() ||
    draft.description.trim() !== saved.description.trim() ||
    draft.imageId !== saved.imageId ||
    draft.durationMinutes !== saved.durationMinutes ||
    !chosen(draft.boardId, saved.boardId) ||
    !chosen(draft.grade, saved.grade) ||
    !chosen(draft.subjectId, saved.subjectId) ||
    !chosen(draft.schoolId, saved.schoolId);
  if (details) return true;
  const same = (a: QuestionDraft[], b: QuestionDraft[]) =>
    a.length === b.length &&
    a.every((q, i) => JSON.stringify(questionContent(q)) === JSON.stringify(questionContent(b[i]!)));
  if (!same(draft.questions, saved.questions)) return true;
  if (!open) return false;
  if (open.index === 'new') {
    const q = open.question;
    return (
      q.text.trim() !== '' ||
      q.solution.trim() !== '' ||
      q.imageId !== null ||
      q.answer.length > 0 ||
      (q.type !== 'true_false' && q.options.some((o) => o.trim() !== ''))
    );
  }
  const before = draft.questions[open.index];
  return !before || JSON.stringify(questionContent(before)) !== JSON.stringify(questionContent(open.question));
}

export function draftOf(detail: AssessmentDetail): QuizDraft {
  return {
    schoolId: detail.schoolId,
    kind: detail.kind,
    name: detail.name,
    description: detail.description,
    imageId: detail.imageId,
    boardId: detail.boardId,
    grade: detail.grade,
    subjectId: detail.subjectId,
    durationMinutes: detail.durationMinutes,
    questions: detail.questions.map((q) => ({
      key: newKey(),
      type: q.type,
      text: q.text,
      options: q.options,
      answer: q.answer,
      solution: q.solution,
      imageId: q.imageId,
    })),
  };
}

/**
 * What the editor sends: options left empty are dropped (with the answer's indexes following them),
 * so a question written with two of its four option boxes filled is a two-option question.
 */
export function questionInput(q: QuestionDraft): unknown {
  const kept = q.options
    .map((text, i) => ({ text: text.trim(), i }))
    .filter((o) => q.type === 'true_false' || o.text !== '');
  const answer = q.answer.map((i) => kept.findIndex((o) => o.i === i)).filter((i) => i >= 0);
  return {
    type: q.type,
    text: q.text,
    options: kept.map((o) => o.text),
    answer,
    solution: q.solution,
    imageId: q.imageId,
  };
}

function quizInput(d: QuizDraft, questions: readonly QuestionDraft[]): unknown {
  return {
    ...(d.schoolId === null ? {} : { schoolId: d.schoolId }),
    kind: d.kind,
    name: d.name,
    description: d.description,
    imageId: d.imageId,
    boardId: d.boardId,
    grade: d.grade,
    subjectId: d.subjectId,
    durationMinutes: d.durationMinutes === '' ? null : d.durationMinutes,
    questions: questions.map(questionInput),
  };
}

/** The contract's own messages (AssessmentQuestionInputSchema) and the editor's text for each. */
const RULE_KEYS: Record<string, string> = {
  'An open-ended question has no options or answer': 'validation.openEnded',
  'A true/false question has two options': 'validation.trueFalse',
  'Add at least two options': 'validation.twoOptions',
  'The answer must be one of the options': 'validation.markCorrect',
  'An option is marked correct twice': 'validation.markCorrect',
  'Mark the correct option': 'validation.markCorrect',
  'Write the blank as ____ in the question': 'validation.blank',
};

/** The editor's text for any other problem, by the field it is on. */
const FIELD_KEYS: Record<string, string> = {
  name: 'validation.name',
  description: 'validation.tooLong',
  schoolId: 'validation.school',
  boardId: 'validation.board',
  grade: 'validation.grade',
  subjectId: 'validation.subject',
  durationMinutes: 'validation.duration',
  text: 'validation.text',
  options: 'validation.option',
  solution: 'validation.tooLong',
  answer: 'validation.markCorrect',
};

/** Errors by field path ('name', 'questions.2.options.1'), as keys of the quizzes namespace. */
export type FormErrors = Record<string, string>;

function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix: string): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    const field = [...issue.path].reverse().find((p) => typeof p === 'string') as string | undefined;
    const key = RULE_KEYS[issue.message] ?? (field ? FIELD_KEYS[field] : undefined) ?? 'validation.invalid';
    errors[path] ??= key;
  }
  return errors;
}

/**
 * Checks the quiz with the contract the server uses (AssessmentInputSchema): the input to send, or
 * the problems by field. `questions` are those to send (the saved ones and the one being written).
 */
export function validateQuiz(
  d: QuizDraft,
  questions: readonly QuestionDraft[] = d.questions,
): { input: AssessmentInput } | { errors: FormErrors } {
  const parsed = AssessmentInputSchema.safeParse(quizInput(d, questions));
  return parsed.success ? { input: parsed.data } : { errors: errorsOf(parsed.error.issues, '') };
}

/** One question's problems, keyed by its own fields ('text', 'options.1', 'answer'). */
export function validateQuestion(q: QuestionDraft): FormErrors {
  const parsed = AssessmentQuestionInputSchema.safeParse(questionInput(q));
  return parsed.success ? {} : errorsOf(parsed.error.issues, '');
}

/** A number field's value: a whole number, or '' while it is empty or not one. */
export function wholeNumber(text: string): number | '' {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) ? n : '';
}

/** The boards, grades and subjects a teacher may write for, from their classes. */
export interface ClassChoices {
  boards: { id: number; name: string }[];
  grades: (boardId: number | null) => number[];
  subjects: (boardId: number | null, grade: number | null) => { id: number; name: string }[];
  /** The schools whose classes of this board and grade the teacher teaches the subject in. */
  schools: (boardId: number | null, grade: number | null, subjectId: number | null) => { id: number; name: string }[];
}

export function classChoices(classes: readonly AssessmentClass[]): ClassChoices {
  const withSubjects = classes.filter((c) => c.subjects.length > 0);
  const boards = new Map<number, string>();
  for (const c of withSubjects) boards.set(c.boardId, c.boardName);
  return {
    boards: [...boards].map(([id, name]) => ({ id, name })),
    grades: (boardId) =>
      [...new Set(withSubjects.filter((c) => c.boardId === boardId).map((c) => c.grade))].sort((a, b) => a - b),
    subjects: (boardId, grade) => {
      const subjects = new Map<number, string>();
      for (const c of withSubjects)
        if (c.boardId === boardId && c.grade === grade) for (const s of c.subjects) subjects.set(s.id, s.name);
      return [...subjects].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    },
    schools: (boardId, grade, subjectId) =>
      withSubjects
        .filter((c) => c.boardId === boardId && c.grade === grade && c.subjects.some((s) => s.id === subjectId))
        .map((c) => ({ id: c.schoolId, name: c.schoolName })),
  };
}
