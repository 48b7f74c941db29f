import { z } from 'zod';
import { IdParamSchema } from '../common/ids';
import { freeText, lineText } from '../common/text';

/**
 * School notices (issue #26, "Broadcasts"; access-and-app-shell.md 2.1 /broadcast, the concepts
 * home's post rail): staff post an announcement (a title, text, a link) to chosen grades of their
 * school; the grades' students see it on their home, their parents on the parent dashboard; the
 * sender sees how many have read it. Pictures are not built yet.
 */
export const BROADCAST_TITLE_MAX = 120;
export const BROADCAST_BODY_MAX = 2000;
export const BROADCAST_URL_MAX = 500;
export const BROADCAST_TITLE_REQUIRED = 'Please enter a title';
export const BROADCAST_GRADES_REQUIRED = 'Choose at least one grade';
export const BROADCAST_LINK_HTTPS = 'The link must start with https://';

/** POST /api/v1/schools/:id/broadcasts */
export const CreateBroadcastBodySchema = z.object({
  title: lineText().min(1, BROADCAST_TITLE_REQUIRED).max(BROADCAST_TITLE_MAX),
  body: freeText().max(BROADCAST_BODY_MAX).default(''),
  /** A page to open (a form, a circular); empty for none. */
  linkUrl: z
    .string()
    .trim()
    .max(BROADCAST_URL_MAX)
    .regex(/^(https:\/\/[^\s/?#]+[^\s]*)?$/, BROADCAST_LINK_HTTPS)
    .default('')
    .transform((v) => (v === '' ? null : v)),
  /** The grades of the school it is for, each once. */
  grades: z
    .array(z.number().int().min(1).max(12))
    .min(1, BROADCAST_GRADES_REQUIRED)
    .max(12)
    .transform((g) => [...new Set(g)].sort((a, b) => a - b)),
});
export type CreateBroadcastBody = z.input<typeof CreateBroadcastBodySchema>;

/** A notice's picture: PNG, JPEG or WebP (read from its bytes), at most 2 MB. */
export const BROADCAST_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const BROADCAST_PICTURE_MAX_BYTES = 2 * 1024 * 1024;

export const BroadcastSchema = z.object({
  id: z.number(),
  schoolId: z.number(),
  title: z.string(),
  body: z.string(),
  linkUrl: z.string().nullable(),
  /** A picture is at GET /api/v1/broadcasts/:id/picture. */
  hasPicture: z.boolean(),
  grades: z.array(z.number()),
  /** Who posted it, by name ('' once their account is gone). */
  author: z.string(),
  createdAt: z.string(),
});
export type Broadcast = z.infer<typeof BroadcastSchema>;

/** A notice as staff see it: who has read it, of whom it was for, and whether the caller may delete it. */
export const StaffBroadcastSchema = BroadcastSchema.extend({
  /** Students of those grades at the school now. */
  students: z.number(),
  /** Of them, those who opened it; and parents who opened it. */
  studentsRead: z.number(),
  parentsRead: z.number(),
  canDelete: z.boolean(),
});
export type StaffBroadcast = z.infer<typeof StaffBroadcastSchema>;

/** GET /api/v1/schools/:id/broadcasts: the school's notices the caller may see, newest first. */
export const SchoolBroadcastsSchema = z.object({
  schoolId: z.number(),
  /** The grades the caller may post to (a teacher's assigned grades; all the school's for a principal). */
  grades: z.array(z.number()),
  broadcasts: z.array(StaffBroadcastSchema),
});
export type SchoolBroadcasts = z.infer<typeof SchoolBroadcastsSchema>;

/** GET /api/v1/me/broadcasts: the notices for a student's grade, or a parent's children, newest first. */
export const MyBroadcastsSchema = z.object({
  broadcasts: z.array(
    BroadcastSchema.extend({
      read: z.boolean(),
      /** For a parent: the children it is for, by first name; empty for a student. */
      children: z.array(z.string()),
    }),
  ),
  unread: z.number(),
});
export type MyBroadcasts = z.infer<typeof MyBroadcastsSchema>;

export const BroadcastIdParamsSchema = z.object({ id: IdParamSchema });
