import { z } from 'zod';
import { IdParamSchema, IdSchema } from '../common/ids';
import { freeText, lineText } from '../common/text';
import { CHAT_FILE_TYPES } from './file-types';

/**
 * Staff chat (issue #25; access-and-app-shell.md 2.1 /chat, 2.8 communication, 3 chat room and
 * group, 4.8 unread counts, 5 'Group name required!' and 'You must select some people!', 7 the
 * rooms list call and the realtime socket, 8 'New group created.', 9 room list limit 30).
 *
 * Teachers, principals and super-admins of one school chain talk to each other in one-to-one rooms
 * and groups. Everything that changes something goes over HTTP (validated, authorized, rate-limited,
 * answered with a stable error); the app's one Socket.IO connection only delivers what happened:
 * a new message, a room read in another tab, the room list changed, a colleague came online.
 */

/** Rooms a page of the rooms list holds (spec 9: chat room list limit 30). */
export const CHAT_ROOMS_PAGE = 30;
/** Messages a page of a room's history holds. */
export const CHAT_MESSAGES_PAGE = 50;
export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_GROUP_NAME_MAX = 60;
/** People a group holds, its creator included. */
export const CHAT_GROUP_MAX_MEMBERS = 100;
/** Messages one person may post in a minute, over all their rooms. */
export const CHAT_MESSAGES_PER_MINUTE = 30;
/** Colleagues the people picker lists at once (a search narrows it). */
export const CHAT_COLLEAGUES_LIMIT = 50;
/** How often a server sends the chain's presence changes. */
export const CHAT_PRESENCE_BATCH_MS = 3000;
/** The spec's texts (5) for a group without a name or without people. */
export const GROUP_NAME_REQUIRED = 'Group name required!';
export const GROUP_MEMBERS_REQUIRED = 'You must select some people!';

export const CHAT_ROOM_KINDS = ['direct', 'group'] as const;
export type ChatRoomKind = (typeof CHAT_ROOM_KINDS)[number];

export const RoomIdParamsSchema = z.object({ roomId: IdParamSchema });
export const RoomMemberParamsSchema = z.object({ roomId: IdParamSchema, userId: IdParamSchema });

/** Where the next page of the rooms list starts: the last room's activity (ms) and id, as "ms.id". */
export const RoomsCursorSchema = z.string().regex(/^\d{1,15}\.\d{1,10}$/, 'Not a rooms list position');

export const RoomsQuerySchema = z.object({
  /** Only the caller's favorite rooms. */
  favorites: z.enum(['true', 'false']).optional(),
  before: RoomsCursorSchema.optional(),
});

export const ChatFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.enum(CHAT_FILE_TYPES),
  byteSize: z.number(),
});
export type ChatFile = z.infer<typeof ChatFileSchema>;
export const ChatFileParamsSchema = z.object({ fileId: z.uuid() });

/** The text fields sent beside an attachment (multipart): the device's id for the message, an optional caption. */
export const AttachmentFieldsSchema = z.object({
  clientId: z.uuid(),
  text: freeText().max(CHAT_MESSAGE_MAX, `A message is at most ${CHAT_MESSAGE_MAX} characters`).default(''),
});

export const ChatMessageSchema = z.object({
  id: z.number(),
  roomId: z.number(),
  /** Null once the sender's account is gone. */
  senderId: z.number().nullable(),
  senderName: z.string(),
  text: z.string(),
  sentAt: z.string(),
  /** The sender's own id for the message, so their device matches its pending copy. */
  clientId: z.string(),
  /** An attached file or picture (GET /chat/files/:id), or null. The text may then be empty. */
  file: ChatFileSchema.nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatRoomSchema = z.object({
  id: z.number(),
  kind: z.enum(CHAT_ROOM_KINDS),
  /** A group's name, or the other person's name in a one-to-one room. */
  name: z.string(),
  /** The other person of a one-to-one room (for their online dot and a call). */
  otherUserId: z.number().nullable(),
  /** Whether that person has a connection open now (false for a group). */
  otherOnline: z.boolean(),
  /** Whether the caller created the group (only they rename it and change its people). */
  isCreator: z.boolean(),
  favorite: z.boolean(),
  unread: z.number(),
  memberCount: z.number(),
  /** A group's picture (GET /chat/files/{pictureId}, to its members), or null. */
  pictureId: z.string().nullable(),
  lastActivityAt: z.string(),
  /** The newest message: its text (empty for a file alone) and its file's name, if any. */
  lastMessage: z
    .object({ senderName: z.string(), text: z.string(), fileName: z.string().nullable(), sentAt: z.string() })
    .nullable(),
});
export type ChatRoom = z.infer<typeof ChatRoomSchema>;

export const RoomsPageSchema = z.object({
  rooms: z.array(ChatRoomSchema),
  /** The `before` of the next page, or null at the end. */
  next: RoomsCursorSchema.nullable(),
});
export type RoomsPage = z.infer<typeof RoomsPageSchema>;

export const CHAT_PERSON_ROLES = ['teacher', 'principal', 'superadmin'] as const;
export const ChatPersonSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: z.enum(CHAT_PERSON_ROLES),
  /** Their school (or schools, comma-separated); empty for a chain's super-admin. */
  schools: z.string(),
  online: z.boolean(),
});
export type ChatPerson = z.infer<typeof ChatPersonSchema>;

export const RoomDetailSchema = z.object({
  room: ChatRoomSchema,
  members: z.array(ChatPersonSchema),
});
export type RoomDetail = z.infer<typeof RoomDetailSchema>;

export const MessagesQuerySchema = z.object({
  /** Messages older than this id (the history's next page); the newest page without it. */
  before: IdParamSchema.optional(),
});
export const MessagesPageSchema = z.object({
  /** Oldest first. */
  messages: z.array(ChatMessageSchema),
  /** The `before` of the page of older messages, or null when this page starts the room. */
  next: z.number().nullable(),
});
export type MessagesPage = z.infer<typeof MessagesPageSchema>;

export const PostMessageSchema = z.object({
  text: freeText()
    .min(1, 'Write a message')
    .max(CHAT_MESSAGE_MAX, `A message is at most ${CHAT_MESSAGE_MAX} characters`),
  /** The device's id for this message: sending it again (a retry) posts it once. */
  clientId: z.uuid(),
});
export type PostMessage = z.infer<typeof PostMessageSchema>;

const GroupNameSchema = lineText(GROUP_NAME_REQUIRED)
  .min(1, GROUP_NAME_REQUIRED)
  .max(CHAT_GROUP_NAME_MAX, `A group name is at most ${CHAT_GROUP_NAME_MAX} characters`);
const PeopleSchema = z
  .array(IdSchema)
  .min(1, GROUP_MEMBERS_REQUIRED)
  .max(CHAT_GROUP_MAX_MEMBERS - 1, `A group holds at most ${CHAT_GROUP_MAX_MEMBERS} people`);

export const CreateGroupSchema = z.object({ name: GroupNameSchema, memberIds: PeopleSchema });
export type CreateGroup = z.infer<typeof CreateGroupSchema>;
export const RenameGroupSchema = z.object({ name: GroupNameSchema });
export const AddMembersSchema = z.object({ userIds: PeopleSchema });
export const DirectRoomSchema = z.object({ userId: IdSchema });
export const FavoriteSchema = z.object({ favorite: z.boolean() });

export const ColleaguesQuerySchema = z.object({
  q: lineText().max(60, 'A search is at most 60 characters').optional(),
});
export const ColleaguesResponseSchema = z.object({ colleagues: z.array(ChatPersonSchema) });

export const ChatUnreadSchema = z.object({
  /** Unread messages over all the caller's rooms. */
  total: z.number(),
  /** Rooms with an unread message. */
  rooms: z.number(),
});
export type ChatUnread = z.infer<typeof ChatUnreadSchema>;

/** Server -> client events of chat on the app's one connection (staff connections only). */
export interface ChatServerEvents {
  /** A message in one of the caller's rooms, their own included (another tab or device sent it). */
  'chat:message': (m: ChatMessage) => void;
  /** The caller read a room on another tab or device: its unread count is 0. */
  'chat:read': (r: { roomId: number }) => void;
  /** The caller's rooms changed (a new room or group, a rename, people added or removed). */
  'chat:rooms': () => void;
  /**
   * Colleagues of the caller's chain who came online or went offline (spec 7: onlineUsers), sent in
   * batches (CHAT_PRESENCE_BATCH_MS) so a school's morning of sign-ins is not one message per person
   * to every colleague.
   */
  'chat:presence': (p: { online: number[]; offline: number[] }) => void;
}
