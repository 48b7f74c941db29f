/**
 * The game's sound effects (issue #28): a chime for a right answer, a soft low note for a wrong one
 * (or time up), a tick in each of a question's last five seconds, a fanfare for a reward. Made with
 * the Web Audio API, so there are no files to download or cache: they play offline as well.
 *
 * Off until the player turns them on (a classroom's shared tablet stays quiet), and remembered per
 * user on the device. A sound never holds up play: anything the browser refuses is ignored.
 */
import { useSyncExternalStore } from 'react';
import { storedMe } from '../../lib/session';

export type SoundEffect = 'right' | 'wrong' | 'tick' | 'reward';

interface Note {
  /** Hz; a second value glides to it. */
  frequency: number;
  to?: number;
  /** Seconds after the effect starts, and how long. */
  at: number;
  length: number;
  wave: OscillatorType;
  volume: number;
}

/** The notes of each effect: short, and quiet next to speech in a classroom. */
export function notesOf(effect: SoundEffect): Note[] {
  switch (effect) {
    case 'right':
      return [
        { frequency: 660, at: 0, length: 0.12, wave: 'sine', volume: 0.18 },
        { frequency: 880, at: 0.1, length: 0.2, wave: 'sine', volume: 0.18 },
      ];
    case 'wrong':
      return [{ frequency: 240, to: 170, at: 0, length: 0.3, wave: 'triangle', volume: 0.16 }];
    case 'tick':
      return [{ frequency: 1200, at: 0, length: 0.035, wave: 'square', volume: 0.04 }];
    case 'reward':
      return [523, 659, 784, 1047].map((frequency, i) => ({
        frequency,
        at: i * 0.1,
        length: i === 3 ? 0.35 : 0.12,
        wave: 'sine' as const,
        volume: 0.16,
      }));
  }
}

const keyOf = (userId: number) => `ki.sound.${userId}`;
const listeners = new Set<() => void>();

function currentUserId(): number | null {
  return storedMe()?.user.id ?? null;
}

/** Whether the signed-in user has turned the sound on, on this device. */
export function soundOn(userId: number | null = currentUserId()): boolean {
  if (userId === null) return false;
  try {
    return localStorage.getItem(keyOf(userId)) === 'on';
  } catch {
    return false;
  }
}

export function setSoundOn(on: boolean, userId: number | null = currentUserId()): void {
  if (userId === null) return;
  try {
    if (on) localStorage.setItem(keyOf(userId), 'on');
    else localStorage.removeItem(keyOf(userId));
  } catch {
    // Storage refused (private mode): the setting lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/** The setting for a toggle: re-renders when it changes. */
export function useSoundOn(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => soundOn(),
  );
}

let context: AudioContext | null = null;

/** Plays an effect when the sound is on; never throws. */
export function playSound(effect: SoundEffect): void {
  if (!soundOn()) return;
  try {
    const Context = window.AudioContext;
    if (!Context) return;
    context ??= new Context();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime + 0.01;
    for (const note of notesOf(effect)) {
      const tone = ctx.createOscillator();
      const gain = ctx.createGain();
      tone.type = note.wave;
      tone.frequency.setValueAtTime(note.frequency, start + note.at);
      if (note.to) tone.frequency.linearRampToValueAtTime(note.to, start + note.at + note.length);
      gain.gain.setValueAtTime(0, start + note.at);
      gain.gain.linearRampToValueAtTime(note.volume, start + note.at + 0.01);
      gain.gain.linearRampToValueAtTime(0, start + note.at + note.length);
      tone.connect(gain).connect(ctx.destination);
      tone.start(start + note.at);
      tone.stop(start + note.at + note.length + 0.02);
    }
  } catch {
    // No audio on this device, or the browser refused: play goes on in silence.
  }
}
