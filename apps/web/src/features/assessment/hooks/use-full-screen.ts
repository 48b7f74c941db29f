import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

/**
 * Whether this browser can show the page in full screen. iPhone Safari (and some in-app browsers)
 * have no Fullscreen API for pages: a test then runs in the page as it is (the page says so).
 */
export function fullScreenSupported(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.fullscreenEnabled === true &&
    typeof document.documentElement.requestFullscreen === 'function'
  );
}

const subscribe = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};
const isFull = () => !!document.fullscreenElement;

/**
 * The Fullscreen API for a test (spec 4.9): enter on the student's tap, tell when the page left
 * full screen by the student's doing (Escape, the browser's button, switching apps), and leave it
 * quietly when the test ends (`exit`). A reload or a closed tab also leaves full screen; that is not
 * the student walking out of the test, so it is not reported (the test resumes in full screen).
 */
export function useFullScreen({ onLeft }: { onLeft: () => void }) {
  const full = useSyncExternalStore(subscribe, isFull, () => false);
  const [supported] = useState(fullScreenSupported);
  // Set when the browser refused (a permissions policy, an embedded frame): the test goes on without.
  const [refused, setRefused] = useState(false);
  const wasFull = useRef(false);
  const quiet = useRef(false);
  const left = useRef(onLeft);
  useEffect(() => {
    left.current = onLeft;
  });

  useEffect(() => {
    const unloading = () => {
      quiet.current = true;
    };
    window.addEventListener('pagehide', unloading);
    window.addEventListener('beforeunload', unloading);
    return () => {
      window.removeEventListener('pagehide', unloading);
      window.removeEventListener('beforeunload', unloading);
    };
  }, []);

  useEffect(() => {
    if (full) {
      wasFull.current = true;
      return;
    }
    if (wasFull.current && !quiet.current) left.current();
    wasFull.current = false;
  }, [full]);

  const enter = useCallback(async () => {
    quiet.current = false;
    try {
      await document.documentElement.requestFullscreen({ navigationUI: 'hide' });
    } catch {
      setRefused(true);
    }
  }, []);

  /** Leaves full screen without reporting it (the test was submitted or aborted). */
  const exit = useCallback(() => {
    quiet.current = true;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  }, []);

  return { supported: supported && !refused, full, enter, exit };
}
