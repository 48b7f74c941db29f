import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CalendarEventInputSchema,
  CalendarEventParamsSchema,
  CalendarEventSchema,
  CalendarEventsQuerySchema,
  CalendarEventsResponseSchema,
  CalendarFeedLinkSchema,
  CalendarFeedParamsSchema,
  CalendarFeedStatusSchema,
  errorResponses,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { contentLanguage } from '../../plugins/content-language';
import * as calendar from './calendar.service';

export const calendarRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/calendar/events',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'Calendar events overlapping [from, to) (at most 62 days) the caller sees: a student’s school and class, a parent’s children’s, a teacher’s grades, a principal’s schools, a super-admin’s chain',
        querystring: CalendarEventsQuerySchema,
        response: { 200: CalendarEventsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => calendar.listEvents(deps, request.principal, request.query, contentLanguage(request.headers)),
  );

  app.post(
    '/calendar/events',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'Put an event on a school’s calendar: the whole school (principals, super-admins) or a class the caller teaches',
        body: CalendarEventInputSchema,
        response: { 201: CalendarEventSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await calendar.createEvent(deps, request.principal, request.body, contentLanguage(request.headers))),
  );

  app.put(
    '/calendar/events/:eventId',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'Change an event as a whole: its author while they teach the class, the school’s principal, the chain’s super-admin',
        params: CalendarEventParamsSchema,
        body: CalendarEventInputSchema,
        response: { 200: CalendarEventSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      calendar.updateEvent(
        deps,
        request.principal,
        request.params.eventId,
        request.body,
        contentLanguage(request.headers),
      ),
  );

  app.delete(
    '/calendar/events/:eventId',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Delete an event (who may change it may delete it)',
        params: CalendarEventParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await calendar.deleteEvent(deps, request.principal, request.params.eventId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/calendar/feed',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Whether the caller has a private calendar link (for a phone calendar), and since when',
        response: { 200: CalendarFeedStatusSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => calendar.feedStatus(deps, request.principal),
  );

  app.post(
    '/calendar/feed',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Make a new private calendar link (shown only now); the caller’s old link stops working',
        response: { 201: CalendarFeedLinkSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await calendar.makeFeed(deps, request.principal, `${request.protocol}://${request.host}`)),
  );

  app.delete(
    '/calendar/feed',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Turn the caller’s private calendar link off',
        response: { 204: z.null(), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await calendar.stopFeed(deps, request.principal);
      return reply.status(204).send(null);
    },
  );

  // A phone calendar app fetches this without a session: the secret in the path is the key.
  app.get(
    '/calendar/feed/:token',
    {
      config: { public: true },
      schema: {
        tags: ['calendar'],
        summary:
          'A private calendar link: the owner’s events as iCalendar (RFC 5545), from 30 days ago to a year ahead',
        params: CalendarFeedParamsSchema,
        produces: ['text/calendar'],
        response: { 200: z.string().describe('An iCalendar document'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(await calendar.feedDocument(deps, request.params.token, `${request.protocol}://${request.host}`)),
  );
};
