import type { CallSignal, MeetingJoined, MeetingServerEvents } from '@ki/contracts';
import { appSocket, emitWithAck } from '../../../lib/socket';

/**
 * A meeting's signalling over the tab's one connection (contracts: chat/meetings.ts). Only the
 * meeting session (meeting-session.ts) uses it; a test hands the session a fake of its own.
 */

/** The server's events about the meeting this tab is in, and the connection dropping and coming back. */
export type MeetingListener = Pick<
  MeetingServerEvents,
  'meeting:peer-joined' | 'meeting:peer-left' | 'meeting:signal' | 'meeting:closed'
> & {
  connect: () => void;
  disconnect: () => void;
};

export interface MeetingTransport {
  isConnected(): boolean;
  /** Joins (or joins again after a drop, as a new peer): my peer id, who is in, the ICE servers. */
  join(meetingId: string): Promise<MeetingJoined>;
  /** An offer, answer or network candidate for one other peer. */
  signal(meetingId: string, to: string, signal: CallSignal): Promise<unknown>;
  leave(meetingId: string): Promise<unknown>;
  /** Follows the meeting's events until the returned function is called. */
  follow(listener: MeetingListener): () => void;
}

export const meetingTransport: MeetingTransport = {
  isConnected: () => appSocket().connected,
  join: (meetingId) => emitWithAck(appSocket(), 'meeting:join', { meetingId }),
  signal: (meetingId, to, signal) => emitWithAck(appSocket(), 'meeting:signal', { meetingId, to, signal }),
  leave: (meetingId) => emitWithAck(appSocket(), 'meeting:leave', { meetingId }),
  follow({ connect, disconnect, ...events }) {
    const socket = appSocket();
    const handlers = Object.entries(events) as [
      keyof MeetingServerEvents,
      MeetingServerEvents[keyof MeetingServerEvents],
    ][];
    socket.on('connect', connect);
    socket.on('disconnect', disconnect);
    for (const [event, handler] of handlers) socket.on(event, handler);
    return () => {
      socket.off('connect', connect);
      socket.off('disconnect', disconnect);
      for (const [event, handler] of handlers) socket.off(event, handler);
    };
  },
};
