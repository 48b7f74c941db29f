import type { CallSignal, IceServer, MeetingEndReason, MeetingJoined, MeetingPeer } from '@ki/contracts';
import { ApiError } from '../../lib/api-client';
import { meetingTransport, type MeetingListener, type MeetingTransport } from './api/meeting-signals';
import { LocalMedia, mediaErrorReason, NO_LOCAL_MEDIA, requestMedia, type LocalMediaState } from './local-media';
import { PeerLink } from './peer-link';
import { Snapshots } from './snapshots';

/**
 * One person's place in a meeting on /meeting/{id}: a mesh of WebRTC connections, one per other
 * person (peer-link.ts), signalled through the server (api/meeting-signals.ts).
 *
 * - The newcomer offers: joining answers with who is in, and it sends each an offer. Those already
 *   in hear 'meeting:peer-joined', make a connection for the newcomer and answer its offer.
 * - 'meeting:peer-left' closes that person's connection; 'meeting:closed' ends the meeting here
 *   (cancelled, or joined from another tab).
 * - When the tab's connection to the server drops, every peer connection goes (the server forgets
 *   this peer and tells the others); when it comes back, the page joins again by itself as a new
 *   peer, with the same camera and microphone.
 */

export type MeetingPhase =
  /** Not in the meeting (yet): the page offers Join. */
  | 'ready'
  /** Asking for the camera and microphone. */
  | 'starting'
  | 'joining'
  | 'joined'
  /** The connection to the server dropped: the page joins again once it is back. */
  | 'reconnecting'
  /** I left. */
  | 'left'
  /** The server took this tab out (`closedReason`). */
  | 'closed'
  /** The server refused to let me in (`error`). */
  | 'refused';

/** Someone else in the meeting, as a tile. */
export interface MeetingTile {
  peerId: string;
  userId: number;
  name: string;
  stream: MediaStream | null;
  state: RTCPeerConnectionState;
}

/** What of my camera and microphone the meeting gets, and why not all, when not. */
export interface MeetingSending {
  audio: boolean;
  video: boolean;
  /** Why the camera (or both) could not be had. */
  problem: 'blocked' | 'noDevice' | null;
}

export interface MeetingSnapshot {
  phase: MeetingPhase;
  closedReason: MeetingEndReason | null;
  error: { code: string; message: string } | null;
  sending: MeetingSending;
  local: LocalMediaState;
  /** The others, in the order they came. */
  peers: MeetingTile[];
}

const ignore = () => undefined;
const IN_MEETING: readonly MeetingPhase[] = ['starting', 'joining', 'joined', 'reconnecting'];
const FULL_SENDING: MeetingSending = { audio: true, video: true, problem: null };

/** The camera and microphone; if they cannot be had, the microphone alone; else nothing. */
async function meetingMedia(): Promise<{ stream: MediaStream | null; problem: MeetingSending['problem'] }> {
  try {
    return { stream: await requestMedia({ audio: true, video: true }), problem: null };
  } catch (error) {
    const problem = mediaErrorReason(error);
    const stream = await requestMedia({ audio: true, video: false }).catch(() => null);
    return { stream, problem };
  }
}

export class MeetingSession {
  private readonly snapshots = new Snapshots<MeetingSnapshot>({
    phase: 'ready',
    closedReason: null,
    error: null,
    sending: FULL_SENDING,
    local: NO_LOCAL_MEDIA,
    peers: [],
  });
  private readonly links = new Map<string, PeerLink>();
  private readonly media = new LocalMedia({
    changed: (local) => this.publish({ local }),
    sendVideo: async (track) => {
      await Promise.all([...this.links.values()].map((link) => link.replaceVideo(track).catch(ignore)));
    },
  });
  private iceServers: IceServer[] = [];
  private peerId: string | null = null;
  private stopFollowing: (() => void) | null = null;
  /** Counts joins and endings, so the answer of a join made before a drop or a leave is not taken for the current. */
  private attempt = 0;
  /** The others' events that came while the server's answer to my join was on its way: applied once it is here. */
  private early: (() => void)[] = [];

  constructor(
    readonly meetingId: string,
    private readonly transport: MeetingTransport = meetingTransport,
  ) {}

  readonly subscribe = this.snapshots.subscribe;
  readonly getSnapshot = this.snapshots.get;

  private get snapshot(): MeetingSnapshot {
    return this.snapshots.get();
  }

  get phase(): MeetingPhase {
    return this.snapshot.phase;
  }

  private publish(next: Partial<MeetingSnapshot>) {
    this.snapshots.set(next);
  }

  private setTile(peerId: string, change: Partial<MeetingTile>) {
    this.publish({ peers: this.snapshot.peers.map((p) => (p.peerId === peerId ? { ...p, ...change } : p)) });
  }

  // The user's actions.

  /** Joins: the camera and microphone first (what of them can be had), then the server. */
  async start() {
    if (IN_MEETING.includes(this.phase)) return;
    const attempt = ++this.attempt;
    this.publish({ phase: 'starting', closedReason: null, error: null, peers: [] });
    const { stream, problem } = await meetingMedia();
    if (attempt !== this.attempt) {
      for (const track of stream?.getTracks() ?? []) track.stop();
      return;
    }
    if (stream) this.media.use(stream);
    this.publish({
      phase: 'joining',
      sending: { audio: !!stream?.getAudioTracks().length, video: !!stream?.getVideoTracks().length, problem },
    });
    this.stopFollowing = this.transport.follow(this.events);
    // Not connected yet (the page has just opened the connection): 'connect' joins.
    if (this.transport.isConnected()) void this.join();
  }

  leave() {
    if (!IN_MEETING.includes(this.phase)) return;
    if (this.phase === 'joined') this.transport.leave(this.meetingId).catch(ignore);
    this.finish({ phase: 'left' });
  }

  toggleMute() {
    this.media.toggleMute();
  }

  toggleCamera() {
    this.media.toggleCamera();
  }

  get canShareScreen(): boolean {
    return this.media.canShareScreen;
  }

  shareScreen() {
    return this.media.shareScreen(() => this.phase === 'joined');
  }

  stopSharing() {
    return this.media.stopSharing();
  }

  /** Bytes received from and sent to each peer so far (the page shows them to tests). */
  readonly traffic = async (): Promise<Record<string, { received: number; sent: number }>> => {
    const entries = await Promise.all(
      [...this.links].map(
        async ([peerId, link]) => [peerId, await link.traffic().catch(() => ({ received: 0, sent: 0 }))] as const,
      ),
    );
    return Object.fromEntries(entries);
  };

  // The server.

  private async join() {
    const attempt = ++this.attempt;
    let joined: MeetingJoined;
    try {
      joined = await this.transport.join(this.meetingId);
    } catch (error) {
      if (attempt !== this.attempt) return;
      // The connection dropped meanwhile: 'connect' joins again.
      if (!this.transport.isConnected()) this.publish({ phase: 'reconnecting' });
      else
        this.finish({
          phase: 'refused',
          error: { code: error instanceof ApiError ? error.code : 'INTERNAL', message: (error as Error).message },
        });
      return;
    }
    if (attempt !== this.attempt) {
      // Left (or dropped) while the server let me in: out again.
      if (!IN_MEETING.includes(this.phase)) this.transport.leave(this.meetingId).catch(ignore);
      return;
    }
    this.peerId = joined.peerId;
    this.iceServers = joined.iceServers;
    this.publish({ phase: 'joined', peers: [] });
    for (const peer of joined.peers) this.addPeer(peer).offer();
    for (const event of this.early.splice(0)) event();
  }

  /** Runs an event of the others now that I am in, or once the server has answered my join. */
  private whenJoined(event: () => void) {
    if (this.phase === 'joined') event();
    else if (this.phase === 'joining' || this.phase === 'reconnecting') this.early.push(event);
  }

  private addPeer(peer: MeetingPeer): PeerLink {
    const { peerId } = peer;
    this.links.get(peerId)?.close();
    const link: PeerLink = new PeerLink({
      iceServers: this.iceServers,
      local: this.media.stream,
      video: () => this.media.video,
      meeting: true,
      send: (signal) => this.transport.signal(this.meetingId, peerId, signal),
      onRemote: (stream) => this.setTile(peerId, { stream }),
      onState: (state) => this.setTile(peerId, { state }),
      onBroken: () => this.setTile(peerId, { state: 'failed' }),
    });
    this.links.set(peerId, link);
    const tile: MeetingTile = { peerId, userId: peer.userId, name: peer.name, stream: null, state: 'new' };
    this.publish({ peers: [...this.snapshot.peers.filter((p) => p.peerId !== peerId), tile] });
    return link;
  }

  private removePeer(peerId: string) {
    this.links.get(peerId)?.close();
    this.links.delete(peerId);
    this.publish({ peers: this.snapshot.peers.filter((p) => p.peerId !== peerId) });
  }

  private closeLinks() {
    for (const link of this.links.values()) link.close();
    this.links.clear();
    this.early = [];
  }

  /** Out of the meeting: every connection closed, the camera and microphone stopped. */
  private finish(next: Pick<MeetingSnapshot, 'phase'> & Partial<MeetingSnapshot>) {
    this.attempt += 1;
    this.stopFollowing?.();
    this.stopFollowing = null;
    this.closeLinks();
    this.media.release();
    this.peerId = null;
    this.publish({ peers: [], ...next });
  }

  private readonly events: MeetingListener = {
    'meeting:peer-joined': ({ meetingId, peer }) => {
      if (meetingId !== this.meetingId) return;
      this.whenJoined(() => {
        if (peer.peerId === this.peerId) return;
        // Its offer came first: the tile gets its name.
        if (this.links.has(peer.peerId)) this.setTile(peer.peerId, { userId: peer.userId, name: peer.name });
        else this.addPeer(peer);
      });
    },
    'meeting:signal': ({ meetingId, from, signal }: { meetingId: string; from: string; signal: CallSignal }) => {
      if (meetingId !== this.meetingId) return;
      this.whenJoined(() => {
        const link =
          this.links.get(from) ??
          (signal.type === 'offer' ? this.addPeer({ peerId: from, userId: 0, name: '' }) : null);
        link?.receive(signal);
      });
    },
    'meeting:peer-left': ({ meetingId, peerId }) => {
      if (meetingId === this.meetingId) this.whenJoined(() => this.removePeer(peerId));
    },
    'meeting:closed': ({ meetingId, reason }) => {
      if (meetingId === this.meetingId && IN_MEETING.includes(this.phase))
        this.finish({ phase: 'closed', closedReason: reason });
    },
    connect: () => {
      if (this.phase === 'joining' || this.phase === 'reconnecting') void this.join();
    },
    disconnect: () => {
      if (this.phase !== 'joined' && this.phase !== 'joining') return;
      // The server has taken this peer out and told the others; a join in flight will not be answered.
      this.attempt += 1;
      this.closeLinks();
      this.peerId = null;
      this.publish({ phase: 'reconnecting', peers: [] });
    },
  };
}
