import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClassRoomParamsSchema, ClassRoomSchema, errorResponses } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { contentLanguage } from '../../plugins/content-language';
import { classRoom } from './class-rooms.service';

export const classRoomsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/class-rooms/:schoolId/:boardId/:grade/:section',
    {
      schema: {
        tags: ['class-rooms'],
        summary:
          'A class room: the class’s students, its assigned quizzes and tests, and its calendar for two weeks (its teachers, the school’s principals, the chain’s super-admin)',
        params: ClassRoomParamsSchema,
        response: { 200: ClassRoomSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => classRoom(deps, request.principal, request.params, contentLanguage(request.headers)),
  );
};
