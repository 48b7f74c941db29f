import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ProfileResponseSchema, UpdateProfileBodySchema } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { getProfile, updateProfile } from './profile.service';

export const profileRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/me/profile',
    {
      schema: {
        tags: ['me'],
        summary: 'The signed-in user’s profile: personal details, parents, learn and practice progress',
        response: { 200: ProfileResponseSchema, ...errorResponses(401) },
      },
    },
    (request) => getProfile(deps, request.principal),
  );
  app.put(
    '/me/profile',
    {
      schema: {
        tags: ['me'],
        summary: 'Change one’s own name, email and preferred language',
        body: UpdateProfileBodySchema,
        response: { 200: ProfileResponseSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => updateProfile(deps, request.principal, request.body),
  );
};
