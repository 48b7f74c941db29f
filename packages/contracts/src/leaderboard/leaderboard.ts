import { z } from 'zod';

/** Leaderboard constants (dashboards.md 9): the top 100, 10 a page. */
export const LEADERBOARD_SIZE = 100;
export const LEADERBOARD_PAGE_SIZE = 10;
/** How a school's leaderboard names students: full names, initials only, or no leaderboard. */
export const LEADERBOARD_MODES = ['full', 'initials', 'off'] as const;
export type LeaderboardMode = (typeof LEADERBOARD_MODES)[number];
/** The avatars a user can pick (users.avatar). */
export const AVATARS = ['scientist', 'engineer', 'doctor', 'default'] as const;
export type AvatarName = (typeof AVATARS)[number];

export const LeaderboardQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10).default(1) });

const Avatar = z.enum(AVATARS);

/** GET /api/v1/leaderboard: the signed-in student's class (same school, board and grade). */
export const LeaderboardResponseSchema = z.object({
  /** false when the school has turned its leaderboard off. */
  enabled: z.boolean(),
  me: z.object({
    firstName: z.string(),
    grade: z.number(),
    boardName: z.string(),
    /** 0 when the student has no score yet (shown as NA). */
    rank: z.number(),
    score: z.number(),
    avatar: Avatar,
  }),
  page: z.number(),
  pageCount: z.number(),
  /** Students ranked, at most 100. */
  total: z.number(),
  entries: z.array(
    z.object({ rank: z.number(), name: z.string(), avatar: Avatar, score: z.number(), isMe: z.boolean() }),
  ),
});
export type LeaderboardResponse = z.infer<typeof LeaderboardResponseSchema>;

/** PUT /api/v1/schools/:id/leaderboard: the principal's setting for the school. */
export const LeaderboardSettingSchema = z.object({ mode: z.enum(LEADERBOARD_MODES) });
