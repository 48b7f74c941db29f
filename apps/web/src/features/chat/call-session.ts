import type { CallEndReason, CallKind, CallSignal, IceServer, IncomingCall } from '@ki/contracts';
import { ApiError } from '../../lib/api-client';
import { answerCall, endCall, resumeCall, sendSignal, startCall } from './api/calls';
import {
  callIdOf,
  callReducer,
  IDLE,
  isBusy,
  ringingOf,
  type CallAction,
  type CallEffect,
  type CallPeer,
  type CallState,
} from './call-state';
import {
  LocalMedia,
  mediaErrorReason,
  NO_LOCAL_MEDIA,
  requestMedia,
  stopStream,
  type LocalMediaState,
} from './local-media';
import { PeerLink } from './peer-link';
import { webAudioRinger, type Ringer } from './ringer';
import { Snapshots } from './snapshots';

/**
 * The tab's one call: carries out call-state.ts's machine with the browser's camera, microphone,
 * screen (local-media.ts) and one peer connection (peer-link.ts), and the socket's call events
 * (api/calls.ts; chat-events.ts hands them over through call-entry.ts). The caller makes the offer
 * once the colleague has accepted; both sides send their network candidates as they find them.
 * Whatever way a call ends, its tracks are stopped and its peer connection closed (the 'release' effect).
 */

/** The call's media, for the call screen. */
export interface CallMedia extends LocalMediaState {
  /** The colleague's audio and video. */
  remote: MediaStream | null;
}

export interface CallSnapshot {
  state: CallState;
  media: CallMedia;
  /**
   * Whose connection to the server dropped during the call ('me': this tab's, 'them': the
   * colleague's): the call waits CALL_RECONNECT_SECONDS for it, the media may flow on meanwhile.
   */
  away: 'me' | 'them' | null;
}

const NO_MEDIA: CallMedia = { ...NO_LOCAL_MEDIA, remote: null };

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'INTERNAL');
const ignore = () => undefined;

export class CallSession {
  private readonly snapshots = new Snapshots<CallSnapshot>({ state: IDLE, media: NO_MEDIA, away: null });
  private readonly local = new LocalMedia({
    changed: (state) => this.setMedia(state),
    sendVideo: async (track) => {
      await this.link?.replaceVideo(track);
    },
  });
  private link: PeerLink | null = null;
  private iceServers: IceServer[] = [];
  /** Counts calls started here, so a late answer of an earlier one is not taken for the current. */
  private attempt = 0;

  /** What the ringer plays now (ringingOf the state). */
  private ringing: 'incoming' | 'outgoing' | null = null;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ringer: Ringer = webAudioRinger(),
  ) {}

  readonly subscribe = this.snapshots.subscribe;
  readonly getSnapshot = this.snapshots.get;

  private get snapshot(): CallSnapshot {
    return this.snapshots.get();
  }

  get state(): CallState {
    return this.snapshot.state;
  }

  private publish(next: Partial<CallSnapshot>) {
    this.snapshots.set(next);
  }

  private setMedia(media: Partial<CallMedia>) {
    this.publish({ media: { ...this.snapshot.media, ...media } });
  }

  dispatch(action: CallAction) {
    const { state, effects } = callReducer(this.snapshot.state, action);
    if (state !== this.snapshot.state) this.publish({ state });
    const ringing = ringingOf(state);
    if (ringing !== this.ringing) {
      this.ringing = ringing;
      if (ringing) this.ringer.start(ringing);
      else this.ringer.stop();
    }
    for (const effect of effects) this.run(effect);
  }

  private run(effect: CallEffect) {
    switch (effect.type) {
      case 'decline':
        answerCall(effect.callId, false).catch(ignore);
        return;
      case 'end':
        endCall(effect.callId).catch(ignore);
        return;
      case 'offer':
        this.offer(effect.callId);
        return;
      case 'release':
        this.release();
        return;
    }
  }

  // The user's actions.

  /** Calls the other person of a one-to-one room: camera and microphone first, then the server rings them. */
  async start(roomId: number, kind: CallKind, peer: CallPeer) {
    if (isBusy(this.state)) return;
    const attempt = ++this.attempt;
    this.dispatch({ type: 'start', roomId, kind, peer });
    const stream = await this.getMedia(kind);
    if (!stream) return;
    const current = () => attempt === this.attempt && this.state.phase === 'outgoing';
    if (!current()) {
      stopStream(stream);
      return;
    }
    this.useLocal(stream);
    try {
      const { callId, iceServers } = await startCall(roomId, kind);
      if (attempt !== this.attempt) {
        endCall(callId).catch(ignore);
        return;
      }
      this.iceServers = iceServers;
      this.dispatch({ type: 'started', callId });
    } catch (error) {
      if (current()) this.dispatch({ type: 'failed', code: codeOf(error) });
    }
  }

  /** Takes the call ringing here: camera and microphone first (refused: the call is declined). */
  async accept() {
    const state = this.state;
    if (state.phase !== 'incoming') return;
    const call = state.call;
    const stream = await this.getMedia(call.kind);
    if (!stream) return;
    if (this.state.phase !== 'incoming' || this.state.call.callId !== call.callId) {
      stopStream(stream);
      return;
    }
    this.attempt += 1;
    this.useLocal(stream);
    this.dispatch({ type: 'accept' });
    // Ready before the server tells the caller, whose offer may come at once.
    this.iceServers = call.iceServers;
    this.createPeer(call.callId);
    try {
      await answerCall(call.callId, true);
    } catch (error) {
      if (callIdOf(this.state) === call.callId) this.dispatch({ type: 'failed', code: codeOf(error) });
    }
  }

  decline() {
    const state = this.state;
    if (state.phase !== 'incoming') return;
    this.dispatch({ type: 'decline' });
    answerCall(state.call.callId, false).catch(ignore);
  }

  hangUp() {
    this.dispatch({ type: 'hangUp', at: this.now() });
  }

  /** The ended call's message was read. */
  dismiss() {
    this.dispatch({ type: 'dismiss' });
  }

  toggleMute() {
    this.local.toggleMute();
  }

  toggleCamera() {
    this.local.toggleCamera();
  }

  /** Whether this browser can share a screen (not phones' browsers). */
  get canShareScreen(): boolean {
    return this.local.canShareScreen;
  }

  /** Sends my screen instead of my camera, until I stop or the browser's own "Stop sharing". */
  shareScreen() {
    return this.local.shareScreen(() => !!this.link?.sendsVideo && isBusy(this.state));
  }

  /** Back to the camera. */
  stopSharing() {
    return this.local.stopSharing();
  }

  /** Bytes received and sent so far on the call's media (the call screen shows them to tests). */
  readonly traffic = async (): Promise<{ received: number; sent: number } | null> =>
    (await this.link?.traffic()) ?? null;

  // The server's events.

  incoming(call: IncomingCall) {
    this.dispatch({ type: 'incoming', call });
  }

  answered(answer: { callId: string; accept: boolean }) {
    this.dispatch({ type: 'answered', ...answer });
  }

  ended(end: { callId: string; reason: CallEndReason }) {
    this.dispatch({ type: 'ended', ...end, at: this.now() });
  }

  signal({ callId, signal }: { callId: string; signal: CallSignal }) {
    if (callIdOf(this.state) === callId) this.link?.receive(signal);
  }

  /**
   * This tab's connection to the server closed. A call that is ringing ends (the server ends it
   * too); an answered one waits for the connection to come back (reconnected), unless the tab is
   * signing out (`final`).
   */
  disconnected(final = false) {
    const phase = this.state.phase;
    if (!final && (phase === 'connecting' || phase === 'connected')) this.publish({ away: 'me' });
    else this.dispatch({ type: 'dropped', at: this.now() });
  }

  /** The connection is back: take this tab's place in the call again (the server's wait may be over). */
  reconnected() {
    const callId = callIdOf(this.state);
    if (this.snapshot.away !== 'me' || callId === null) return;
    resumeCall(callId).then(
      () => {
        if (callIdOf(this.state) === callId) this.publish({ away: null });
      },
      () => {
        if (callIdOf(this.state) === callId) this.dispatch({ type: 'dropped', at: this.now() });
      },
    );
  }

  /** The colleague's connection dropped: the server waits for it. */
  away({ callId }: { callId: string }) {
    if (callIdOf(this.state) === callId) this.publish({ away: 'them' });
  }

  /** A side came back: the caller restarts the network path, which may have changed with the connection. */
  resumed({ callId }: { callId: string }) {
    const state = this.state;
    if (callIdOf(state) !== callId) return;
    this.publish({ away: null });
    if ((state.phase === 'connecting' || state.phase === 'connected') && state.role === 'caller')
      this.link?.offer({ iceRestart: true });
  }

  // The media and the peer connection.

  private async getMedia(kind: CallKind): Promise<MediaStream | null> {
    try {
      return await requestMedia({ audio: true, video: kind === 'video' });
    } catch (error) {
      this.dispatch({ type: 'mediaError', reason: mediaErrorReason(error) });
      return null;
    }
  }

  private useLocal(stream: MediaStream) {
    this.setMedia({ remote: null });
    this.local.use(stream);
  }

  private createPeer(callId: string): PeerLink {
    this.link?.close();
    const link: PeerLink = new PeerLink({
      iceServers: this.iceServers,
      local: this.local.stream,
      send: (signal) => sendSignal(callId, signal),
      onRemote: (remote) => {
        if (link === this.link) this.setMedia({ remote });
      },
      onState: (state) => {
        if (link !== this.link) return;
        if (state === 'connected') this.dispatch({ type: 'connected', at: this.now() });
        else if (state === 'failed') this.lost(link, callId);
      },
      onBroken: () => this.lost(link, callId),
    });
    this.link = link;
    return link;
  }

  /** The media path could not be made or was lost for good: the call ends for both. */
  private lost(link: PeerLink, callId: string) {
    if (link !== this.link) return;
    this.dispatch({ type: 'dropped', at: this.now() });
    endCall(callId).catch(ignore);
  }

  private offer(callId: string) {
    this.createPeer(callId).offer();
  }

  private release() {
    this.publish({ away: null });
    this.local.release();
    this.link?.close();
    this.link = null;
    this.setMedia(NO_MEDIA);
  }
}

/** The tab's one call. */
export const callSession = new CallSession();
