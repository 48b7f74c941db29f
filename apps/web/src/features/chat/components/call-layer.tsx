import { useSyncExternalStore } from 'react';
import { MantineRoot } from '../../../ui/mantine-root';
import { callSession } from '../call-session';
import { CallScreen } from './call-screen';
import { IncomingCallDialog } from './incoming-call';
import '../call.css';

/**
 * The tab's call, on whichever staff page is open (nav-badge.tsx mounts it lazily): the
 * incoming-call dialog while a colleague's call rings here, else the call screen. The shell has no
 * Mantine (docs/PERFORMANCE.md), so the layer brings its own provider.
 */
export default function CallLayer() {
  const { state, media, away } = useSyncExternalStore(callSession.subscribe, callSession.getSnapshot);
  if (state.phase === 'idle') return null;
  return (
    <MantineRoot>
      {state.phase === 'incoming' ? (
        <IncomingCallDialog
          key={state.call.callId}
          call={state.call}
          onAccept={() => callSession.accept()}
          onDecline={() => callSession.decline()}
        />
      ) : (
        <CallScreen state={state} media={media} away={away} session={callSession} />
      )}
    </MantineRoot>
  );
}
