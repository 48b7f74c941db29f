/**
 * Builders for the tests of students' attempts: a teacher's published quiz or test with its
 * questions and an assignment to a class, and bank questions of chosen types. Real rows, written
 * directly (the teacher side's API is tested on its own).
 */
import type { Kysely } from 'kysely';
import type { DB, QuestionContent, QuestionType } from '../db/schema';

export interface QuizQuestionSpec {
  type: QuestionType;
  text?: string;
  options?: string[];
  answer?: number[];
  solution?: string;
}

/** Four options, the second right: the default question of a quiz. */
export const MCQ: QuizQuestionSpec = { type: 'multiple_choice', options: ['w', 'x', 'y', 'z'], answer: [1] };

export async function createAssessment(
  db: Kysely<DB>,
  opts: {
    schoolId: number;
    boardId: number;
    grade: number;
    subjectId: number;
    kind: 'quiz' | 'test';
    name?: string;
    durationMinutes?: number;
    questions: QuizQuestionSpec[];
    status?: 'draft' | 'published';
    createdBy?: number | null;
    now: Date;
  },
): Promise<{ id: number; questionIds: number[] }> {
  const status = opts.status ?? 'published';
  const { id } = await db
    .insertInto('assessments')
    .values({
      school_id: opts.schoolId,
      created_by: opts.createdBy ?? null,
      kind: opts.kind,
      name: opts.name ?? `A ${opts.kind}`,
      description: 'Answer every question.',
      board_id: opts.boardId,
      grade: opts.grade,
      subject_id: opts.subjectId,
      duration_minutes: opts.durationMinutes ?? 10,
      status,
      created_at: opts.now,
      updated_at: opts.now,
      published_at: status === 'published' ? opts.now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = opts.questions.map((q, i) => ({
    assessment_id: id,
    position: i + 1,
    type: q.type,
    text: q.text ?? `Question ${i + 1} ${q.type === 'fill_blank' ? '____' : '?'}`,
    options:
      q.type === 'open_ended'
        ? []
        : (q.options ?? (q.type === 'true_false' ? ['True', 'False'] : ['w', 'x', 'y', 'z'])),
    answer: q.type === 'open_ended' ? [] : (q.answer ?? [1]),
    solution: q.solution ?? `Solution ${i + 1}`,
  }));
  const inserted = rows.length
    ? await db.insertInto('assessment_questions').values(rows).returning('id').execute()
    : [];
  return { id, questionIds: inserted.map((r) => r.id) };
}

export async function assignAssessment(
  db: Kysely<DB>,
  opts: {
    assessmentId: number;
    schoolId: number;
    grade: number;
    section?: string | null;
    opensAt: Date | string;
    closesAt: Date | string;
    now: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('assessment_assignments')
    .values({
      assessment_id: opts.assessmentId,
      school_id: opts.schoolId,
      grade: opts.grade,
      section: opts.section ?? null,
      opens_at: new Date(opts.opensAt),
      closes_at: new Date(opts.closesAt),
      assigned_by: null,
      created_at: opts.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Published bank questions of chosen types in one topic (content per language). */
export async function addBankQuestions(
  db: Kysely<DB>,
  topicId: number,
  questions: {
    type: QuestionType;
    answer: number[];
    content: Partial<Record<string, QuestionContent>>;
    status?: 'draft' | 'published';
  }[],
): Promise<number[]> {
  const rows = questions.map((q, i) => ({
    topic_id: topicId,
    type: q.type,
    position: 100 + i,
    content: JSON.stringify(q.content),
    answer: q.answer,
    status: q.status ?? 'published',
  }));
  return (await db.insertInto('questions').values(rows).returning('id').execute()).map((r) => r.id);
}
