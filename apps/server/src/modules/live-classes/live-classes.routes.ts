import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponses,
  JoinLiveClassBodySchema,
  LiveAttendanceSchema,
  LiveClassIdParamsSchema,
  LiveClassInputSchema,
  LiveLaunchSchema,
  LiveListSchema,
  LiveRoomParamsSchema,
  LiveSessionSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import type { LiveProviders } from '../../providers/live-class/create-live-providers';
import {
  bbbStandInJoin,
  jitsiStandInRoom,
  jitsiStandInScript,
  STAND_IN_HEADERS,
} from '../../providers/live-class/stand-ins';
import { contentLanguage } from '../../plugins/content-language';
import { joinLiveClass, listLive, liveAttendance, liveClassInRoom, scheduleLiveClass } from './live-classes.service';

const tags = ['live-classes'];

export const liveClassesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; providers: LiveProviders }> = async (
  app,
  { deps, providers },
) => {
  app.get(
    '/live-classes',
    {
      schema: {
        tags,
        summary:
          'The caller’s live classes and educational TV programmes from now to 14 days ahead (live first), and staff’s classes of the last week',
        response: { 200: LiveListSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => listLive(deps, request.principal, contentLanguage(request.headers)),
  );

  app.post(
    '/live-classes',
    {
      schema: {
        tags,
        summary:
          'Schedule a live class for a class (board and grade) of a school with the liveclasses product; it goes on the calendar',
        body: LiveClassInputSchema,
        response: { 201: LiveSessionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await scheduleLiveClass(deps, request.principal, request.body, contentLanguage(request.headers))),
  );

  app.get(
    '/live-classes/rooms/:schoolId/:room',
    {
      schema: {
        tags,
        summary:
          'The live class of a join page (/liveclass/{chain}/{school}/{room}), for whoever sees it on their calendar',
        params: LiveRoomParamsSchema,
        response: { 200: LiveSessionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      liveClassInRoom(
        deps,
        request.principal,
        request.params.schoolId,
        request.params.room,
        contentLanguage(request.headers),
      ),
  );

  app.post(
    '/live-classes/:id/join',
    {
      schema: {
        tags,
        summary:
          'Join a live class with a name: how the page opens the provider (staff as moderators); students’ joins are the register',
        params: LiveClassIdParamsSchema,
        body: JoinLiveClassBodySchema,
        response: { 200: LiveLaunchSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    (request) => joinLiveClass(deps, providers, request.principal, request.params.id, request.body.name),
  );

  app.get(
    '/live-classes/:id/attendance',
    {
      schema: {
        tags,
        summary: 'A live class’s register: its class’s students, who joined and when (staff who see the class)',
        params: LiveClassIdParamsSchema,
        response: { 200: LiveAttendanceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => liveAttendance(deps, request.principal, request.params.id),
  );

  // Development and tests only: the providers' stand-ins (providers/live-class/stand-ins.ts).
  if (!providers.standIns) return;
  const devTags = ['development'];
  app.get(
    '/dev/live/jitsi/external_api.js',
    {
      config: { public: true },
      schema: {
        tags: devTags,
        summary: 'Development only: the Jitsi Meet iframe API’s stand-in',
        produces: ['text/javascript'],
        response: { 200: z.string() },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(jitsiStandInScript()),
  );
  app.get(
    '/dev/live/jitsi/room',
    {
      config: { public: true },
      schema: {
        tags: devTags,
        summary: 'Development only: the Jitsi Meet room’s stand-in page',
        querystring: z.object({ room: z.string().max(100), name: z.string().max(100).default('') }),
        produces: ['text/html'],
        response: { 200: z.string(), ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      reply
        .headers(STAND_IN_HEADERS)
        .type('text/html; charset=utf-8')
        .send(jitsiStandInRoom(request.query.room, request.query.name)),
  );
  app.get(
    '/dev/live/bbb/api/join',
    {
      config: { public: true },
      schema: {
        tags: devTags,
        summary:
          'Development only: BigBlueButton’s join page stand-in; checks the link’s checksum with the stand-in secret',
        produces: ['text/html'],
        response: { 200: z.string(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const html = bbbStandInJoin(request.url.slice(request.url.indexOf('?') + 1));
      if (html === null) throw new AppError('UNAUTHENTICATED', 'The join link’s checksum does not match');
      return reply.headers(STAND_IN_HEADERS).type('text/html; charset=utf-8').send(html);
    },
  );
};
