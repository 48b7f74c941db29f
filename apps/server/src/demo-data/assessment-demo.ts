/**
 * Teachers' quizzes and tests in the demo (issue #23), so a school's first look at Assessment,
 * the marking queue and Reports is not empty. At the first school:
 *   - Farhan Shaikh (maths in grades 6 and 7, science in grade 8) has a grade-7 maths quiz already
 *     closed for section A, a grade-7 maths test open this week for the whole grade (written answers
 *     partly marked, partly waiting in his queue), a grade-8 science quiz, a grade-7 maths quiz set
 *     for section A that opens in two days, and a draft with three questions (publishing it shows
 *     'Add Atleast 4 Questions');
 *   - the teacher of grades 6-8 has a grade-7 science test, closed, for section B.
 * Most students of those classes have finished attempts: answers timed by the server (served, then
 * answered), marked with the domain's rules (quizQuestionMarks after the network allowance,
 * testQuestionMarks), each finished attempt with its learning record (records/attempt-record.ts),
 * which the generator adds to the student's records before computeAllRollups, as Reindex would.
 * Aarav (the demo student, 7A) finished the closed quiz and has not started the open test, so he
 * finds a test to take. Times fall in a school's day in India whenever the demo is loaded: quizzes
 * written in the afternoon, open from 08:00 and closing at 20:00 on their days, attempts and marking
 * between 07:00 and 21:00. Deterministic for a seed and a "now".
 */
import type { Kysely } from 'kysely';
import { ANSWER_NETWORK_ALLOWANCE_SECONDS, type AssessmentKind, type FinishReason } from '@ki/contracts';
import {
  isAnswerCorrect,
  OPEN_ENDED_MAX_MARKS,
  QUIZ_MARKS_FAST,
  quizQuestionMarks,
  TEST_OBJECTIVE_MARKS,
  testQuestionMarks,
  type QuestionType,
} from '@ki/domain';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { attemptRecord, type RecordRow } from '../modules/records/attempt-record';
import { randomFor, stableUuid } from './rng';
import { daytimeBetween, schoolDayAt, schoolDayBefore } from './school-time';

const HOUR = 3_600_000;

interface DemoQuestion {
  type: QuestionType;
  text: string;
  options: string[];
  answer: number[];
  solution: string;
}
const q = (type: QuestionType, text: string, options: string[], answer: number[], solution: string): DemoQuestion => ({
  type,
  text,
  options,
  answer,
  solution,
});

const INTEGERS: DemoQuestion[] = [
  q(
    'multiple_choice',
    'What is (-7) + 12?',
    ['-19', '5', '-5', '19'],
    [1],
    'Move 12 steps right from -7 on the number line: 5.',
  ),
  q(
    'multiple_choice',
    'What is (-6) × (-4)?',
    ['-24', '24', '-10', '10'],
    [1],
    'The product of two negative integers is positive: 24.',
  ),
  q(
    'true_false',
    'The sum of two negative integers is always negative.',
    ['True', 'False'],
    [0],
    'Both move left of 0 on the number line, so the sum is negative.',
  ),
  q(
    'fill_blank',
    '(-48) ÷ 8 = ____',
    ['6', '-6', '-56', '40'],
    [1],
    'A negative divided by a positive is negative: -6.',
  ),
  q(
    'multiple_select',
    'Which of these are less than -3?',
    ['-5', '-1', '-10', '0'],
    [0, 2],
    '-5 and -10 lie to the left of -3 on the number line.',
  ),
  q(
    'multiple_choice',
    'The temperature was -2 °C at night and rose by 9 °C by noon. What was it at noon?',
    ['7 °C', '11 °C', '-11 °C', '-7 °C'],
    [0],
    '-2 + 9 = 7.',
  ),
];
const FRACTIONS: DemoQuestion[] = [
  q('multiple_choice', 'What is 3/4 of 20?', ['12', '15', '16', '5'], [1], '20 ÷ 4 = 5, and 3 × 5 = 15.'),
  q(
    'fill_blank',
    '0.25 written as a fraction in its lowest terms is ____',
    ['1/4', '25/10', '2/5', '1/25'],
    [0],
    '0.25 = 25/100 = 1/4.',
  ),
  q('true_false', '2/3 is greater than 3/5.', ['True', 'False'], [0], '2/3 = 10/15 and 3/5 = 9/15.'),
  q(
    'multiple_choice',
    'What is 1.2 × 0.3?',
    ['3.6', '0.36', '0.036', '36'],
    [1],
    '12 × 3 = 36, with two decimal places: 0.36.',
  ),
  q(
    'multiple_select',
    'Which fractions are equal to 1/2?',
    ['2/4', '3/5', '5/10', '4/6'],
    [0, 2],
    '2/4 and 5/10 both simplify to 1/2.',
  ),
  q(
    'open_ended',
    'Riya ate 2/5 of a pizza and her brother ate 1/3 of it. How much of the pizza is left? Show your working.',
    [],
    [],
    '2/5 + 1/3 = 6/15 + 5/15 = 11/15 eaten, so 4/15 is left.',
  ),
];
const HEAT: DemoQuestion[] = [
  q(
    'multiple_choice',
    'Which instrument measures body temperature?',
    ['Laboratory thermometer', 'Clinical thermometer', 'Barometer', 'Hygrometer'],
    [1],
    'A clinical thermometer reads 35-42 °C and keeps its reading.',
  ),
  q(
    'true_false',
    'Heat flows from a colder object to a hotter one.',
    ['True', 'False'],
    [1],
    'Heat flows from the hotter object to the colder one.',
  ),
  q(
    'multiple_choice',
    'How does heat from the Sun reach the Earth?',
    ['Conduction', 'Convection', 'Radiation', 'Insulation'],
    [2],
    'There is no medium in space: the Sun’s heat travels as radiation.',
  ),
  q(
    'multiple_select',
    'Which of these are good conductors of heat?',
    ['Copper', 'Wood', 'Aluminium', 'Plastic'],
    [0, 2],
    'Metals such as copper and aluminium conduct heat well.',
  ),
  q(
    'fill_blank',
    'Normal human body temperature is about ____ °C.',
    ['37', '40', '32', '98.6'],
    [0],
    'About 37 °C (98.6 °F).',
  ),
];
const ENVIRONMENT: DemoQuestion[] = [
  q(
    'multiple_choice',
    'Which gas do plants take in to make their food?',
    ['Oxygen', 'Nitrogen', 'Carbon dioxide', 'Hydrogen'],
    [2],
    'Plants use carbon dioxide and water in photosynthesis.',
  ),
  q(
    'true_false',
    'Cutting forests can lead to soil erosion.',
    ['True', 'False'],
    [0],
    'Roots hold the soil; without trees, rain washes it away.',
  ),
  q(
    'multiple_choice',
    'Which of these is a decomposer?',
    ['Grass', 'Mushroom', 'Deer', 'Eagle'],
    [1],
    'Fungi such as mushrooms break down dead matter.',
  ),
  q(
    'fill_blank',
    'Animals that eat only plants are called ____.',
    ['herbivores', 'carnivores', 'omnivores', 'decomposers'],
    [0],
    'Herbivores eat only plants.',
  ),
  q(
    'open_ended',
    'Name two ways your family can save water at home, and say why each helps.',
    [],
    [],
    'For example: closing the tap while brushing; reusing water from washing vegetables for plants.',
  ),
];
const EQUATIONS: DemoQuestion[] = [
  q('multiple_choice', 'Solve: x + 7 = 12', ['5', '19', '-5', '7'], [0], 'Subtract 7 from both sides: x = 5.'),
  q('multiple_choice', 'Solve: 3y = 27', ['24', '9', '30', '81'], [1], 'Divide both sides by 3: y = 9.'),
  q('true_false', 'x = 4 is the solution of 2x - 3 = 5.', ['True', 'False'], [0], '2 × 4 - 3 = 5.'),
  q('fill_blank', 'If p/5 = 4, then p = ____', ['20', '9', '1', '45'], [0], 'Multiply both sides by 5: p = 20.'),
];
const RATIONALS: DemoQuestion[] = [
  q(
    'multiple_choice',
    'Which of these is a rational number?',
    ['√2', '3/7', 'π', 'None of these'],
    [1],
    'A rational number can be written as p/q with q ≠ 0.',
  ),
  q('true_false', 'Every integer is a rational number.', ['True', 'False'], [0], 'Any integer n can be written n/1.'),
  q(
    'fill_blank',
    'The additive inverse of 2/9 is ____',
    ['-2/9', '9/2', '2/9', '-9/2'],
    [0],
    'A number plus its additive inverse is 0.',
  ),
];

const WRITTEN_ANSWERS = [
  'First I made the denominators the same: 2/5 = 6/15 and 1/3 = 5/15. Together they ate 11/15, so 4/15 is left.',
  '2/5 + 1/3 = 3/8, so 5/8 of the pizza is left.',
  'They ate 11/15 of the pizza. 15/15 - 11/15 = 4/15 left.',
  'Half of the pizza is left.',
  'Close the tap while brushing teeth, it saves many litres. Water the plants with the water used to wash vegetables.',
  'We can fix leaking taps and take a bucket bath instead of a shower.',
  'Use less water.',
  'Collect rain water on the roof and use it for cleaning, so less tap water is needed.',
];
const COMMENTS = [
  'Well explained, with every step shown.',
  'Right idea; check your addition of fractions.',
  'Good. Write the working as well next time.',
  'Please explain why each way helps.',
  'Excellent: clear and complete.',
];

/** One quiz or test of the demo, with its assignments (days counted from the demo's "now" in India). */
interface DemoQuiz {
  teacher: 'farhan' | 'classTeacher';
  kind: AssessmentKind;
  name: string;
  description: string;
  subject: 'maths' | 'science';
  grade: number;
  minutes: number;
  questions: DemoQuestion[];
  /** Draft: never published or assigned. */
  draft?: boolean;
  assignments: { section: string | null; opensInDays: number; closesInDays: number }[];
  /** Written at the last 15:30 this many school days back (0: today's, or the last one if it is not yet 15:30). */
  createdDaysAgo: number;
}

/** A quiz opens at 08:00 on its first day and closes at 20:00 on its last, in India. */
const opensOn = (now: Date, days: number) => schoolDayAt(now, days, 8);
const closesOn = (now: Date, days: number) => schoolDayAt(now, days, 20);

const QUIZZES: DemoQuiz[] = [
  {
    teacher: 'farhan',
    kind: 'quiz',
    name: 'Integers: quick check',
    description: 'Addition, subtraction, multiplication and division of integers.',
    subject: 'maths',
    grade: 7,
    minutes: 10,
    questions: INTEGERS,
    assignments: [{ section: 'A', opensInDays: -12, closesInDays: -5 }],
    createdDaysAgo: 14,
  },
  {
    teacher: 'farhan',
    kind: 'test',
    name: 'Fractions and decimals: unit test',
    description: 'Six questions; the last one is marked by your teacher.',
    subject: 'maths',
    grade: 7,
    minutes: 30,
    questions: FRACTIONS,
    assignments: [{ section: null, opensInDays: -4, closesInDays: 3 }],
    createdDaysAgo: 6,
  },
  {
    teacher: 'farhan',
    kind: 'quiz',
    name: 'Heat: how it moves',
    description: 'Temperature, thermometers and the ways heat travels.',
    subject: 'science',
    grade: 8,
    minutes: 8,
    questions: HEAT,
    assignments: [{ section: null, opensInDays: -9, closesInDays: -2 }],
    createdDaysAgo: 10,
  },
  {
    teacher: 'farhan',
    kind: 'quiz',
    name: 'Simple equations',
    description: 'Solve each equation in one or two steps.',
    subject: 'maths',
    grade: 7,
    minutes: 8,
    questions: EQUATIONS,
    assignments: [{ section: 'A', opensInDays: 2, closesInDays: 6 }],
    createdDaysAgo: 1,
  },
  {
    teacher: 'farhan',
    kind: 'quiz',
    name: 'Rational numbers (draft)',
    description: 'Still being written.',
    subject: 'maths',
    grade: 7,
    minutes: 10,
    questions: RATIONALS,
    draft: true,
    assignments: [],
    createdDaysAgo: 0,
  },
  {
    teacher: 'classTeacher',
    kind: 'test',
    name: 'Our environment',
    description: 'Plants, animals and how we look after our surroundings.',
    subject: 'science',
    grade: 7,
    minutes: 20,
    questions: ENVIRONMENT,
    assignments: [{ section: 'B', opensInDays: -20, closesInDays: -15 }],
    createdDaysAgo: 21,
  },
];

interface Assignment {
  id: number;
  assessmentId: number;
  kind: AssessmentKind;
  grade: number;
  section: string | null;
  subjectId: number;
  opensAt: Date;
  closesAt: Date;
  minutes: number;
  questions: (DemoQuestion & { id: number; position: number })[];
  /** Who marks its written answers. */
  teacherId: number;
}

/** A student of the school as the generator knows them. */
export interface DemoClassStudent {
  studentId: number;
  grade: number;
  section: string;
  /** The demo student: takes the closed quiz, leaves the open test for the visitor. */
  isDemoStudent: boolean;
}

/** The demo's quizzes at one school; `attemptsOf` simulates a chunk of its students. */
export interface DemoQuizzes {
  /**
   * Finished (and a few unfinished) attempts of these students at the assignments of their class,
   * written to the database (before their records are, which point at them); the records of the
   * finished ones by student, to join the student's other records before the rollups.
   */
  attemptsOf(students: readonly DemoClassStudent[]): Promise<Map<number, RecordRow[]>>;
}

/**
 * Writes the demo's quizzes, questions and assignments at `schoolId` (by Farhan, found by his
 * mobile, and the teacher of grades 6-8).
 */
export async function addDemoQuizzes(
  database: Database,
  o: {
    seed: number;
    now: Date;
    schoolId: number;
    boardId: number;
    subjects: { maths: number | null; science: number | null };
    teachers: { farhan: number; classTeacher: number };
  },
): Promise<DemoQuizzes> {
  const db: Kysely<DB> = database.db;
  const assignments: Assignment[] = [];
  for (const quiz of QUIZZES) {
    const subjectId = o.subjects[quiz.subject];
    if (subjectId === null) continue;
    const createdAt = schoolDayBefore(o.now, quiz.createdDaysAgo, 15, 30);
    const published = quiz.draft ? null : new Date(createdAt.getTime() + HOUR);
    const teacherId = o.teachers[quiz.teacher];
    const { id: assessmentId } = await db
      .insertInto('assessments')
      .values({
        school_id: o.schoolId,
        created_by: teacherId,
        kind: quiz.kind,
        name: quiz.name,
        description: quiz.description,
        board_id: o.boardId,
        grade: quiz.grade,
        subject_id: subjectId,
        duration_minutes: quiz.minutes,
        status: published ? 'published' : 'draft',
        created_at: createdAt,
        updated_at: published ?? createdAt,
        published_at: published,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const questions = await db
      .insertInto('assessment_questions')
      .values(
        quiz.questions.map((x, i) => ({
          assessment_id: assessmentId,
          position: i + 1,
          type: x.type,
          text: x.text,
          options: x.options,
          answer: x.answer,
          solution: x.solution,
        })),
      )
      .returning(['id', 'position'])
      .execute();
    for (const a of quiz.assignments) {
      const opensAt = opensOn(o.now, a.opensInDays);
      const closesAt = closesOn(o.now, a.closesInDays);
      const { id } = await db
        .insertInto('assessment_assignments')
        .values({
          assessment_id: assessmentId,
          school_id: o.schoolId,
          grade: quiz.grade,
          section: a.section,
          opens_at: opensAt,
          closes_at: closesAt,
          assigned_by: teacherId,
          // Set half an hour after it was published, days before it opens.
          created_at: new Date(createdAt.getTime() + 1.5 * HOUR),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      assignments.push({
        id,
        assessmentId,
        kind: quiz.kind,
        grade: quiz.grade,
        section: a.section,
        subjectId,
        opensAt,
        closesAt,
        minutes: quiz.minutes,
        questions: quiz.questions.map((x, i) => ({ ...x, id: questions[i]!.id, position: questions[i]!.position })),
        teacherId,
      });
    }
  }
  return {
    attemptsOf: (students) =>
      writeAttempts(database, { ...o, schoolId: o.schoolId, boardId: o.boardId }, assignments, students),
  };
}

/** Largest marks of an attempt: 300 a quiz question or 100 a test's objective one, 200 an open-ended one. */
const maxMarks = (a: Assignment) =>
  a.questions.reduce(
    (sum, x) =>
      sum +
      (x.type === 'open_ended' ? OPEN_ENDED_MAX_MARKS : a.kind === 'quiz' ? QUIZ_MARKS_FAST : TEST_OBJECTIVE_MARKS),
    0,
  );

async function writeAttempts(
  database: Database,
  o: { seed: number; now: Date; schoolId: number; boardId: number },
  assignments: readonly Assignment[],
  students: readonly DemoClassStudent[],
): Promise<Map<number, RecordRow[]>> {
  const attempts: Record<string, unknown>[] = [];
  const answers: Record<string, unknown>[] = [];
  const records = new Map<number, RecordRow[]>();
  for (const s of students) {
    for (const a of assignments) {
      if (a.grade !== s.grade || (a.section !== null && a.section !== s.section) || a.opensAt >= o.now) continue;
      const open = a.closesAt > o.now;
      const rng = randomFor(o.seed, `quiz:${a.id}:${s.studentId}`);
      if (s.isDemoStudent ? open : !rng.chance(open ? 0.75 : 0.85)) continue;
      // Within the window in the day's hours, at least an hour before now; a few of the open test's are still going on.
      const latest = Math.min(a.closesAt.getTime(), o.now.getTime()) - HOUR - a.minutes * 60_000;
      const u = rng.next();
      const startedAt =
        daytimeBetween(a.opensAt.getTime(), latest, u) ??
        new Date(a.opensAt.getTime() + u * Math.max(0, latest - a.opensAt.getTime()));
      const unfinished = open && !s.isDemoStudent && rng.chance(0.08);
      const ability = s.isDemoStudent ? 0.8 : Math.min(0.95, Math.max(0.25, rng.normal(0.66, 0.16)));
      const id = stableUuid(`${o.seed}/attempt/${a.id}/${s.studentId}`);
      let at = startedAt.getTime() + 3000;
      let marks = 0;
      let autoMarks = 0;
      let answeredCount = 0;
      let correctCount = 0;
      const forRecord: Parameters<typeof attemptRecord>[1]['answers'][number][] = [];
      const asked = unfinished ? a.questions.slice(0, rng.int(1, a.questions.length - 1)) : a.questions;
      for (const x of asked) {
        const servedAt = new Date(at);
        const isOpen = x.type === 'open_ended';
        const gave = rng.chance(isOpen ? 0.85 : 0.96);
        // Stronger students answer faster; a written answer takes minutes.
        const raw = isOpen ? rng.int(90, 420) : Math.max(3, Math.round(rng.normal(22 - 12 * ability, 6)));
        const right = gave && !isOpen && rng.chance(ability);
        const wrong = x.options.map((_, i) => i).filter((i) => !x.answer.includes(i));
        const chosen = !gave || isOpen ? null : right ? [...x.answer] : [rng.pick(wrong)];
        const correct = isOpen ? null : chosen !== null && isAnswerCorrect(x.type, x.answer, chosen);
        // Server time less the network allowance, as the engine times an answer.
        const seconds = Math.max(0, raw - ANSWER_NETWORK_ALLOWANCE_SECONDS);
        const answeredAt = gave ? new Date(servedAt.getTime() + raw * 1000) : null;
        const text =
          isOpen && gave
            ? rng.pick(
                a.kind === 'test' && a.questions.length === FRACTIONS.length
                  ? WRITTEN_ANSWERS.slice(0, 4)
                  : WRITTEN_ANSWERS.slice(4),
              )
            : null;
        let m: number | null = null;
        let markedAt: Date | null = null;
        let comment: string | null = null;
        if (!unfinished) {
          if (!gave) m = 0;
          else if (!isOpen)
            m =
              a.kind === 'quiz'
                ? quizQuestionMarks({ answered: true, correct: correct === true, seconds })
                : testQuestionMarks(x.type, correct === true);
          // Written answers of a closed test are all marked; of the open one, about half so far.
          else if (!open || rng.chance(0.5)) {
            const given = Math.min(
              OPEN_ENDED_MAX_MARKS,
              Math.max(0, Math.round(rng.normal(ability * 170, 30) / 10) * 10),
            );
            // Marked in the day's hours within thirty hours of the answer; the open test's answers written since wait.
            const when =
              daytimeBetween(at + HOUR, Math.min(o.now.getTime() - HOUR, at + 30 * HOUR), rng.next()) ??
              (open ? null : new Date(Math.min(o.now.getTime() - HOUR, at + 6 * HOUR)));
            const said = rng.pick(COMMENTS);
            if (when) [m, markedAt, comment] = [given, when, said];
          }
        }
        marks += m ?? 0;
        if (!isOpen) autoMarks += m ?? 0;
        if (gave && !isOpen) answeredCount += 1;
        if (correct === true) correctCount += 1;
        forRecord.push({
          questionRef: x.position,
          chosen,
          seconds: gave ? seconds : 0,
          correct: isOpen ? null : correct === true,
          autoMarked: !isOpen,
        });
        answers.push({
          attempt_id: id,
          position: x.position,
          assessment_question_id: x.id,
          type: x.type,
          text: x.text,
          options: x.options,
          answer: x.answer,
          solution: x.solution,
          served_at: servedAt,
          answered_at: answeredAt,
          chosen,
          text_answer: text,
          correct: unfinished && a.kind === 'test' ? null : correct,
          marks: m,
          marked_by: markedAt ? a.teacherId : null,
          marked_at: markedAt,
          comment,
        });
        at = (answeredAt ?? new Date(servedAt.getTime() + 30_000)).getTime() + rng.int(1, 4) * 1000;
      }
      // Questions of an unfinished attempt not reached yet: served never.
      for (const x of a.questions.slice(asked.length)) {
        answers.push({
          attempt_id: id,
          position: x.position,
          assessment_question_id: x.id,
          type: x.type,
          text: x.text,
          options: x.options,
          answer: x.answer,
          solution: x.solution,
        });
      }
      const deadline = new Date(Math.min(startedAt.getTime() + a.minutes * 60_000, a.closesAt.getTime()));
      const finishedAt = unfinished ? null : new Date(Math.min(at, deadline.getTime()));
      const reason: FinishReason | null = unfinished ? null : at > deadline.getTime() ? 'time_up' : 'submitted';
      const recordId = finishedAt ? stableUuid(`${o.seed}/attempt-record/${a.id}/${s.studentId}`) : null;
      attempts.push({
        id,
        student_id: s.studentId,
        school_id: o.schoolId,
        board_id: o.boardId,
        grade: a.grade,
        subject_id: a.subjectId,
        kind: a.kind,
        assessment_id: a.assessmentId,
        assignment_id: a.id,
        question_count: a.questions.length,
        started_at: startedAt,
        deadline_at: deadline,
        finished_at: finishedAt,
        finish_reason: reason,
        marks: finishedAt ? marks : null,
        max_marks: maxMarks(a),
        record_id: recordId,
        answered_count: finishedAt ? answeredCount : null,
        correct_count: finishedAt ? correctCount : null,
      });
      if (finishedAt && recordId) {
        const row = attemptRecord(recordId, {
          attemptId: id,
          studentId: s.studentId,
          schoolId: o.schoolId,
          boardId: o.boardId,
          grade: a.grade,
          subjectId: a.subjectId,
          kind: a.kind,
          startedAt,
          finishedAt,
          answers: forRecord,
          // The record carries the marks at finish: the auto-marked answers (written ones reach the attempt later).
          marks: autoMarks,
        });
        records.set(s.studentId, [...(records.get(s.studentId) ?? []), row]);
      }
    }
  }
  keepOneWaiting(assignments, attempts, answers, o.now);
  // Attempts first: their answers and the learning records point at them.
  await database.copyRows('assessment_attempts', ATTEMPT_COLUMNS, attempts);
  await database.copyRows('attempt_answers', ANSWER_COLUMNS, answers);
  return records;
}

/**
 * The open test's queue is never empty when anyone has written an answer: if chance marked them all,
 * the newest written answer waits again (its marks taken off the attempt's).
 */
function keepOneWaiting(
  assignments: readonly Assignment[],
  attempts: Record<string, unknown>[],
  answers: Record<string, unknown>[],
  now: Date,
): void {
  for (const a of assignments) {
    if (a.closesAt <= now || a.opensAt >= now) continue;
    const mine = new Map(
      attempts.filter((t) => t.assignment_id === a.id && t.finished_at !== null).map((t) => [t.id as string, t]),
    );
    const written = answers.filter((x) => mine.has(x.attempt_id as string) && x.type === 'open_ended' && x.answered_at);
    if (written.length === 0 || written.some((x) => !x.marked_at)) continue;
    const newest = written.reduce((m, x) => ((x.answered_at as Date) > (m.answered_at as Date) ? x : m));
    const attempt = mine.get(newest.attempt_id as string)!;
    attempt.marks = (attempt.marks as number) - (newest.marks as number);
    Object.assign(newest, { marks: null, marked_by: null, marked_at: null, comment: null });
  }
}

const ATTEMPT_COLUMNS = [
  'id',
  'student_id',
  'school_id',
  'board_id',
  'grade',
  'subject_id',
  'kind',
  'assessment_id',
  'assignment_id',
  'question_count',
  'started_at',
  'deadline_at',
  'finished_at',
  'finish_reason',
  'marks',
  'max_marks',
  'record_id',
  'answered_count',
  'correct_count',
] as const;
const ANSWER_COLUMNS = [
  'attempt_id',
  'position',
  'assessment_question_id',
  'type',
  'text',
  'options',
  'answer',
  'solution',
  'served_at',
  'answered_at',
  'chosen',
  'text_answer',
  'correct',
  'marks',
  'marked_by',
  'marked_at',
  'comment',
] as const;
