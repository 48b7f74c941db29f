/**
 * Staff meetings (issue #25; contracts: chat/meetings.ts): scheduling, the lists, cancelling. Each
 * asks the policy (policy/chat.ts) first; scheduling and cancelling then send 'refresh-meetings' to
 * everyone invited (ChatDelivery), so their lists change live. Joining and the media's signalling
 * are on the socket (meetings.socket.ts).
 */
import { randomUUID } from 'node:crypto';
import { MEETING_MAX_DAYS_AHEAD, MEETINGS_LIST_LIMIT, type Meeting, type ScheduleMeeting } from '@ki/contracts';
import { personName } from '@ki/domain';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../errors';
import {
  authorizeCancelMeeting,
  authorizeChat,
  authorizeReadMeeting,
  chatChainOf,
  requireColleagues,
} from '../../policy/chat';
import { loadChatPeopleFacts, loadMeetingFacts, loadStaffChainIds } from '../../policy/facts';
import type { Principal } from '../../policy/principal';
import * as repo from './meetings.repository';

function toMeeting(r: repo.MeetingRow, userId: number): Meeting {
  const people = r.people.map((p) => ({ id: p.id, name: personName(p.first_name, p.last_name) }));
  const organiser = people.find((p) => p.id === r.organiser_id) ?? { id: r.organiser_id ?? 0, name: '' };
  return {
    id: r.id,
    title: r.title,
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at.toISOString(),
    organiser,
    isOrganiser: r.organiser_id === userId,
    people,
  };
}

const badTime = (message: string) =>
  new AppError('VALIDATION_FAILED', message, {
    field: 'startsAt',
    issues: [{ in: 'body', path: 'startsAt', message }],
  });

/** Live delivery of meetings' changes (meetings.socket.ts). */
export interface MeetingDelivery {
  /** These people's meetings changed ('refresh-meetings'); `cancelled`'s connections are taken out of it. */
  meetingsChanged(userIds: readonly number[], cancelled?: string): void;
}

export class MeetingsService {
  constructor(
    private readonly deps: AppDeps,
    private readonly delivery: MeetingDelivery,
  ) {}

  private get db() {
    return this.deps.database.db;
  }

  /** GET /chat/meetings: the caller's meetings that are coming or running, soonest first. */
  async list(principal: Principal | null): Promise<{ meetings: Meeting[] }> {
    const p = authorizeChat(principal);
    const rows = await repo.meetingsOf(this.db, p.userId, this.deps.clock(), MEETINGS_LIST_LIMIT);
    return { meetings: rows.map((r) => toMeeting(r, p.userId)) };
  }

  /** GET /chat/meetings/:id: one meeting, to the people invited. */
  async get(principal: Principal | null, meetingId: string): Promise<Meeting> {
    const p = authorizeReadMeeting(
      principal,
      principal ? await loadMeetingFacts(this.db, principal, meetingId) : undefined,
    );
    const row = await repo.meetingById(this.db, meetingId);
    if (!row) throw notFound('Meeting');
    return toMeeting(row, p.userId);
  }

  /** POST /chat/meetings: a meeting of the caller's with colleagues of their chain. */
  async schedule(principal: Principal | null, input: ScheduleMeeting): Promise<Meeting> {
    const p = authorizeChat(principal);
    const chainId = chatChainOf(await loadStaffChainIds(this.db, p));
    const invited = [...new Set(input.userIds)];
    requireColleagues(p, chainId, invited, await loadChatPeopleFacts(this.db, invited));
    const now = this.deps.clock();
    const startsAt = new Date(input.startsAt);
    const endsAt = new Date(startsAt.getTime() + input.durationMinutes * 60_000);
    if (endsAt.getTime() <= now.getTime()) throw badTime('This time has passed');
    if (startsAt.getTime() > now.getTime() + MEETING_MAX_DAYS_AHEAD * 86_400_000)
      throw badTime(`A meeting is scheduled at most ${MEETING_MAX_DAYS_AHEAD} days ahead`);
    const id = randomUUID();
    const people = [p.userId, ...invited];
    await repo.insertMeeting(
      this.db,
      { id, chainId, title: input.title, startsAt, endsAt, organiserId: p.userId, at: now },
      people,
    );
    this.delivery.meetingsChanged(people);
    return toMeeting((await repo.meetingById(this.db, id))!, p.userId);
  }

  /** DELETE /chat/meetings/:id: its organiser cancels it; whoever is in it is taken out. */
  async cancel(principal: Principal | null, meetingId: string): Promise<void> {
    authorizeCancelMeeting(principal, principal ? await loadMeetingFacts(this.db, principal, meetingId) : undefined);
    const people = await repo.cancelMeeting(this.db, meetingId, this.deps.clock());
    if (people) this.delivery.meetingsChanged(people, meetingId);
  }
}
