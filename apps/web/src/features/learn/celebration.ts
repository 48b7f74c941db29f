/**
 * Celebration on the result screens (issue #28): confetti when a game went well, calm when it did
 * not (the feedback's encouragement says the rest), and no motion at all for a reader who asked the
 * system for reduced motion; a fanfare when the sound is on (sound.ts). canvas-confetti loads on demand, only when there is something to
 * celebrate (it is in no first load).
 */
import { useEffect, useState } from 'react';
import { playSound } from './sound';

/** At least this share right (8 of 10: the 'Very good' and 'Excellent' feedback) earns confetti. */
export const CELEBRATION_MIN_ACCURACY = 80;

export type Celebration = 'confetti' | 'still' | 'calm';

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** What a finished game gets: confetti, the same without motion, or a calm screen. */
export function celebrationFor(accuracy: number, reducedMotion: boolean): Celebration {
  if (accuracy < CELEBRATION_MIN_ACCURACY) return 'calm';
  return reducedMotion ? 'still' : 'confetti';
}

/** Two bursts from the lower corners, over the page, never catching a tap. */
async function confettiBursts(): Promise<void> {
  const { default: confetti } = await import('canvas-confetti');
  const shared = {
    particleCount: 70,
    spread: 65,
    startVelocity: 50,
    ticks: 180,
    zIndex: 400,
    disableForReducedMotion: true,
  };
  void confetti({ ...shared, angle: 60, origin: { x: 0, y: 0.85 } });
  void confetti({ ...shared, angle: 120, origin: { x: 1, y: 0.85 } });
}

/**
 * Celebrates once when the result of a game just played appears (`fresh`: not a past attempt shown
 * again); returns what it chose, for the page's data attribute.
 */
export function useCelebration(accuracy: number, fresh = true): Celebration {
  const [celebration] = useState(() => (fresh ? celebrationFor(accuracy, prefersReducedMotion()) : 'calm'));
  useEffect(() => {
    if (celebration === 'confetti') void confettiBursts().catch(() => undefined);
    // The fanfare is sound, not motion: it plays under reduced motion too (when the sound is on).
    if (celebration !== 'calm') playSound('reward');
  }, [celebration]);
  return celebration;
}

/**
 * A number counting up to its value (the coins earned flowing in), over `ms`; at once under reduced
 * motion or when it is 0.
 */
export function useCountUp(value: number, ms = 900): number {
  const [shown, setShown] = useState(() => (value > 0 && !prefersReducedMotion() ? 0 : value));
  useEffect(() => {
    if (value <= 0 || prefersReducedMotion()) {
      setShown(value);
      return;
    }
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const p = Math.min(1, (now - start) / ms);
      // Ease out: fast at first, settling on the value.
      setShown(Math.round(value * (1 - (1 - p) ** 3)));
      if (p < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [value, ms]);
  return shown;
}
