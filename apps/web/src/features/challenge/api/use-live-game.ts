import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ChallengeServerEvents } from '@ki/contracts';
import { ApiError } from '../../../lib/api-client';
import { appSocket, emitWithAck, type AppSocket } from '../../../lib/socket';
import { initialLiveGame, liveGameReducer, phaseOf, type GameError } from '../live-game-state';

/** The host's controls, one at a time. */
export type HostAction = 'start' | 'next' | 'end';

const errorOf = (error: unknown): GameError =>
  error instanceof ApiError
    ? { code: error.code, message: error.message }
    : { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };

/**
 * One live game over the tab's socket: joins with the page's code (and again after every reconnect,
 * which is also how a reload finds its place: the snapshot says where the game stands), follows the
 * server's events into live-game-state.ts, and sends the player's answer and the host's controls.
 * Leaving the page closes the connection: the server keeps the player's place for a minute, as for a
 * lost network, and does not wait for them meanwhile.
 */
export function useLiveGame(code: string) {
  const [state, dispatch] = useReducer(liveGameReducer, initialLiveGame);
  const [busy, setBusy] = useState<HostAction | null>(null);
  const [actionError, setActionError] = useState<GameError | null>(null);
  const socketRef = useRef<AppSocket | null>(null);
  const joinRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    const socket = appSocket();
    socketRef.current = socket;
    let mounted = true;
    const join = () => {
      emitWithAck(socket, 'challenge:join', { code }).then(
        (snapshot) => mounted && dispatch({ type: 'snapshot', snapshot, at: Date.now() }),
        (error: unknown) => mounted && dispatch({ type: 'failed', error: errorOf(error) }),
      );
    };
    joinRef.current = join;
    const onConnect = () => join();
    const onDisconnect = () => dispatch({ type: 'online', online: false });
    const onConnectError = (error: Error) => {
      // A handshake the server refused (no session) is not retried by the client: say why.
      if (!socket.active)
        dispatch({
          type: 'failed',
          error: { code: error.message === 'UNAUTHENTICATED' ? 'UNAUTHENTICATED' : 'NETWORK', message: error.message },
        });
      else dispatch({ type: 'online', online: false });
    };
    const events: { [E in keyof ChallengeServerEvents]: ChallengeServerEvents[E] } = {
      'challenge:lobby': (counts) => dispatch({ type: 'lobby', counts }),
      'challenge:question': (question) => dispatch({ type: 'question', question, at: Date.now() }),
      'challenge:round': (round) => dispatch({ type: 'round', round }),
      'challenge:over': (over) => dispatch({ type: 'over', over }),
      'challenge:host': ({ away }) => dispatch({ type: 'host', away }),
      'challenge:replaced': () => dispatch({ type: 'replaced' }),
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    for (const [event, listener] of Object.entries(events)) socket.on(event as keyof ChallengeServerEvents, listener);
    if (socket.connected) join();
    return () => {
      mounted = false;
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      for (const [event, listener] of Object.entries(events))
        socket.off(event as keyof ChallengeServerEvents, listener);
      socket.disconnect();
    };
  }, [code]);

  const index = state.question?.index ?? null;
  const canAnswer = index !== null && state.answer?.index !== index;
  const answer = useCallback(
    (choice: number) => {
      const socket = socketRef.current;
      if (!socket || index === null || !canAnswer) return;
      dispatch({ type: 'answering', index, choice });
      emitWithAck(socket, 'challenge:answer', { code, index, choice }).then(
        (ack) => dispatch({ type: 'answerTaken', index, choice: ack.choice, seconds: ack.seconds }),
        (error: unknown) => dispatch({ type: 'answerFailed', index, error: errorOf(error) }),
      );
    },
    [code, index, canAnswer],
  );

  const control = useCallback(
    (action: HostAction) => {
      const socket = socketRef.current;
      if (!socket) return;
      setBusy(action);
      setActionError(null);
      emitWithAck(socket, `challenge:${action}`, { code })
        .catch((error: unknown) => setActionError(errorOf(error)))
        .finally(() => setBusy(null));
    },
    [code],
  );

  /** Leaves for good (the waiting lobby's Leave): resolves once the server has let the place go. */
  const leave = useCallback(async () => {
    const socket = socketRef.current;
    if (socket) await emitWithAck(socket, 'challenge:leave', { code }).catch(() => undefined);
  }, [code]);

  /** Joins again: after "Play here" on a replaced page, or "Try again" after a failure. */
  const rejoin = useCallback(() => {
    const socket = appSocket();
    if (socket.connected) joinRef.current();
  }, []);

  return { state, phase: phaseOf(state), answer, control, busy, actionError, leave, rejoin };
}

export type LiveGame = ReturnType<typeof useLiveGame>;
