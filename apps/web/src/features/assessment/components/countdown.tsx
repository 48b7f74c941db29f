import { IconClock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoadedAttempt } from '../api/loaded-attempt';
import { formatCountdown, secondsLeft } from '../server-clock';

/** Under a minute left, the chip turns red. */
const LOW_SECONDS = 60;

/**
 * The time left, counted to the server's deadline on the server's clock (its serverNow, corrected
 * for the device's clock): a wrong device clock neither hides nor adds time. Ticks on its own, so
 * the question does not render again each second; calls onTimeUp once at 0.
 */
export function Countdown({ attempt, onTimeUp }: { attempt: LoadedAttempt; onTimeUp: () => void }) {
  const { t } = useTranslation('assessment');
  const [left, setLeft] = useState(() => secondsLeft(attempt, Date.now()));
  const up = useRef(onTimeUp);
  useEffect(() => {
    up.current = onTimeUp;
  });
  useEffect(() => {
    let done = false;
    const tick = () => {
      const remaining = secondsLeft(attempt, Date.now());
      setLeft(remaining);
      if (remaining <= 0 && !done) {
        done = true;
        up.current();
      }
    };
    tick();
    const id = window.setInterval(tick, 250);
    return () => window.clearInterval(id);
  }, [attempt]);
  const text = formatCountdown(left);
  const whole = Math.ceil(left);
  return (
    <span
      className="ki-countdown"
      role="timer"
      data-low={left <= LOW_SECONDS ? '' : undefined}
      aria-label={t('attempt.timeLeft', { time: text })}
      data-testid="countdown"
      data-seconds={whole}
    >
      <IconClock size={18} aria-hidden="true" />
      {/* Screen readers hear the last minute's whole minutes and the last ten seconds, not every tick. */}
      <span aria-live={whole <= 10 || (whole <= LOW_SECONDS && whole % 15 === 0) ? 'polite' : 'off'}>{text}</span>
    </span>
  );
}
