import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AssessmentKind } from '@ki/contracts';
import { assessmentPaths } from '../../../config/assessment-paths';
import type { LoadedAttempt } from '../api/loaded-attempt';
import { openAttemptOf } from '../error-text';
import { fullScreenSupported } from './use-full-screen';

/**
 * Starting a quiz or test from a page's Start button, then opening the attempt. A test asks for
 * full screen in the same tap (the browser allows it only on a tap), before the server answers; a
 * start that fails leaves full screen again. 409 ATTEMPT_OPEN hands the open attempt to the page's
 * dialog (resume it, or abort it and start again).
 */
export function useStartAndOpen(kind: AssessmentKind, start: () => Promise<LoadedAttempt>) {
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setError(null);
    setBusy(true);
    const wantsFullScreen = kind === 'test' && fullScreenSupported() && !document.fullscreenElement;
    // Not awaited before the request: the tap's permission to go full screen is used at once.
    const full = wantsFullScreen
      ? document.documentElement.requestFullscreen({ navigationUI: 'hide' }).catch(() => undefined)
      : null;
    try {
      const attempt = await start();
      await full;
      void navigate(assessmentPaths.attempt(attempt.id));
    } catch (e) {
      await full;
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      const open = openAttemptOf(e);
      if (open) setConflict(open);
      else setError(e);
    } finally {
      setBusy(false);
    }
  };

  return { run, busy, error, conflict, closeConflict: () => setConflict(null) };
}
