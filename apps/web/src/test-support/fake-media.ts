import { vi } from 'vitest';

/**
 * The browser's camera, microphone and RTCPeerConnection for a test of calls or meetings: tracks
 * that note being stopped, streams, and peer connections that note what was added, offered,
 * applied and closed, and that the test makes reach the other side (`reach`) or fail (`fail`).
 */

export class FakeTrack {
  enabled = true;
  stopped = false;
  muted = false;
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.stopped = true;
  }
  addEventListener() {}
  removeEventListener() {}
}

export class FakeStream {
  constructor(readonly tracks: FakeTrack[] = []) {}
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
}

class FakeSender {
  constructor(public track: FakeTrack | null) {}
  async replaceTrack(track: FakeTrack | null) {
    this.track = track;
  }
}

export class FakeTransceiver {
  readonly sender: FakeSender;
  readonly receiver: { track: { kind: string } };
  constructor(
    kind: string,
    track: FakeTrack | null,
    public direction: string,
  ) {
    this.sender = new FakeSender(track);
    this.receiver = { track: { kind } };
  }
}

export class FakePeer extends EventTarget {
  /** Every connection made since the last `stubMedia`, in order. */
  static all: FakePeer[] = [];
  /** What getStats says was received. */
  static bytesReceived = 1234;
  connectionState = 'new';
  iceConnectionState = 'new';
  remoteDescription: unknown = null;
  closed = false;
  readonly transceivers: FakeTransceiver[] = [];
  readonly candidates: unknown[] = [];
  /** The options of each createOffer. */
  readonly offers: unknown[] = [];
  constructor(readonly config: unknown) {
    super();
    FakePeer.all.push(this);
  }
  /** The tracks added, in order. */
  get added(): FakeTrack[] {
    return this.transceivers.flatMap((t) => (t.sender.track ? [t.sender.track] : []));
  }
  addTrack(track: FakeTrack) {
    const line = new FakeTransceiver(track.kind, track, 'sendrecv');
    this.transceivers.push(line);
    return line.sender;
  }
  addTransceiver(kind: string, init: { direction: string }) {
    const line = new FakeTransceiver(kind, null, init.direction);
    this.transceivers.push(line);
    return line;
  }
  getSenders() {
    return this.transceivers.map((t) => t.sender);
  }
  getTransceivers() {
    return this.transceivers;
  }
  async createOffer(options?: unknown) {
    this.offers.push(options);
    return { type: 'offer', sdp: 'v=0 offer' };
  }
  async createAnswer() {
    return { type: 'answer', sdp: 'v=0 answer' };
  }
  async setLocalDescription() {}
  async setRemoteDescription(description: { type: string }) {
    this.remoteDescription = description;
    // An offer's video line that the answering side had no track for becomes one of its own (receive only).
    if (description.type === 'offer' && !this.transceivers.some((t) => t.receiver.track.kind === 'video'))
      this.transceivers.push(new FakeTransceiver('video', null, 'recvonly'));
  }
  async addIceCandidate(candidate: unknown) {
    this.candidates.push(candidate);
  }
  close() {
    this.closed = true;
  }
  async getStats() {
    return new Map([['in', { type: 'inbound-rtp', bytesReceived: FakePeer.bytesReceived }]]);
  }
  /** The browsers reached each other, and the other side's media arrives. */
  reach() {
    const remote = new FakeStream([new FakeTrack('audio'), new FakeTrack('video')]);
    this.dispatchEvent(Object.assign(new Event('track'), { streams: [remote], track: remote.tracks[0] }));
    this.connectionState = 'connected';
    this.dispatchEvent(new Event('connectionstatechange'));
  }
  /** The network path between them failed. */
  fail() {
    this.iceConnectionState = 'failed';
    this.dispatchEvent(new Event('iceconnectionstatechange'));
  }
}

/**
 * Puts the fakes in place of the browser's (vi.unstubAllGlobals takes them away): getUserMedia gives
 * a fresh stream of the kinds asked for, and every track it gives is in `tracks`.
 */
export function stubMedia() {
  FakePeer.all = [];
  FakePeer.bytesReceived = 1234;
  const tracks: FakeTrack[] = [];
  const getUserMedia = vi.fn(async ({ audio, video }: { audio: boolean; video: boolean }) => {
    const stream = new FakeStream([
      ...(audio ? [new FakeTrack('audio')] : []),
      ...(video ? [new FakeTrack('video')] : []),
    ]);
    tracks.push(...stream.tracks);
    return stream;
  });
  vi.stubGlobal('RTCPeerConnection', FakePeer);
  vi.stubGlobal('MediaStream', FakeStream);
  if (typeof window === 'undefined') vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
  else Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return { getUserMedia, tracks };
}
