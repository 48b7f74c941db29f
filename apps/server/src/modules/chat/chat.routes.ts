import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddMembersSchema,
  CHAT_FILE_MAX_BYTES,
  CHAT_FILE_TYPES,
  CHAT_PICTURE_MAX_BYTES,
  ChatFileParamsSchema,
  ChatMessageSchema,
  ChatRoomSchema,
  ChatUnreadSchema,
  ColleaguesQuerySchema,
  ColleaguesResponseSchema,
  CreateGroupSchema,
  DirectRoomSchema,
  errorResponses,
  FavoriteSchema,
  MessagesPageSchema,
  MessagesQuerySchema,
  PostMessageSchema,
  RenameGroupSchema,
  RoomDetailSchema,
  RoomIdParamsSchema,
  RoomMemberParamsSchema,
  RoomsPageSchema,
  RoomsQuerySchema,
} from '@ki/contracts';
import { uploadLimits } from '../../lib/multipart-upload';
import type { ChatService } from './chat.service';

const tags = ['chat'];
const errors = errorResponses(400, 401, 403, 404);

/** Staff chat (issue #25): every change is an HTTP call; the socket delivers it (chat.socket.ts). */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  // Multipart only on these routes (this plugin's own context); the limits are checked again per call.
  await app.register(fastifyMultipart, { limits: uploadLimits(CHAT_FILE_MAX_BYTES), throwFileSizeLimit: true });

  app.get(
    '/chat/rooms',
    {
      schema: {
        tags,
        summary: 'The caller’s rooms and groups, newest activity first, 30 a page (spec 7, 9)',
        querystring: RoomsQuerySchema,
        response: { 200: RoomsPageSchema, ...errors },
      },
    },
    (request) => chat.rooms(request.principal, request.query),
  );
  app.get(
    '/chat/rooms/:roomId',
    {
      schema: {
        tags,
        summary: 'A room of the caller’s and its people, with who is online',
        params: RoomIdParamsSchema,
        response: { 200: RoomDetailSchema, ...errors },
      },
    },
    (request) => chat.room(request.principal, request.params.roomId),
  );
  app.post(
    '/chat/rooms/direct',
    {
      schema: {
        tags,
        summary: 'The one-to-one room with a colleague of the caller’s chain, made on first use (201) or found (200)',
        body: DirectRoomSchema,
        response: { 200: ChatRoomSchema, 201: ChatRoomSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { room, created } = await chat.direct(request.principal, request.body.userId);
      return reply.status(created ? 201 : 200).send(room);
    },
  );
  app.post(
    '/chat/groups',
    {
      schema: {
        tags,
        summary: 'A new group of colleagues of the caller’s chain; the caller is its creator',
        body: CreateGroupSchema,
        response: { 201: ChatRoomSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await chat.createGroup(request.principal, request.body)),
  );
  app.put(
    '/chat/groups/:roomId/name',
    {
      schema: {
        tags,
        summary: 'Renames a group (its creator)',
        params: RoomIdParamsSchema,
        body: RenameGroupSchema,
        response: { 200: RoomDetailSchema, ...errors },
      },
    },
    (request) => chat.rename(request.principal, request.params.roomId, request.body.name),
  );
  app.put(
    '/chat/groups/:roomId/picture',
    {
      schema: {
        tags,
        summary:
          'Sets a group’s picture (its creator; multipart "file": PNG, JPEG or WebP of at most 2 MB, the type read from its bytes)',
        consumes: ['multipart/form-data'],
        params: RoomIdParamsSchema,
        response: { 200: RoomDetailSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    (request) =>
      chat.setPicture(request.principal, request.params.roomId, () =>
        request.parts({ limits: uploadLimits(CHAT_PICTURE_MAX_BYTES) }),
      ),
  );
  app.delete(
    '/chat/groups/:roomId/picture',
    {
      schema: {
        tags,
        summary: 'Takes a group’s picture away (its creator)',
        params: RoomIdParamsSchema,
        response: { 200: RoomDetailSchema, ...errors },
      },
    },
    (request) => chat.removePicture(request.principal, request.params.roomId),
  );
  app.post(
    '/chat/groups/:roomId/members',
    {
      schema: {
        tags,
        summary: 'Adds colleagues to a group (its creator)',
        params: RoomIdParamsSchema,
        body: AddMembersSchema,
        response: { 200: RoomDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => chat.addMembers(request.principal, request.params.roomId, request.body.userIds),
  );
  app.delete(
    '/chat/groups/:roomId/members/:userId',
    {
      schema: {
        tags,
        summary: 'Takes someone out of a group (its creator), or leaves it (any member, their own id)',
        params: RoomMemberParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await chat.removeMember(request.principal, request.params.roomId, request.params.userId);
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/chat/rooms/:roomId/favorite',
    {
      schema: {
        tags,
        summary: 'Marks a room as a favorite of the caller’s, or not',
        params: RoomIdParamsSchema,
        body: FavoriteSchema,
        response: { 200: FavoriteSchema, ...errors },
      },
    },
    (request) => chat.favorite(request.principal, request.params.roomId, request.body.favorite),
  );
  app.get(
    '/chat/rooms/:roomId/messages',
    {
      schema: {
        tags,
        summary: 'A room’s messages, 50 a page, older pages by keyset',
        params: RoomIdParamsSchema,
        querystring: MessagesQuerySchema,
        response: { 200: MessagesPageSchema, ...errors },
      },
    },
    (request) => chat.messages(request.principal, request.params.roomId, request.query.before),
  );
  app.post(
    '/chat/rooms/:roomId/messages',
    {
      schema: {
        tags,
        summary:
          'Posts a message to a room of the caller’s and delivers it live; a retry with the same clientId posts it once',
        params: RoomIdParamsSchema,
        body: PostMessageSchema,
        response: { 201: ChatMessageSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await chat.post(request.principal, request.params.roomId, request.body)),
  );
  app.post(
    '/chat/rooms/:roomId/files',
    {
      schema: {
        tags,
        summary:
          'Posts a picture (PNG, JPEG, WebP), a PDF or a Word, Excel or PowerPoint file of at most 5 MB to a room (multipart: "file", "clientId", optional "text"); the type is read from its bytes',
        consumes: ['multipart/form-data'],
        params: RoomIdParamsSchema,
        response: { 201: ChatMessageSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await chat.attach(request.principal, request.params.roomId, () =>
            request.parts({ limits: uploadLimits(CHAT_FILE_MAX_BYTES) }),
          ),
        ),
  );
  app.get(
    '/chat/files/:fileId',
    {
      schema: {
        tags,
        summary: 'An attached file’s bytes, to the current members of the room it was posted in',
        params: ChatFileParamsSchema,
        produces: [...CHAT_FILE_TYPES],
        response: { 200: z.string().describe('The file'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { bytes, name, contentType } = await chat.file(request.principal, request.params.fileId);
      // Pictures show in the page; documents download under their name (never rendered by the browser as a page).
      const disposition = contentType.startsWith('image/') ? 'inline' : 'attachment';
      return reply
        .header('content-type', contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(bytes as never);
    },
  );
  app.post(
    '/chat/rooms/:roomId/read',
    {
      schema: {
        tags,
        summary: 'The caller opened the room: its unread count clears on every tab and device',
        params: RoomIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await chat.read(request.principal, request.params.roomId);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/chat/unread',
    {
      schema: {
        tags,
        summary: 'The caller’s unread messages over their rooms (the navigation’s count)',
        response: { 200: ChatUnreadSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => chat.unread(request.principal),
  );
  app.get(
    '/chat/colleagues',
    {
      schema: {
        tags,
        summary: 'Staff of the caller’s chain to chat with, by name, with who is online',
        querystring: ColleaguesQuerySchema,
        response: { 200: ColleaguesResponseSchema, ...errors },
      },
    },
    (request) => chat.colleagues(request.principal, request.query.q),
  );
};
