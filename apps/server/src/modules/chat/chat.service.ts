/**
 * Staff chat (issue #25): rooms, groups, messages, unread counts, favorites. Every operation asks
 * the policy (policy/chat.ts) first; what happened is then delivered live to the people concerned
 * through `ChatDelivery` (the Socket.IO side, chat.socket.ts), which never decides access itself.
 */
import { personName } from '@ki/domain';
import {
  AttachmentFieldsSchema,
  CHAT_COLLEAGUES_LIMIT,
  CHAT_FILE_MAX_BYTES,
  type ChatFileType,
  CHAT_GROUP_MAX_MEMBERS,
  CHAT_MESSAGES_PAGE,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_PICTURE_MAX_BYTES,
  CHAT_ROOMS_PAGE,
  type ChatMessage,
  type ChatPerson,
  type ChatRoom,
  type ChatUnread,
  type CreateGroup,
  type MessagesPage,
  type PostMessage,
  type RoomDetail,
  type RoomsPage,
} from '@ki/contracts';
import { randomUUID } from 'node:crypto';
import { detectFileType, fileName, readPicture } from '../../lib/uploaded-file';
import type { AppDeps } from '../../app-deps';
import { readOneFile, type UploadPart } from '../../lib/multipart-upload';
import { AppError, notFound } from '../../errors';
import {
  authorizeChat,
  authorizeManageGroup,
  authorizePostToRoom,
  authorizeReadRoom,
  authorizeRemoveMember,
  chatChainOf,
  requireColleagues,
  type ChatStaff,
} from '../../policy/chat';
import { loadChatPeopleFacts, loadChatRoomFacts, loadStaffChainIds } from '../../policy/facts';
import type { Principal } from '../../policy/principal';
import * as repo from './chat.repository';

/** Live delivery of what happened to the people concerned (chat.socket.ts), and who is online. */
export interface ChatDelivery {
  message(userIds: readonly number[], message: ChatMessage): void;
  read(userId: number, roomId: number): void;
  roomsChanged(userIds: readonly number[]): void;
  /** Which of these people have a connection open now (on any server process). */
  online(userIds: readonly number[]): Promise<Set<number>>;
}

const iso = (d: Date) => d.toISOString();

function toMessage(r: repo.MessageRow): ChatMessage {
  return {
    id: r.id,
    roomId: r.room_id,
    senderId: r.sender_id,
    senderName: r.first_name === null ? '' : personName(r.first_name, r.last_name ?? ''),
    text: r.body,
    sentAt: iso(r.created_at),
    clientId: r.client_id,
    file:
      r.file_id === null
        ? null
        : { id: r.file_id, name: r.file_name ?? '', contentType: r.file_type!, byteSize: Number(r.file_size) },
  };
}

function toRoom(r: repo.RoomRow, userId: number, online: ReadonlySet<number> = new Set()): ChatRoom {
  return {
    id: r.id,
    kind: r.kind,
    name: r.kind === 'group' ? (r.name ?? '') : personName(r.other_first ?? '', r.other_last ?? ''),
    otherUserId: r.other_user_id,
    otherOnline: r.other_user_id !== null && online.has(r.other_user_id),
    isCreator: r.created_by === userId,
    favorite: r.favorite,
    unread: r.unread,
    memberCount: r.member_count,
    pictureId: r.kind === 'group' ? r.picture_file_id : null,
    lastActivityAt: iso(r.last_activity_at),
    lastMessage:
      r.last_body === null || r.last_sent_at === null
        ? null
        : {
            senderName: personName(r.last_sender_first ?? '', r.last_sender_last ?? ''),
            text: r.last_body,
            fileName: r.last_file_name,
            sentAt: iso(r.last_sent_at),
          },
  };
}

function toPerson(r: repo.PersonRow, online: Set<number>): ChatPerson {
  return {
    id: r.id,
    name: personName(r.first_name, r.last_name),
    role: r.role,
    schools: r.schools ?? '',
    online: online.has(r.id),
  };
}

export class ChatService {
  constructor(
    private readonly deps: AppDeps,
    private readonly delivery: ChatDelivery,
  ) {}

  private get db() {
    return this.deps.database.db;
  }

  /** GET /chat/rooms: the caller's rooms, newest activity first, CHAT_ROOMS_PAGE at a time. */
  async rooms(
    principal: Principal | null,
    query: { favorites?: 'true' | 'false'; before?: string },
  ): Promise<RoomsPage> {
    const p = authorizeChat(principal);
    const before = query.before ? parseCursor(query.before) : null;
    const rows = await repo.roomsOf(this.db, p.userId, {
      favorites: query.favorites === 'true',
      before,
      limit: CHAT_ROOMS_PAGE + 1,
    });
    const page = rows.slice(0, CHAT_ROOMS_PAGE);
    const last = page.at(-1);
    const online = await this.delivery.online(page.flatMap((r) => (r.other_user_id === null ? [] : [r.other_user_id])));
    return {
      rooms: page.map((r) => toRoom(r, p.userId, online)),
      next: rows.length > CHAT_ROOMS_PAGE && last ? `${last.last_activity_at.getTime()}.${last.id}` : null,
    };
  }

  /** GET /chat/rooms/:id: a room and its people, with who is online. */
  async room(principal: Principal | null, roomId: number): Promise<RoomDetail> {
    const p = authorizeReadRoom(principal, await loadChatRoomFacts(this.db, requireCaller(principal), roomId));
    return this.detail(p.userId, roomId);
  }

  private async detail(userId: number, roomId: number): Promise<RoomDetail> {
    const [row, members] = await Promise.all([repo.roomOf(this.db, userId, roomId), repo.membersOf(this.db, roomId)]);
    if (!row) throw notFound('Room');
    const online = await this.delivery.online(members.map((m) => m.id));
    return { room: toRoom(row, userId, online), members: members.map((m) => toPerson(m, online)) };
  }

  /** GET /chat/colleagues: staff of the caller's chain to start a room or a group with. */
  async colleagues(principal: Principal | null, search: string | undefined): Promise<{ colleagues: ChatPerson[] }> {
    const p = authorizeChat(principal);
    const chains = await loadStaffChainIds(this.db, p);
    const rows = await repo.colleagues(this.db, chains, p.userId, search ?? '', CHAT_COLLEAGUES_LIMIT);
    const online = await this.delivery.online(rows.map((r) => r.id));
    return { colleagues: rows.map((r) => toPerson(r, online)) };
  }

  /** POST /chat/rooms/direct: the one-to-one room with a colleague, made on first use. */
  async direct(principal: Principal | null, userId: number): Promise<{ room: ChatRoom; created: boolean }> {
    const p = authorizeChat(principal);
    const [mine, theirs] = await Promise.all([loadStaffChainIds(this.db, p), loadChatPeopleFacts(this.db, [userId])]);
    const shared = mine.filter((c) => theirs.get(userId)?.chainIds.includes(c));
    const chainId = shared[0] ?? chatChainOf(mine);
    requireColleagues(p, chainId, [userId], theirs);
    const key = [p.userId, userId].sort((a, b) => a - b).join(':');
    let roomId = await repo.findDirectRoom(this.db, key);
    let created = false;
    if (roomId === undefined) {
      roomId = await repo.createRoom(
        this.db,
        { chainId, kind: 'direct', name: null, directKey: key, createdBy: p.userId, at: this.deps.clock() },
        [p.userId, userId],
      );
      // Made at the same moment by the other person: theirs is the room.
      roomId ??= await repo.findDirectRoom(this.db, key);
      created = true;
    }
    const row = roomId === undefined ? undefined : await repo.roomOf(this.db, p.userId, roomId);
    if (!row) throw notFound('Room');
    if (created) this.delivery.roomsChanged([p.userId, userId]);
    return { room: toRoom(row, p.userId, await this.delivery.online([userId])), created };
  }

  /** POST /chat/groups: a group of colleagues of the caller's chain ('New group created.'). */
  async createGroup(principal: Principal | null, input: CreateGroup): Promise<ChatRoom> {
    const p = authorizeChat(principal);
    const chainId = chatChainOf(await loadStaffChainIds(this.db, p));
    const people = [...new Set(input.memberIds)];
    requireColleagues(p, chainId, people, await loadChatPeopleFacts(this.db, people));
    const members = [p.userId, ...people];
    const roomId = await repo.createRoom(
      this.db,
      { chainId, kind: 'group', name: input.name, directKey: null, createdBy: p.userId, at: this.deps.clock() },
      members,
    );
    const row = await repo.roomOf(this.db, p.userId, roomId!);
    this.delivery.roomsChanged(members);
    return toRoom(row!, p.userId);
  }

  /** PUT /chat/groups/:id/name: its creator renames a group. */
  async rename(principal: Principal | null, roomId: number, name: string): Promise<RoomDetail> {
    const caller = requireCaller(principal);
    const p = authorizeManageGroup(principal, await loadChatRoomFacts(this.db, caller, roomId));
    await repo.renameRoom(this.db, roomId, name, this.deps.clock());
    this.delivery.roomsChanged(await repo.memberIds(this.db, roomId));
    return this.detail(p.userId, roomId);
  }

  /**
   * PUT /chat/groups/:id/picture: its creator sets a group's picture (multipart, field "file"): PNG,
   * JPEG or WebP by its bytes, at most CHAT_PICTURE_MAX_BYTES, kept as a file of the room, so only
   * its members fetch it.
   */
  async setPicture(
    principal: Principal | null,
    roomId: number,
    parts: () => AsyncIterable<UploadPart>,
  ): Promise<RoomDetail> {
    const caller = requireCaller(principal);
    const p = authorizeManageGroup(principal, await loadChatRoomFacts(this.db, caller, roomId));
    const picture = await readPicture(parts, { maxBytes: CHAT_PICTURE_MAX_BYTES, what: 'A group picture' });
    const storageKey = await this.deps.files.put(picture.bytes);
    const file = {
      id: randomUUID(),
      name: fileName(picture.filename, picture.type),
      contentType: picture.type,
      byteSize: picture.bytes.length,
      storageKey,
    };
    await repo.setRoomPicture(this.db, roomId, file, p.userId, this.deps.clock());
    this.delivery.roomsChanged(await repo.memberIds(this.db, roomId));
    return this.detail(p.userId, roomId);
  }

  /** DELETE /chat/groups/:id/picture: its creator takes the picture away. */
  async removePicture(principal: Principal | null, roomId: number): Promise<RoomDetail> {
    const caller = requireCaller(principal);
    const p = authorizeManageGroup(principal, await loadChatRoomFacts(this.db, caller, roomId));
    await repo.clearRoomPicture(this.db, roomId);
    this.delivery.roomsChanged(await repo.memberIds(this.db, roomId));
    return this.detail(p.userId, roomId);
  }

  /** POST /chat/groups/:id/members: its creator adds colleagues of the group's chain. */
  async addMembers(principal: Principal | null, roomId: number, userIds: readonly number[]): Promise<RoomDetail> {
    const caller = requireCaller(principal);
    const room = await loadChatRoomFacts(this.db, caller, roomId);
    const p = authorizeManageGroup(principal, room);
    const people = [...new Set(userIds)];
    requireColleagues(p, room!.chainId, people, await loadChatPeopleFacts(this.db, people));
    const current = await repo.memberIds(this.db, roomId);
    const added = people.filter((id) => !current.includes(id));
    if (current.length + added.length > CHAT_GROUP_MAX_MEMBERS)
      throw new AppError('CONFLICT', `A group holds at most ${CHAT_GROUP_MAX_MEMBERS} people`);
    if (added.length > 0) {
      await repo.addMembers(this.db, roomId, added, this.deps.clock());
      this.delivery.roomsChanged([...current, ...added]);
    }
    return this.detail(p.userId, roomId);
  }

  /** DELETE /chat/groups/:id/members/:userId: its creator takes someone out, or a member leaves. */
  async removeMember(principal: Principal | null, roomId: number, userId: number): Promise<void> {
    const caller = requireCaller(principal);
    authorizeRemoveMember(principal, await loadChatRoomFacts(this.db, caller, roomId), userId);
    const current = await repo.memberIds(this.db, roomId);
    if (!current.includes(userId)) throw notFound('Member');
    await repo.removeMember(this.db, roomId, userId, this.deps.clock());
    this.delivery.roomsChanged(current);
  }

  /** PUT /chat/rooms/:id/favorite. */
  async favorite(principal: Principal | null, roomId: number, favorite: boolean): Promise<{ favorite: boolean }> {
    const p = authorizeReadRoom(principal, await loadChatRoomFacts(this.db, requireCaller(principal), roomId));
    await repo.setFavorite(this.db, roomId, p.userId, favorite);
    this.delivery.roomsChanged([p.userId]);
    return { favorite };
  }

  /** GET /chat/rooms/:id/messages: a page of history by keyset, oldest first on the page. */
  async messages(principal: Principal | null, roomId: number, before: number | undefined): Promise<MessagesPage> {
    authorizeReadRoom(principal, await loadChatRoomFacts(this.db, requireCaller(principal), roomId));
    const rows = await repo.history(this.db, roomId, before ?? null, CHAT_MESSAGES_PAGE + 1);
    const page = rows.slice(0, CHAT_MESSAGES_PAGE);
    return {
      messages: page.map(toMessage).reverse(),
      next: rows.length > CHAT_MESSAGES_PAGE ? page.at(-1)!.id : null,
    };
  }

  /**
   * POST /chat/rooms/:id/messages: stores the message and delivers it to the room's people (the
   * sender's other tabs too). A retry with the same client id posts nothing new and answers the
   * stored message. At most CHAT_MESSAGES_PER_MINUTE a minute per person.
   */
  async post(principal: Principal | null, roomId: number, input: PostMessage): Promise<ChatMessage> {
    const p = authorizePostToRoom(principal, await loadChatRoomFacts(this.db, requireCaller(principal), roomId));
    return this.store(p, roomId, { body: input.text, clientId: input.clientId });
  }

  /**
   * POST /chat/rooms/:id/files: a file or picture (multipart, field "file", with `clientId` and an
   * optional `text`), its type read from its bytes, stored in the file store, posted as a message.
   * A retry with the same client id answers the message stored the first time.
   */
  async attach(
    principal: Principal | null,
    roomId: number,
    parts: () => AsyncIterable<UploadPart>,
  ): Promise<ChatMessage> {
    const p = authorizePostToRoom(principal, await loadChatRoomFacts(this.db, requireCaller(principal), roomId));
    const upload = await readOneFile(parts, { maxBytes: CHAT_FILE_MAX_BYTES, tooLarge: fileTooLarge, what: 'file' });
    const fields = AttachmentFieldsSchema.safeParse(upload.fields);
    if (!fields.success)
      throw new AppError('VALIDATION_FAILED', fields.error.issues[0]?.message ?? 'The request is not valid');
    const stored = await repo.messageByClientId(this.db, p.userId, fields.data.clientId);
    if (stored) return toMessage(sameRoom(stored, roomId));
    const contentType = await detectFileType(upload.bytes);
    const storageKey = await this.deps.files.put(upload.bytes);
    const file = {
      id: randomUUID(),
      name: fileName(upload.filename, contentType),
      contentType,
      byteSize: upload.bytes.length,
      storageKey,
    };
    return this.store(p, roomId, { body: fields.data.text, clientId: fields.data.clientId, file });
  }

  /** Stores a message (at most CHAT_MESSAGES_PER_MINUTE a minute a person) and delivers it to the room's people. */
  private async store(
    sender: ChatStaff,
    roomId: number,
    m: { body: string; clientId: string; file?: repo.NewChatFile },
  ): Promise<ChatMessage> {
    const now = this.deps.clock();
    const stored = await repo.postMessage(this.db, {
      roomId,
      senderId: sender.userId,
      ...m,
      at: now,
      since: new Date(now.getTime() - 60_000),
      limit: CHAT_MESSAGES_PER_MINUTE,
    });
    if (stored.kind === 'limited')
      throw new AppError('RATE_LIMITED', 'You are sending messages too fast. Please wait a moment.', {
        retryAfterSeconds: 60,
      });
    if (stored.kind === 'retry') return toMessage(sameRoom(stored.message, roomId));
    const file = m.file;
    const message: ChatMessage = {
      id: stored.id,
      roomId,
      senderId: sender.userId,
      senderName: personName(sender.firstName, sender.lastName),
      text: m.body,
      sentAt: now.toISOString(),
      clientId: m.clientId,
      file: file ? { id: file.id, name: file.name, contentType: file.contentType, byteSize: file.byteSize } : null,
    };
    // The sender's other tabs and devices hear it too.
    this.delivery.message([sender.userId, ...stored.otherMemberIds], message);
    return message;
  }

  /** GET /chat/files/:id: a file's bytes, to the current members of the room it was posted in (404 for anyone else, as for none). */
  async file(
    principal: Principal | null,
    fileId: string,
  ): Promise<{ bytes: Buffer; name: string; contentType: ChatFileType }> {
    const caller = requireCaller(principal);
    const file = await repo.chatFile(this.db, fileId);
    authorizeReadRoom(principal, file && (await loadChatRoomFacts(this.db, caller, Number(file.room_id))));
    const bytes = file && (await this.deps.files.get(file.storage_key));
    if (!file || !bytes) throw notFound('File');
    return { bytes, name: file.name, contentType: file.content_type };
  }

  /** POST /chat/rooms/:id/read: the caller opened the room; its unread count clears on their every tab. */
  async read(principal: Principal | null, roomId: number): Promise<void> {
    const p = authorizeReadRoom(principal, await loadChatRoomFacts(this.db, requireCaller(principal), roomId));
    await repo.markRead(this.db, roomId, p.userId);
    this.delivery.read(p.userId, roomId);
  }

  /** GET /chat/unread: the navigation's count. */
  async unread(principal: Principal | null): Promise<ChatUnread> {
    const p = authorizeChat(principal);
    return repo.unreadTotals(this.db, p.userId);
  }
}

/** A message stored under the client id is the answer to a retry only in the room it was sent to. */
function sameRoom(message: repo.MessageRow, roomId: number): repo.MessageRow {
  if (message.room_id !== roomId) throw new AppError('CONFLICT', 'This message was sent to another room');
  return message;
}

const fileTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `A file may be at most ${CHAT_FILE_MAX_BYTES / 1024 / 1024} MB`);

/** The caller for loading facts (the policy answers 401/403 for everyone who may not chat). */
function requireCaller(principal: Principal | null): Principal {
  return authorizeChat(principal);
}

function parseCursor(cursor: string): { at: Date; id: number } {
  const [ms, id] = cursor.split('.').map(Number);
  return { at: new Date(ms!), id: id! };
}
