import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponses,
  GradeLeaderboardParamsSchema,
  GradeLeaderboardSettingSchema,
  LeaderboardQuerySchema,
  LeaderboardResponseSchema,
  LeaderboardSettingSchema,
  LeaderboardSettingsResponseSchema,
  SchoolIdParamsSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { leaderboard, leaderboardSettings, setGradeLeaderboardMode, setLeaderboardMode } from './leaderboard.service';

export const leaderboardRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/leaderboard',
    {
      schema: {
        tags: ['leaderboard'],
        summary: 'The signed-in student’s class leaderboard: top 100, 10 a page, and their own rank',
        querystring: LeaderboardQuerySchema,
        response: { 200: LeaderboardResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => leaderboard(deps, request.principal, request.query.page),
  );
  app.put(
    '/schools/:id/leaderboard',
    {
      schema: {
        tags: ['leaderboard'],
        summary: 'Turn a school’s leaderboard off, or show other students by initials only (its principal)',
        params: SchoolIdParamsSchema,
        body: LeaderboardSettingSchema,
        response: {
          200: z.object({ schoolId: z.number(), mode: LeaderboardSettingSchema.shape.mode }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    (request) => setLeaderboardMode(deps, request.principal, request.params.id, request.body.mode),
  );
  app.get(
    '/schools/:id/leaderboard',
    {
      schema: {
        tags: ['leaderboard'],
        summary: 'A school’s leaderboard setting and each grade’s own (its principal)',
        params: SchoolIdParamsSchema,
        response: { 200: LeaderboardSettingsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => leaderboardSettings(deps, request.principal, request.params.id),
  );
  app.put(
    '/schools/:id/leaderboard/grades/:grade',
    {
      schema: {
        tags: ['leaderboard'],
        summary: 'Turn one grade’s leaderboard off or to initials, or (null) let it follow the school (its principal)',
        params: GradeLeaderboardParamsSchema,
        body: GradeLeaderboardSettingSchema,
        response: { 200: LeaderboardSettingsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      setGradeLeaderboardMode(deps, request.principal, request.params.id, request.params.grade, request.body.mode),
  );
};
