/**
 * My camera, microphone and shared screen in a call or a meeting: muting and turning the camera off
 * act on my own tracks (so every connection they go out on follows), and a shared screen replaces
 * the camera's video through `sendVideo` until I stop or the browser's own "Stop sharing".
 */

const ignore = () => undefined;

/** What of my media the screen shows and the controls say. */
export interface LocalMediaState {
  /** My camera (or my shared screen) for the small preview. */
  preview: MediaStream | null;
  muted: boolean;
  cameraOff: boolean;
  sharing: boolean;
}

export const NO_LOCAL_MEDIA: LocalMediaState = { preview: null, muted: false, cameraOff: false, sharing: false };

export function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Why the camera or microphone could not be had, from getUserMedia's error. */
export function mediaErrorReason(error: unknown): 'blocked' | 'noDevice' {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError'
    ? 'blocked'
    : 'noDevice';
}

/** The browser's camera and microphone (it asks the user); throws as getUserMedia does. */
export function requestMedia(constraints: { audio: boolean; video: boolean }): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia)
    return Promise.reject(new DOMException('No media devices', 'NotFoundError'));
  return navigator.mediaDevices.getUserMedia(constraints);
}

const previewOf = (stream: MediaStream | null) => (stream?.getVideoTracks().length ? stream : null);

export class LocalMedia {
  private local: MediaStream | null = null;
  private screen: MediaStreamTrack | null = null;
  private current: LocalMediaState = NO_LOCAL_MEDIA;

  constructor(
    private readonly hooks: {
      changed: (state: LocalMediaState) => void;
      /** Puts a track (a screen, the camera again) on the video going out. */
      sendVideo: (track: MediaStreamTrack | null) => Promise<void>;
    },
  ) {}

  get state(): LocalMediaState {
    return this.current;
  }

  /** My camera and microphone, as getUserMedia gave them. */
  get stream(): MediaStream | null {
    return this.local;
  }

  /** The video going out now: the shared screen, else the camera's. */
  get video(): MediaStreamTrack | null {
    return this.screen ?? this.local?.getVideoTracks()[0] ?? null;
  }

  private set(next: Partial<LocalMediaState>) {
    this.current = { ...this.current, ...next };
    this.hooks.changed(this.current);
  }

  use(stream: MediaStream) {
    this.local = stream;
    this.set({ ...NO_LOCAL_MEDIA, preview: previewOf(stream) });
  }

  toggleMute() {
    const muted = !this.current.muted;
    for (const track of this.local?.getAudioTracks() ?? []) track.enabled = !muted;
    this.set({ muted });
  }

  toggleCamera() {
    const cameraOff = !this.current.cameraOff;
    for (const track of this.local?.getVideoTracks() ?? []) track.enabled = !cameraOff;
    this.set({ cameraOff });
  }

  /** Whether this browser can share a screen (not phones' browsers). */
  get canShareScreen(): boolean {
    return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';
  }

  /** Sends my screen instead of my camera while `canSend` holds (the call or meeting is still on). */
  async shareScreen(canSend: () => boolean) {
    if (this.screen || !this.canShareScreen || !canSend()) return;
    let display: MediaStream;
    try {
      display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    } catch {
      return; // the user chose nothing
    }
    const track = display.getVideoTracks()[0];
    if (!track || !canSend()) {
      stopStream(display);
      return;
    }
    try {
      await this.hooks.sendVideo(track);
    } catch {
      track.stop();
      return;
    }
    this.screen = track;
    track.addEventListener('ended', () => void this.stopSharing());
    this.set({ sharing: true, preview: display });
  }

  /** Back to the camera. */
  async stopSharing() {
    const track = this.screen;
    if (!track) return;
    this.screen = null;
    track.stop();
    await this.hooks.sendVideo(this.local?.getVideoTracks()[0] ?? null).catch(ignore);
    this.set({ sharing: false, preview: previewOf(this.local) });
  }

  /** Stops the camera, microphone and screen. */
  release() {
    stopStream(this.local);
    this.screen?.stop();
    this.local = null;
    this.screen = null;
    this.set(NO_LOCAL_MEDIA);
  }
}
