import { IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The last seconds, in red. */
const LOW_SECONDS = 5;

/** Seconds left until `deadline` (this device's clock), counted here: the server does not tick. */
export function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, []);
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** The question's countdown chip and bar. The server times the answers; this only shows the time. */
export function QuestionTimer({ left, seconds }: { left: number; seconds: number }) {
  const { t } = useTranslation('assessment');
  return (
    <span
      className="ki-live-timer"
      role="timer"
      aria-label={t('challenge.secondsLeft', { count: left })}
      data-low={left <= LOW_SECONDS ? '' : undefined}
      data-seconds={left}
      data-testid="timer"
    >
      <IconClock size={18} aria-hidden="true" />
      {/* Screen readers hear the last five seconds and every tenth, not every tick. */}
      <span aria-live={left <= LOW_SECONDS || left % 10 === 0 ? 'polite' : 'off'}>{left}</span>
      <span className="ki-live-bar" aria-hidden="true" style={{ width: `${(100 * left) / seconds}%` }} />
    </span>
  );
}
