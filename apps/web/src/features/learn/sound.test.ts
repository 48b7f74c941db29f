// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { notesOf, playSound, setSoundOn, soundOn } from './sound';

/** An AudioContext that notes each tone started, by its first frequency. */
function fakeAudio() {
  const tones: number[] = [];
  const param = () => ({ setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn() });
  class FakeContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume = () => Promise.resolve();
    createGain() {
      return { gain: param(), connect: (next: unknown) => next };
    }
    createOscillator() {
      const frequency = { ...param(), setValueAtTime: (hz: number) => tones.push(hz) };
      return { type: 'sine', frequency, connect: (next: unknown) => next, start: vi.fn(), stop: vi.fn() };
    }
  }
  vi.stubGlobal('AudioContext', FakeContext);
  return tones;
}

const signedIn = (id: number) => localStorage.setItem(STORAGE_KEYS.me, JSON.stringify({ user: { id }, abilities: {} }));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('game sound (issue #28)', () => {
  it('is off until the player turns it on, and is remembered for that player only', () => {
    signedIn(7);
    expect(soundOn()).toBe(false);
    setSoundOn(true);
    expect(soundOn()).toBe(true);
    expect(soundOn(8)).toBe(false);
    signedIn(8);
    expect(soundOn()).toBe(false);
    signedIn(7);
    expect(soundOn()).toBe(true);
    setSoundOn(false);
    expect(soundOn()).toBe(false);
    // Nobody signed in: no sound, and nothing to remember.
    localStorage.clear();
    setSoundOn(true);
    expect(soundOn()).toBe(false);
  });

  it('plays nothing while off, and each effect’s notes once on', () => {
    const tones = fakeAudio();
    signedIn(7);
    playSound('right');
    expect(tones).toEqual([]);
    setSoundOn(true);
    playSound('right');
    playSound('reward');
    expect(tones).toEqual([660, 880, 523, 659, 784, 1047]);
  });

  it('keeps every effect short and quiet: a tick under a tenth of a second, nothing over 0.2 volume', () => {
    for (const effect of ['right', 'wrong', 'tick', 'reward'] as const) {
      const notes = notesOf(effect);
      expect(Math.max(...notes.map((n) => n.at + n.length)), effect).toBeLessThanOrEqual(0.7);
      expect(Math.max(...notes.map((n) => n.volume)), effect).toBeLessThanOrEqual(0.2);
    }
    expect(notesOf('tick')[0]!.length).toBeLessThan(0.1);
  });

  it('never throws when the device has no audio', () => {
    signedIn(7);
    setSoundOn(true);
    vi.stubGlobal('AudioContext', undefined);
    expect(() => playSound('wrong')).not.toThrow();
  });
});
