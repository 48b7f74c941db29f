import { QUESTION_TYPES } from '@ki/domain';
import { z } from 'zod';
import { IdParamSchema, IdSchema } from '../common/ids';
import { freeText } from '../common/text';
import { ASSESSMENT_KINDS } from './authoring';

/**
 * A student's attempts (access-and-app-shell.md 2.8 quizzes home, join pages, question pages with
 * the question-status panel, completion and report; 4.9 submit / abort / resume, power-ups, full
 * screen). The attempt lives on the server: every read answers the whole state, so the page resumes
 * on any device. Answers are timed by the server (served -> arrived); the answer key of a question
 * is sent only once its answer is final (a quiz question once answered, a test after submission).
 */

/** Practice: questions per attempt and the time allowed (docs/DECISIONS.md "Assessment"). */
export const PRACTICE_QUIZ_QUESTIONS = 10;
export const PRACTICE_TEST_QUESTIONS = 20;
export const PRACTICE_QUIZ_MINUTES = 5;
export const PRACTICE_TEST_MINUTES = 20;
/** Seconds of network delay forgiven on each quiz answer before the 10 s / 20 s bands apply. */
export const ANSWER_NETWORK_ALLOWANCE_SECONDS = 1;
/** Seconds an answer may arrive after the deadline and still count (a request already on its way). */
export const DEADLINE_GRACE_SECONDS = 3;
/** Timer power-up: seconds that do not count on the current quiz question; on a test, seconds added to the deadline. */
export const TIMER_QUIZ_BONUS_SECONDS = 10;
export const TIMER_TEST_BONUS_SECONDS = 60;

/** Practice from the question bank, or a quiz or test a teacher assigned. */
export const ATTEMPT_MODES = ['practice', 'assigned'] as const;
export type AttemptMode = (typeof ATTEMPT_MODES)[number];
export const POWER_UPS = ['timer', 'fifty_fifty'] as const;
export type PowerUp = (typeof POWER_UPS)[number];
export const FINISH_REASONS = ['submitted', 'time_up', 'left_full_screen', 'aborted'] as const;
export type FinishReason = (typeof FINISH_REASONS)[number];
/** The question-status panel (spec 3). `current` is the page's own; the server sends the others. */
export const QUESTION_STATUSES = ['answered', 'unanswered', 'review', 'not_visited'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

export const AttemptIdParamsSchema = z.object({ id: z.uuid() });
export const AttemptQuestionParamsSchema = z.object({
  id: z.uuid(),
  position: z.coerce.number().int().min(1).max(100),
});

/** POST /assessment/practice: a practice quiz or test of one of the student's subjects. */
export const StartPracticeSchema = z.object({ kind: z.enum(ASSESSMENT_KINDS), subjectId: IdSchema });
/** POST /assessment/assignments/:id/attempt: start (or resume) an assigned quiz or test. */
export const AssignmentIdParamsSchema = z.object({ id: IdParamSchema });

/**
 * One question as the student sees it: never its key before its answer is final. A quiz question's
 * text, options and image are empty until it is viewed (POST .../view starts its clock, so reading
 * ahead would beat the clock); a test's are always there.
 */
export const AttemptQuestionSchema = z.object({
  position: z.number(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  options: z.array(z.string()),
  imageId: z.string().nullable(),
  status: z.enum(QUESTION_STATUSES),
  bookmarked: z.boolean(),
  /** Options 50-50 took away (indexes). */
  removedOptions: z.array(z.number()),
  chosen: z.array(z.number()).nullable(),
  textAnswer: z.string().nullable(),
  /** Once the answer is final (quiz: answered; test: after submission): the key and the result. */
  result: z
    .object({
      answer: z.array(z.number()),
      solution: z.string(),
      correct: z.boolean().nullable(),
      /** Null for an open-ended answer not yet marked ('feedback comes later'). */
      marks: z.number().nullable(),
      maxMarks: z.number(),
      /** Server-timed seconds from serving to the answer (after the network allowance and Timer). */
      seconds: z.number().nullable(),
      comment: z.string().nullable(),
    })
    .nullable(),
});
export type AttemptQuestion = z.infer<typeof AttemptQuestionSchema>;

/** GET /assessment/attempts/:id and every attempt write: the whole attempt. */
export const AttemptSchema = z.object({
  id: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  mode: z.enum(ATTEMPT_MODES),
  name: z.string(),
  subject: z.object({ id: z.number(), slug: z.string(), name: z.string() }),
  questionCount: z.number(),
  startedAt: z.string(),
  deadlineAt: z.string(),
  /** The server's clock when it answered, so the page's countdown does not trust the device's. */
  serverNow: z.string(),
  finishedAt: z.string().nullable(),
  finishReason: z.enum(FINISH_REASONS).nullable(),
  powerUps: z.object({
    timer: z.object({ usedOn: z.number().nullable() }),
    fiftyFifty: z.object({ usedOn: z.number().nullable() }),
  }),
  marks: z.number().nullable(),
  maxMarks: z.number(),
  /** Open-ended answers a teacher has still to mark. */
  awaitingMarking: z.number(),
  questions: z.array(AttemptQuestionSchema),
});
export type Attempt = z.infer<typeof AttemptSchema>;

/** POST /assessment/attempts/:id/questions/:position/view: the question was shown (starts its clock once). */
/** PUT /assessment/attempts/:id/questions/:position/answer */
export const AnswerSchema = z.object({
  chosen: z.array(z.number().int().min(0).max(5)).max(6).nullable().default(null),
  /** Open-ended questions only. */
  textAnswer: freeText().max(5000).nullable().default(null),
});
export type AnswerInput = z.infer<typeof AnswerSchema>;

/** PATCH /assessment/attempts/:id/questions/:position: the panel's flags. */
export const QuestionFlagsSchema = z.object({ review: z.boolean().optional(), bookmarked: z.boolean().optional() });

/** POST /assessment/attempts/:id/power-ups: use Timer or 50-50 on a question, once per attempt. */
export const UsePowerUpSchema = z.object({ powerUp: z.enum(POWER_UPS), position: z.number().int().min(1).max(100) });

/** POST /assessment/attempts/:id/finish: submit, abort, or the page left full screen during a test. */
export const FinishAttemptSchema = z.object({ reason: z.enum(['submitted', 'left_full_screen', 'aborted']) });

/** GET /assessment/home: the quizzes home (practice, assigned, the open attempt to resume). */
export const AssessmentHomeSchema = z.object({
  subjects: z.array(
    z.object({ id: z.number(), slug: z.string(), name: z.string(), theme: z.string(), quizQuestions: z.number() }),
  ),
  /** Quizzes and tests teachers assigned to the student's class, open now or opening later; empty = 'no quizzes assigned'. */
  assigned: z.array(
    z.object({
      assignmentId: z.number(),
      assessmentId: z.number(),
      kind: z.enum(ASSESSMENT_KINDS),
      name: z.string(),
      description: z.string(),
      imageId: z.string().nullable(),
      subjectName: z.string(),
      questionCount: z.number(),
      durationMinutes: z.number(),
      opensAt: z.string(),
      closesAt: z.string(),
      /** not_open, open, started (resume), finished. */
      state: z.enum(['not_open', 'open', 'started', 'finished', 'closed']),
      attemptId: z.string().nullable(),
    }),
  ),
  openAttempt: z
    .object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(ASSESSMENT_KINDS),
      mode: z.enum(ATTEMPT_MODES),
      deadlineAt: z.string(),
    })
    .nullable(),
  /** The student's finished attempts, newest first (at most 20). */
  recent: z.array(
    z.object({
      id: z.string(),
      /** The quiz's name; for practice, the subject's (the page says "Practice quiz" or "Practice test" by `mode` and `kind`). */
      name: z.string(),
      kind: z.enum(ASSESSMENT_KINDS),
      mode: z.enum(ATTEMPT_MODES),
      finishedAt: z.string(),
      /** Null for an aborted attempt (it counts nowhere). */
      marks: z.number().nullable(),
      maxMarks: z.number(),
      awaitingMarking: z.number(),
    }),
  ),
});
export type AssessmentHome = z.infer<typeof AssessmentHomeSchema>;

/**
 * GET /assessment/join/:assessmentId: the join page of a shared quiz or test (/assessment/quiz/:id,
 * /assessment/test/:id): what it is, and the assignment to the student's class (null when it is not
 * set for their class: the page says so).
 */
export const JoinInfoSchema = z.object({
  assessmentId: z.number(),
  kind: z.enum(ASSESSMENT_KINDS),
  name: z.string(),
  description: z.string(),
  imageId: z.string().nullable(),
  subjectName: z.string(),
  questionCount: z.number(),
  durationMinutes: z.number(),
  assignment: AssessmentHomeSchema.shape.assigned.element.nullable(),
});
export type JoinInfo = z.infer<typeof JoinInfoSchema>;
export const AssessmentIdPathSchema = z.object({ assessmentId: IdParamSchema });
