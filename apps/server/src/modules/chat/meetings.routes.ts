import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponses,
  MeetingParamsSchema,
  MeetingSchema,
  MeetingsSchema,
  ScheduleMeetingSchema,
} from '@ki/contracts';
import type { MeetingsService } from './meetings.service';

const tags = ['chat'];
const errors = errorResponses(400, 401, 403, 404);

/** Staff meetings (issue #25): scheduled and cancelled over HTTP; joined on the socket (meetings.socket.ts). */
export const meetingsRoutes: FastifyPluginAsyncZod<{ meetings: MeetingsService }> = async (app, { meetings }) => {
  app.get(
    '/chat/meetings',
    {
      schema: {
        tags,
        summary: 'The caller’s coming and running meetings, soonest first',
        response: { 200: MeetingsSchema, ...errors },
      },
    },
    (request) => meetings.list(request.principal),
  );
  app.get(
    '/chat/meetings/:meetingId',
    {
      schema: {
        tags,
        summary: 'A meeting the caller is invited to',
        params: MeetingParamsSchema,
        response: { 200: MeetingSchema, ...errors },
      },
    },
    (request) => meetings.get(request.principal, request.params.meetingId),
  );
  app.post(
    '/chat/meetings',
    {
      schema: {
        tags,
        summary:
          'Schedules a meeting with colleagues of the caller’s chain (the caller organises it); everyone invited gets refresh-meetings',
        body: ScheduleMeetingSchema,
        response: { 201: MeetingSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await meetings.schedule(request.principal, request.body)),
  );
  app.delete(
    '/chat/meetings/:meetingId',
    {
      schema: {
        tags,
        summary: 'Cancels a meeting (its organiser); whoever is in it is taken out',
        params: MeetingParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await meetings.cancel(request.principal, request.params.meetingId);
      return reply.status(204).send(null);
    },
  );
};
