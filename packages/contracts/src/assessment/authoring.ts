import { QUESTION_TYPES } from '@ki/domain';
import { z } from 'zod';
import { IdParamSchema, IdSchema } from '../common/ids';
import { freeText, lineText } from '../common/text';

/**
 * A teacher's quizzes and tests (access-and-app-shell.md 2.8 "Teacher side", 3 "Quiz (teacher)"):
 * /create-quiz, /quiz-listing, /quiz-detail, /assessment-quiz. A quiz is marked 300/200/100 by time,
 * a test 100 per objective answer and up to 200 per open-ended answer marked by a teacher.
 */
export const ASSESSMENT_KINDS = ['quiz', 'test'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];
export const ASSESSMENT_STATUSES = ['draft', 'published'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

/** At least 4 questions before a quiz can be published ('Add Atleast 4 Questions', spec 5 and 9). */
export const MIN_ASSESSMENT_QUESTIONS = 4;
export const MAX_ASSESSMENT_QUESTIONS = 100;
export const MAX_ASSESSMENT_MINUTES = 300;
/** Uploaded images: PNG, JPEG or WebP, at most 1 MiB (checked by content, not by name). */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 1024 * 1024;

/** An uploaded image id (uuid); images are served by GET /api/v1/images/:id to callers who may see them. */
export const ImageIdSchema = z.uuid();

export const AssessmentQuestionInputSchema = z
  .object({
    type: z.enum(QUESTION_TYPES),
    text: freeText().min(1).max(2000),
    /** Answer options; true/false has exactly two, open-ended none. */
    options: z.array(lineText().min(1).max(300)).max(6),
    /** Indexes of the correct options; empty for open-ended. */
    answer: z.array(z.number().int().min(0).max(5)).max(6),
    solution: freeText().max(2000).default(''),
    imageId: ImageIdSchema.nullable().default(null),
  })
  .superRefine((q, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message, path: ['answer'] });
    if (q.type === 'open_ended') {
      if (q.options.length !== 0 || q.answer.length !== 0) issue('An open-ended question has no options or answer');
      return;
    }
    if (q.type === 'true_false' && q.options.length !== 2) issue('A true/false question has two options');
    if (q.options.length < 2) issue('Add at least two options');
    if (q.answer.some((i) => i >= q.options.length)) issue('The answer must be one of the options');
    if (new Set(q.answer).size !== q.answer.length) issue('An option is marked correct twice');
    if (q.type === 'multiple_select' ? q.answer.length < 1 : q.answer.length !== 1) issue('Mark the correct option');
    if (q.type === 'fill_blank' && !q.text.includes('____')) issue('Write the blank as ____ in the question');
  });
export type AssessmentQuestionInput = z.infer<typeof AssessmentQuestionInputSchema>;

/** POST /assessments and PUT /assessments/:id: the whole quiz, questions in order. */
export const AssessmentInputSchema = z.object({
  /**
   * The school the quiz is for: needed only when the teacher's assignments cover this grade and
   * subject at more than one school (400 otherwise); a teacher of one school may leave it out.
   */
  schoolId: IdSchema.optional(),
  kind: z.enum(ASSESSMENT_KINDS),
  name: lineText().min(1).max(120),
  description: freeText().max(2000).default(''),
  imageId: ImageIdSchema.nullable().default(null),
  boardId: IdSchema,
  grade: z.number().int().min(1).max(12),
  subjectId: IdSchema,
  durationMinutes: z.number().int().min(1).max(MAX_ASSESSMENT_MINUTES),
  questions: z.array(AssessmentQuestionInputSchema).max(MAX_ASSESSMENT_QUESTIONS),
});
export type AssessmentInput = z.infer<typeof AssessmentInputSchema>;

export const AssessmentIdParamsSchema = z.object({ id: IdParamSchema });

/** One row of /quiz-listing. */
export const AssessmentSummarySchema = z.object({
  id: z.number(),
  /** The school the quiz belongs to: it is assigned to classes of this school only. */
  schoolId: z.number(),
  kind: z.enum(ASSESSMENT_KINDS),
  name: z.string(),
  description: z.string(),
  imageId: z.string().nullable(),
  boardId: z.number(),
  boardName: z.string(),
  grade: z.number(),
  subjectId: z.number(),
  subjectName: z.string(),
  durationMinutes: z.number(),
  status: z.enum(ASSESSMENT_STATUSES),
  questionCount: z.number(),
  /** ISO time; the screen shows created-ago in minutes, hours or days. */
  createdAt: z.string(),
  createdBy: z.string(),
  /** Whether the caller may edit, delete, publish and assign it. */
  canEdit: z.boolean(),
  /** Attempts so far over all its assignments; a quiz with attempts can no longer be edited. */
  attemptCount: z.number(),
});
export type AssessmentSummary = z.infer<typeof AssessmentSummarySchema>;

export const AssessmentListQuerySchema = z.object({
  status: z.enum(ASSESSMENT_STATUSES).optional(),
  kind: z.enum(ASSESSMENT_KINDS).optional(),
});
export const AssessmentListResponseSchema = z.object({ assessments: z.array(AssessmentSummarySchema) });
export type AssessmentListResponse = z.infer<typeof AssessmentListResponseSchema>;

export const AssessmentQuestionSchema = z.object({
  id: z.number(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  options: z.array(z.string()),
  answer: z.array(z.number()),
  solution: z.string(),
  imageId: z.string().nullable(),
});
export type AssessmentQuestion = z.infer<typeof AssessmentQuestionSchema>;

/** /quiz-detail and the editor: the quiz with its questions and answer keys (staff only). */
export const AssessmentDetailSchema = AssessmentSummarySchema.extend({
  questions: z.array(AssessmentQuestionSchema),
  assignments: z.array(
    z.object({
      id: z.number(),
      schoolId: z.number(),
      grade: z.number(),
      section: z.string().nullable(),
      opensAt: z.string(),
      closesAt: z.string(),
      attemptCount: z.number(),
    }),
  ),
  /** The link a teacher shares: the student's join page of this quiz (/assessment/quiz/:id or /assessment/test/:id). */
  sharePath: z.string(),
});
export type AssessmentDetail = z.infer<typeof AssessmentDetailSchema>;

/** POST /assessments/:id/assignments: set a published quiz for a class between two times. */
export const AssignmentInputSchema = z
  .object({
    schoolId: IdSchema,
    grade: z.number().int().min(1).max(12),
    /** Null: every section of the grade. */
    section: lineText().min(1).max(10).nullable().default(null),
    opensAt: z.iso.datetime({ offset: true }),
    closesAt: z.iso.datetime({ offset: true }),
  })
  .refine((a) => Date.parse(a.closesAt) > Date.parse(a.opensAt), {
    message: 'The closing time must be after the opening time',
    path: ['closesAt'],
  });
export type AssignmentInput = z.infer<typeof AssignmentInputSchema>;

/** POST /images: the uploaded image's id (multipart field `file`). */
export const ImageUploadResponseSchema = z.object({
  id: z.string(),
  contentType: z.enum(IMAGE_CONTENT_TYPES),
  byteSize: z.number(),
});
export type ImageUploadResponse = z.infer<typeof ImageUploadResponseSchema>;

/**
 * GET /assessments/classes: the classes the caller may write quizzes for, assign them to and read
 * reports of, one row per school, board and grade: a teacher's assignments (with the subjects each
 * covers), every grade of a principal's schools, every grade of a super-admin's chain (subjects
 * empty for those who do not write quizzes). The editor's board, grade and subject, the assignment
 * form's school, grade and section, and the reports' class filter read it.
 */
export const AssessmentClassesResponseSchema = z.object({
  classes: z.array(
    z.object({
      schoolId: z.number(),
      schoolName: z.string(),
      /** The school's IANA time zone: assignments open and close at times of day there. */
      timeZone: z.string(),
      boardId: z.number(),
      boardName: z.string(),
      grade: z.number(),
      /** Sections with students enrolled in the grade, in order. */
      sections: z.array(z.string()),
      /** Subjects of the board and grade the caller may write quizzes for, named in the request's language. */
      subjects: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  ),
});
export type AssessmentClassesResponse = z.infer<typeof AssessmentClassesResponseSchema>;
export type AssessmentClass = AssessmentClassesResponse['classes'][number];
