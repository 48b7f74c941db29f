import { z } from 'zod';
import { LANGUAGES } from '@ki/domain';

/**
 * PUT /api/v1/me/language: the signed-in user's one language, for the interface and the content
 * alike (issue #30). It must be one of the languages their school activates (all six for a user
 * without a school); otherwise 400 LANGUAGE_NOT_OFFERED. Answers the updated MeResponse.
 */
export const PutLanguageBodySchema = z.strictObject({
  language: z.enum(LANGUAGES, 'Please select Language'),
});
export type PutLanguageBody = z.infer<typeof PutLanguageBodySchema>;
