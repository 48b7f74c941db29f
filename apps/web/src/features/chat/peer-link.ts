import type { CallSignal, IceServer } from '@ki/contracts';

/**
 * One WebRTC connection to one other browser, for a one-to-one call (call-session.ts) and for each
 * other person of a meeting (meeting-session.ts): my tracks go in, theirs come out, and the offers,
 * answers and network candidates the two sides exchange through the server are applied one after
 * another in the order they came. Candidates that come before the other side's description wait for it.
 */

const ignore = () => undefined;

export interface PeerLinkOptions {
  iceServers: IceServer[];
  /** My camera and microphone (null: I have neither). */
  local: MediaStream | null;
  /** The video to send, when it is not the camera's (a meeting's shared screen): asked when it is needed. */
  video?: () => MediaStreamTrack | null;
  /** Hands the other side an offer, an answer or a network candidate. */
  send: (signal: CallSignal) => Promise<unknown>;
  /** Their media, each time a track of theirs arrives. */
  onRemote: (remote: MediaStream) => void;
  onState: (state: RTCPeerConnectionState) => void;
  /** A description could not be made, applied or sent: the link is of no use. */
  onBroken: () => void;
  /**
   * A meeting's links: audio and video lines even when I have no microphone or camera, so I receive
   * theirs (an offer without lines carries nothing) and can send a screen later; and when the network
   * path fails, the side that offered restarts it with a new offer.
   */
  meeting?: boolean;
}

export class PeerLink {
  private readonly pc: RTCPeerConnection;
  /** Offers, answers and candidates, applied one after another. */
  private queue: Promise<void> = Promise.resolve();
  /** Candidates that came before the other side's description. */
  private early: RTCIceCandidateInit[] = [];
  private videoSender: RTCRtpSender | null = null;
  private remote: MediaStream | null = null;
  /** Whether this side made the offer (it restarts a failed path). */
  private offered = false;
  private closed = false;

  constructor(private readonly options: PeerLinkOptions) {
    const pc = new RTCPeerConnection({ iceServers: options.iceServers });
    this.pc = pc;
    const { local } = options;
    for (const track of local?.getTracks() ?? []) {
      const sent = track.kind === 'video' ? (options.video?.() ?? track) : track;
      const sender = pc.addTrack(sent, local!);
      if (track.kind === 'video') this.videoSender = sender;
    }
    pc.addEventListener('icecandidate', ({ candidate }) => {
      if (this.closed || !candidate?.candidate) return;
      options
        .send({
          type: 'candidate',
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid,
          sdpMLineIndex: candidate.sdpMLineIndex,
        })
        .catch(ignore);
    });
    pc.addEventListener('track', ({ streams, track }) => {
      if (this.closed) return;
      const remote = streams[0] ?? this.remote ?? new MediaStream();
      if (!remote.getTracks().includes(track)) remote.addTrack(track);
      this.remote = remote;
      options.onRemote(remote);
    });
    pc.addEventListener('connectionstatechange', () => {
      if (!this.closed) options.onState(pc.connectionState);
    });
    pc.addEventListener('iceconnectionstatechange', () => {
      if (!this.closed && options.meeting && this.offered && pc.iceConnectionState === 'failed')
        this.offer({ iceRestart: true });
    });
  }

  /** Whether a video line goes to them, so a shared screen can replace the camera. */
  get sendsVideo(): boolean {
    return this.videoSender !== null;
  }

  /** Sends them an offer (again with `iceRestart` when the network path failed). */
  offer({ iceRestart = false }: { iceRestart?: boolean } = {}) {
    if (!this.offered && this.options.meeting) this.addMissingLines();
    this.offered = true;
    this.run(async () => {
      const offer = await this.pc.createOffer(iceRestart ? { iceRestart: true } : undefined);
      await this.pc.setLocalDescription(offer);
      await this.options.send({ type: 'offer', sdp: offer.sdp ?? '' });
    });
  }

  /** Their offer (answered), answer or network candidate. */
  receive(signal: CallSignal) {
    this.run(() => this.apply(signal));
  }

  /** Sends `track` (a screen, the camera again, or nothing) instead of the video sent now. */
  async replaceVideo(track: MediaStreamTrack | null) {
    await this.videoSender?.replaceTrack(track);
  }

  /** Bytes of media received from them and sent to them so far. */
  async traffic(): Promise<{ received: number; sent: number }> {
    let received = 0;
    let sent = 0;
    const report = await this.pc.getStats();
    report.forEach((entry: { type?: string; bytesReceived?: number; bytesSent?: number }) => {
      if (entry.type === 'inbound-rtp') received += entry.bytesReceived ?? 0;
      if (entry.type === 'outbound-rtp') sent += entry.bytesSent ?? 0;
    });
    return { received, sent };
  }

  close() {
    this.closed = true;
    this.early = [];
    this.pc.close();
  }

  private run(step: () => Promise<void>) {
    this.queue = this.queue
      .then(() => (this.closed ? undefined : step()))
      .catch(() => {
        if (!this.closed) this.options.onBroken();
      });
  }

  private async apply(signal: CallSignal) {
    const pc = this.pc;
    if (signal.type === 'candidate') {
      const candidate = { candidate: signal.candidate, sdpMid: signal.sdpMid, sdpMLineIndex: signal.sdpMLineIndex };
      if (pc.remoteDescription) await pc.addIceCandidate(candidate).catch(ignore);
      else this.early.push(candidate);
      return;
    }
    await pc.setRemoteDescription({ type: signal.type, sdp: signal.sdp });
    for (const candidate of this.early.splice(0)) await pc.addIceCandidate(candidate).catch(ignore);
    if (signal.type === 'offer') {
      if (this.options.meeting && !this.offered) this.answerWithVideoLine();
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      await this.options.send({ type: 'answer', sdp: answer.sdp ?? '' });
    }
  }

  /** The offering side of a meeting: lines for the kinds I have no track of, to receive theirs. */
  private addMissingLines() {
    const kinds = new Set(this.pc.getSenders().map((s) => s.track?.kind));
    const streams = this.options.local ? [this.options.local] : [];
    if (!kinds.has('audio')) this.pc.addTransceiver('audio', { direction: 'sendrecv', streams });
    if (!kinds.has('video'))
      this.videoSender = this.pc.addTransceiver('video', { direction: 'sendrecv', streams }).sender;
  }

  /**
   * The answering side of a meeting without a camera: the offer's video line is answered as able to
   * send, so a screen shared later goes out on it without a new offer.
   */
  private answerWithVideoLine() {
    if (this.videoSender) return;
    const line = this.pc.getTransceivers().find((t) => t.receiver.track.kind === 'video' && !t.sender.track);
    if (!line) return;
    line.direction = 'sendrecv';
    this.videoSender = line.sender;
    const video = this.options.video?.();
    if (video) void line.sender.replaceTrack(video).catch(ignore);
  }
}
