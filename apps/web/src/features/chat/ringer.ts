/**
 * The sound of a call (issue #25: a ringtone for incoming calls): a ring while a colleague calls
 * this tab (with a vibration on phones that have it), and a quieter ringback while the caller waits
 * for the colleague to answer. Made with the Web Audio API, so there is no sound file to download;
 * India's cadence: 0.4 s on, 0.2 s off, 0.4 s on, 2 s off. A browser that has not let the page play
 * sound yet (no tap on it so far) stays silent; the call's dialog still shows.
 */
export interface Ringer {
  start(kind: 'incoming' | 'outgoing'): void;
  stop(): void;
}

/** One cadence: two bursts, then the pause, in seconds. */
const BURSTS: readonly [start: number, length: number][] = [
  [0, 0.4],
  [0.6, 0.4],
];
const CYCLE_MS = 3000;
const VIBRATION = [400, 200, 400];

export function webAudioRinger(): Ringer {
  let context: AudioContext | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  const cadence = (ctx: AudioContext, kind: 'incoming' | 'outgoing') => {
    const at = ctx.currentTime + 0.05;
    // The ring is two tones (as a phone's bell); the ringback one lower, quieter tone.
    const tones = kind === 'incoming' ? [440, 480] : [400];
    const volume = kind === 'incoming' ? 0.12 : 0.05;
    for (const [offset, length] of BURSTS) {
      const gain = ctx.createGain();
      gain.gain.setValueAtTime(0, at + offset);
      gain.gain.linearRampToValueAtTime(volume, at + offset + 0.02);
      gain.gain.setValueAtTime(volume, at + offset + length - 0.02);
      gain.gain.linearRampToValueAtTime(0, at + offset + length);
      gain.connect(ctx.destination);
      for (const frequency of tones) {
        const tone = ctx.createOscillator();
        tone.frequency.value = frequency;
        tone.connect(gain);
        tone.start(at + offset);
        tone.stop(at + offset + length);
      }
    }
    if (kind === 'incoming') navigator.vibrate?.(VIBRATION);
  };

  return {
    start(kind) {
      this.stop();
      const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
      if (!Context) return;
      try {
        context ??= new Context();
        void context.resume().catch(() => undefined);
      } catch {
        return;
      }
      const ctx = context;
      cadence(ctx, kind);
      timer = setInterval(() => cadence(ctx, kind), CYCLE_MS);
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      navigator.vibrate?.(0);
    },
  };
}
