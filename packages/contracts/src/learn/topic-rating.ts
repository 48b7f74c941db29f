import { z } from 'zod';
import { IdParamSchema } from '../common/ids';

/** GET / PUT /api/v1/learn/topics/:id/rating: the student's 1-5 rating of a topic ("rate us"). */
export const TopicIdParamsSchema = z.object({ id: IdParamSchema });
export const PutTopicRatingBodySchema = z.object({ rating: z.number().int().min(1).max(5) });
export const TopicRatingResponseSchema = z.object({
  topicId: z.number(),
  rating: z.number().int().min(1).max(5).nullable(),
});
export type TopicRatingResponse = z.infer<typeof TopicRatingResponseSchema>;
