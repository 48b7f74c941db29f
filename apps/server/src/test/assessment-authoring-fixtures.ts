/**
 * Builders for the teacher side of assessment tests: a whole quiz input with one question of each
 * type, tiny real images, and finished attempts written straight into the tables (the attempt
 * engine is tested on its own), in one transaction so the attempt's counts are written at commit as
 * the engine's finish writes them (migration 0020).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AssessmentInput, AssessmentQuestionInput, FinishReason } from '@ki/contracts';
import type { DB } from '../db/schema';
import * as f from './factories';

/** One question of each of the five types (access-and-app-shell.md 3), answers: B; A and C; True; '4'; open. */
export const FIVE_TYPES: AssessmentQuestionInput[] = [
  {
    type: 'multiple_choice',
    text: 'Which planet is nearest the Sun?',
    options: ['Venus', 'Mercury', 'Earth', 'Mars'],
    answer: [1],
    solution: 'Mercury orbits closest.',
    imageId: null,
  },
  {
    type: 'multiple_select',
    text: 'Which of these are prime?',
    options: ['2', '4', '7', '9'],
    answer: [0, 2],
    solution: '2 and 7 have no other divisors.',
    imageId: null,
  },
  {
    type: 'true_false',
    text: 'Water boils at 100 °C at sea level.',
    options: ['True', 'False'],
    answer: [0],
    solution: 'At 1 atm, yes.',
    imageId: null,
  },
  { type: 'fill_blank', text: '2 + 2 = ____', options: ['3', '4', '5'], answer: [1], solution: 'Four.', imageId: null },
  {
    type: 'open_ended',
    text: 'Explain why the sky is blue.',
    options: [],
    answer: [],
    solution: 'Rayleigh scattering of shorter wavelengths.',
    imageId: null,
  },
];

export function quizInput(
  o: Partial<AssessmentInput> & { boardId: number; subjectId: number; grade: number },
): AssessmentInput {
  return {
    kind: 'quiz',
    name: 'Our solar system',
    description: 'A short quiz after the chapter.',
    imageId: null,
    durationMinutes: 10,
    questions: FIVE_TYPES,
    ...o,
  };
}

/** The smallest valid PNG (1 x 1, transparent), a JPEG and a WebP header as real files start. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG_1X1 = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
export const WEBP_1X1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** A multipart/form-data body with one file part (or the given parts), and its content type. */
export function multipart(parts: { name: string; filename?: string; contentType?: string; data: Buffer | string }[]): {
  payload: Buffer;
  contentType: string;
} {
  const boundary = `----ki-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One answer of a fixture attempt: what the student chose or wrote, and the server's timing. */
export interface FixtureAnswer {
  /** Option indexes; null = not answered. */
  chosen?: number[] | null;
  textAnswer?: string | null;
  /** Seconds from serving to the answer (default 8). */
  seconds?: number;
  /** Marks of a marked open-ended answer. */
  marks?: number;
}

/**
 * A student's attempt at an assignment, answers copied from the quiz's questions as the engine
 * freezes them; objective answers marked right or wrong against the key with `marksFor` (default:
 * 100 a right answer), open-ended ones left for marking unless `marks` is given. Unfinished when
 * `finishedAt` is null.
 */
export async function insertAttempt(
  db: Kysely<DB>,
  o: {
    assignmentId: number;
    studentId: number;
    answers: FixtureAnswer[];
    startedAt: Date;
    finishedAt: Date | null;
    reason?: FinishReason;
    marksFor?: (right: boolean, seconds: number) => number;
  },
): Promise<string> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    const g = await trx
      .selectFrom('assessment_assignments as g')
      .innerJoin('assessments as a', 'a.id', 'g.assessment_id')
      .select([
        'g.assessment_id',
        'g.school_id',
        'a.board_id',
        'a.grade',
        'a.subject_id',
        'a.kind',
        'a.duration_minutes',
      ])
      .where('g.id', '=', o.assignmentId)
      .executeTakeFirstOrThrow();
    const questions = await trx
      .selectFrom('assessment_questions')
      .selectAll()
      .where('assessment_id', '=', g.assessment_id)
      .orderBy('position')
      .execute();
    const marksFor = o.marksFor ?? ((right: boolean) => (right ? 100 : 0));
    let total = 0;
    const rows = questions.map((q, i) => {
      const a = o.answers[i] ?? {};
      const seconds = a.seconds ?? 8;
      const served = new Date(o.startedAt.getTime() + i * 60_000);
      const answered = q.type === 'open_ended' ? (a.textAnswer ?? null) !== null : (a.chosen ?? null) !== null;
      const right =
        answered &&
        q.type !== 'open_ended' &&
        JSON.stringify([...(a.chosen ?? [])].sort()) === JSON.stringify([...q.answer].sort());
      const marks = q.type === 'open_ended' ? (a.marks ?? null) : o.finishedAt ? marksFor(right, seconds) : null;
      total += marks ?? 0;
      return {
        attempt_id: id,
        position: q.position,
        assessment_question_id: q.id,
        type: q.type,
        text: q.text,
        options: q.options,
        answer: q.answer,
        solution: q.solution,
        image_id: q.image_id,
        served_at: served,
        answered_at: answered ? new Date(served.getTime() + seconds * 1000) : null,
        chosen: q.type === 'open_ended' ? null : (a.chosen ?? null),
        text_answer: q.type === 'open_ended' ? (a.textAnswer ?? null) : null,
        correct: q.type === 'open_ended' || !answered ? (q.type === 'open_ended' ? null : false) : right,
        marks,
        marked_at: q.type === 'open_ended' && a.marks !== undefined ? o.finishedAt : null,
      };
    });
    await trx
      .insertInto('assessment_attempts')
      .values({
        id,
        student_id: o.studentId,
        school_id: g.school_id,
        board_id: g.board_id,
        grade: g.grade,
        subject_id: g.subject_id,
        kind: g.kind,
        assessment_id: g.assessment_id,
        assignment_id: o.assignmentId,
        question_count: questions.length,
        started_at: o.startedAt,
        deadline_at: new Date(o.startedAt.getTime() + g.duration_minutes * 60_000),
        finished_at: o.finishedAt,
        finish_reason: o.finishedAt ? (o.reason ?? 'submitted') : null,
        marks: o.finishedAt ? total : null,
        max_marks: 0,
      })
      .execute();
    if (rows.length) await trx.insertInto('attempt_answers').values(rows).execute();
  });
  return id;
}

/**
 * A small chain for the teacher-side tests. Chain 1: school S (board B, grades 6-8) and school S2;
 * chain 2: school X. Board B grade 7 has science and maths, grade 8 science.
 *   teacher: S grade 7 science.  colleague: S grade 7, every subject.  grade8Teacher: S grade 8 only.
 *   twoSchools: S and S2 grade 7 science.  principal: S.  otherPrincipal: X.  superadmin: chain 1.
 *   students: S 7A Asha, Bala, Chitra; S 7B Dev, Esha; S 8A Farid; X 7A Xavier.
 */
export async function buildAuthoringWorld(t: { database: { db: Kysely<DB> }; now(): Date }) {
  const db = t.database.db;
  const chain = await f.createChain(db);
  const otherChain = await f.createChain(db);
  const board = await f.createBoard(db);
  const otherBoard = await f.createBoard(db);
  const school = await f.createSchool(db, {
    chainId: chain,
    boardId: board,
    grades: [6, 7, 8],
    name: 'Sunrise School',
  });
  const school2 = await f.createSchool(db, {
    chainId: chain,
    boardId: board,
    grades: [6, 7, 8],
    name: 'Second School',
  });
  const schoolX = await f.createSchool(db, { chainId: otherChain, boardId: board, grades: [7], name: 'Xenon School' });
  const science = await f.createCurriculum(db, {
    boardId: board,
    grade: 7,
    subjectSlug: 'aa-science',
    chapters: 1,
    topics: 1,
    questions: 2,
  });
  const maths = await f.createCurriculum(db, {
    boardId: board,
    grade: 7,
    subjectSlug: 'aa-maths',
    chapters: 1,
    topics: 1,
    questions: 2,
  });
  await f.createCurriculum(db, {
    boardId: board,
    grade: 8,
    subjectSlug: 'aa-science',
    chapters: 1,
    topics: 1,
    questions: 2,
  });
  const staff = async (role: 'teacher' | 'principal' | 'superadmin', o: Parameters<typeof f.createStaff>[2]) => {
    const id = await f.createStaff(db, role, o);
    return { id, cookie: await f.sessionCookie(db, id, t.now()) };
  };
  const sci = science.subjectId;
  const teacher = await staff('teacher', {
    schoolIds: [school],
    assignments: [{ schoolId: school, grade: 7, subjectId: sci }],
  });
  const colleague = await staff('teacher', { schoolIds: [school], assignments: [{ schoolId: school, grade: 7 }] });
  const grade8Teacher = await staff('teacher', { schoolIds: [school], assignments: [{ schoolId: school, grade: 8 }] });
  const twoSchools = await staff('teacher', {
    schoolIds: [school, school2],
    assignments: [
      { schoolId: school, grade: 7, subjectId: sci },
      { schoolId: school2, grade: 7, subjectId: sci },
    ],
  });
  const principal = await staff('principal', { schoolIds: [school] });
  const otherPrincipal = await staff('principal', { schoolIds: [schoolX] });
  const superadmin = await staff('superadmin', { chainId: chain });
  const student = async (firstName: string, schoolId: number, grade: number, section: string) => {
    const id = await f.createStudent(db, { schoolId, boardId: board, grade, firstName });
    await db.updateTable('student_enrolments').set({ section }).where('student_id', '=', id).execute();
    return { id, cookie: await f.sessionCookie(db, id, t.now()) };
  };
  const students = {
    asha: await student('Asha', school, 7, 'A'),
    bala: await student('Bala', school, 7, 'A'),
    chitra: await student('Chitra', school, 7, 'A'),
    dev: await student('Dev', school, 7, 'B'),
    esha: await student('Esha', school, 7, 'B'),
    farid: await student('Farid', school, 8, 'A'),
    xavier: await student('Xavier', schoolX, 7, 'A'),
  };
  const parent = await f.createUser(db, 'parent');
  const editor = await f.createUser(db, 'content_editor');
  return {
    chain,
    board,
    otherBoard,
    school,
    school2,
    schoolX,
    science: sci,
    maths: maths.subjectId,
    teacher,
    colleague,
    grade8Teacher,
    twoSchools,
    principal,
    otherPrincipal,
    superadmin,
    students,
    parent: { id: parent, cookie: await f.sessionCookie(db, parent, t.now()) },
    editor: { id: editor, cookie: await f.sessionCookie(db, editor, t.now()) },
  };
}
export type AuthoringWorld = Awaited<ReturnType<typeof buildAuthoringWorld>>;
