import type { CallEndReason, CallKind, CallSignal, IceServer, IncomingCall } from '@ki/contracts';
import { ApiError } from '../../lib/api-client';
import { answerCall, endCall, sendSignal, startCall } from './api/calls';
import { callIdOf, callReducer, IDLE, isBusy, ringingOf, type CallAction, type CallEffect, type CallPeer, type CallState } from './call-state';
import { webAudioRinger, type Ringer } from './ringer';

/**
 * The tab's one call: carries out call-state.ts's machine with the browser's camera, microphone,
 * screen and RTCPeerConnection, and the socket's call events (api/calls.ts; chat-events.ts hands
 * them over through call-entry.ts). The caller makes the offer once the colleague has accepted;
 * both sides send their network candidates as they find them. Whatever way a call ends, its tracks
 * are stopped and its peer connection closed (the 'release' effect).
 */

/** The call's media, for the call screen. */
export interface CallMedia {
  /** My camera (or my shared screen) for the small preview. */
  preview: MediaStream | null;
  /** The colleague's audio and video. */
  remote: MediaStream | null;
  muted: boolean;
  cameraOff: boolean;
  sharing: boolean;
}

export interface CallSnapshot {
  state: CallState;
  media: CallMedia;
}

const NO_MEDIA: CallMedia = { preview: null, remote: null, muted: false, cameraOff: false, sharing: false };

/** Why the camera or microphone could not be had, from getUserMedia's error. */
export function mediaErrorReason(error: unknown): 'blocked' | 'noDevice' {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError' ? 'blocked' : 'noDevice';
}

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'INTERNAL');
const ignore = () => undefined;

function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export class CallSession {
  private snapshot: CallSnapshot = { state: IDLE, media: NO_MEDIA };
  private readonly listeners = new Set<() => void>();
  private local: MediaStream | null = null;
  private screen: MediaStreamTrack | null = null;
  private pc: RTCPeerConnection | null = null;
  private videoSender: RTCRtpSender | null = null;
  private iceServers: IceServer[] = [];
  /** Offers, answers and candidates are applied one after another, in the order they came. */
  private signals: Promise<void> = Promise.resolve();
  /** Candidates that came before the other side's description. */
  private early: RTCIceCandidateInit[] = [];
  /** Counts calls started here, so a late answer of an earlier one is not taken for the current. */
  private attempt = 0;

  /** What the ringer plays now (ringingOf the state). */
  private ringing: 'incoming' | 'outgoing' | null = null;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ringer: Ringer = webAudioRinger(),
  ) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): CallSnapshot => this.snapshot;

  get state(): CallState {
    return this.snapshot.state;
  }

  private publish(next: Partial<CallSnapshot>) {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener();
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
    const muted = !this.snapshot.media.muted;
    for (const track of this.local?.getAudioTracks() ?? []) track.enabled = !muted;
    this.setMedia({ muted });
  }

  toggleCamera() {
    const cameraOff = !this.snapshot.media.cameraOff;
    for (const track of this.local?.getVideoTracks() ?? []) track.enabled = !cameraOff;
    this.setMedia({ cameraOff });
  }

  /** Whether this browser can share a screen (not phones' browsers). */
  get canShareScreen(): boolean {
    return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';
  }

  /** Sends my screen instead of my camera, until I stop or the browser's own "Stop sharing". */
  async shareScreen() {
    if (!this.videoSender || this.screen || !this.canShareScreen) return;
    let display: MediaStream;
    try {
      display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    } catch {
      return; // the user chose nothing
    }
    const track = display.getVideoTracks()[0];
    const sender = this.videoSender;
    if (!track || !sender || !isBusy(this.state)) {
      stopStream(display);
      return;
    }
    try {
      await sender.replaceTrack(track);
    } catch {
      track.stop();
      return;
    }
    this.screen = track;
    track.addEventListener('ended', () => void this.stopSharing());
    this.setMedia({ sharing: true, preview: display });
  }

  /** Back to the camera. */
  async stopSharing() {
    const track = this.screen;
    if (!track) return;
    this.screen = null;
    track.stop();
    await this.videoSender?.replaceTrack(this.local?.getVideoTracks()[0] ?? null).catch(ignore);
    this.setMedia({ sharing: false, preview: this.local });
  }

  /** Bytes received and sent so far on the call's media (the call screen shows them to tests). */
  async traffic(): Promise<{ received: number; sent: number } | null> {
    const pc = this.pc;
    if (!pc) return null;
    let received = 0;
    let sent = 0;
    const report = await pc.getStats();
    report.forEach((entry: { type?: string; bytesReceived?: number; bytesSent?: number }) => {
      if (entry.type === 'inbound-rtp') received += entry.bytesReceived ?? 0;
      if (entry.type === 'outbound-rtp') sent += entry.bytesSent ?? 0;
    });
    return { received, sent };
  }

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
    const pc = this.pc;
    if (!pc || callIdOf(this.state) !== callId) return;
    this.signals = this.signals.then(() => this.apply(pc, callId, signal)).catch(() => this.lost(pc, callId));
  }

  /** This tab's connection to the server closed: the server has ended its calls. */
  disconnected() {
    this.dispatch({ type: 'dropped', at: this.now() });
  }

  // The media and the peer connection.

  private async getMedia(kind: CallKind): Promise<MediaStream | null> {
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No media devices', 'NotFoundError');
      return await navigator.mediaDevices.getUserMedia({ audio: true, video: kind === 'video' });
    } catch (error) {
      this.dispatch({ type: 'mediaError', reason: mediaErrorReason(error) });
      return null;
    }
  }

  private useLocal(stream: MediaStream) {
    this.local = stream;
    this.setMedia({ ...NO_MEDIA, preview: stream.getVideoTracks().length ? stream : null });
  }

  private createPeer(callId: string) {
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    this.pc = pc;
    this.early = [];
    this.signals = Promise.resolve();
    for (const track of this.local?.getTracks() ?? []) {
      const sender = pc.addTrack(track, this.local!);
      if (track.kind === 'video') this.videoSender = sender;
    }
    pc.addEventListener('icecandidate', ({ candidate }) => {
      if (pc !== this.pc || !candidate?.candidate) return;
      sendSignal(callId, { type: 'candidate', candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex }).catch(ignore);
    });
    pc.addEventListener('track', ({ streams, track }) => {
      if (pc !== this.pc) return;
      const remote = streams[0] ?? this.snapshot.media.remote ?? new MediaStream();
      if (!remote.getTracks().includes(track)) remote.addTrack(track);
      this.setMedia({ remote });
    });
    pc.addEventListener('connectionstatechange', () => {
      if (pc !== this.pc) return;
      if (pc.connectionState === 'connected') this.dispatch({ type: 'connected', at: this.now() });
      else if (pc.connectionState === 'failed') this.lost(pc, callId);
    });
  }

  /** The media path could not be made or was lost for good: the call ends for both. */
  private lost(pc: RTCPeerConnection, callId: string) {
    if (pc !== this.pc) return;
    this.dispatch({ type: 'dropped', at: this.now() });
    endCall(callId).catch(ignore);
  }

  private offer(callId: string) {
    this.createPeer(callId);
    const pc = this.pc!;
    this.signals = this.signals
      .then(async () => {
        const offer = await pc.createOffer();
        await pc.setLocalDescription(offer);
        await sendSignal(callId, { type: 'offer', sdp: offer.sdp ?? '' });
      })
      .catch(() => this.lost(pc, callId));
  }

  private async apply(pc: RTCPeerConnection, callId: string, signal: CallSignal) {
    if (pc !== this.pc) return;
    if (signal.type === 'candidate') {
      const candidate = { candidate: signal.candidate, sdpMid: signal.sdpMid, sdpMLineIndex: signal.sdpMLineIndex };
      if (pc.remoteDescription) await pc.addIceCandidate(candidate).catch(ignore);
      else this.early.push(candidate);
      return;
    }
    await pc.setRemoteDescription({ type: signal.type, sdp: signal.sdp });
    for (const candidate of this.early.splice(0)) await pc.addIceCandidate(candidate).catch(ignore);
    if (signal.type === 'offer') {
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      await sendSignal(callId, { type: 'answer', sdp: answer.sdp ?? '' });
    }
  }

  private release() {
    stopStream(this.local);
    this.screen?.stop();
    this.pc?.close();
    this.local = null;
    this.screen = null;
    this.pc = null;
    this.videoSender = null;
    this.early = [];
    this.setMedia(NO_MEDIA);
  }
}

/** The tab's one call. */
export const callSession = new CallSession();
