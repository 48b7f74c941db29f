import { useEffect, useRef } from 'react';

/** Plays a media stream: a video element (muted for my own preview), or an audio one for a voice call. */
export function StreamMedia({
  stream,
  kind,
  muted = false,
  label,
  className,
  testId,
}: {
  stream: MediaStream | null;
  kind: 'video' | 'audio';
  muted?: boolean;
  label?: string;
  className?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || element.srcObject === stream) return;
    element.srcObject = stream;
    // Autoplay may be refused without a gesture; the call's buttons were one, so this rarely fails.
    if (stream) element.play().catch(() => undefined);
  }, [stream]);
  // A live call has no captions to give.
  return kind === 'video' ? (
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} className={className} data-testid={testId} />
  ) : (
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <audio ref={ref} autoPlay data-testid={testId} />
  );
}
