/** Tells the other tabs of this browser that the user signed out (or in), so they follow. */
const CHANNEL = 'ki-auth';

export type AuthMessage = { type: 'logout' } | { type: 'login' };

export function broadcastAuth(message: AuthMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(message);
  channel.close();
}

export function onAuthMessage(listener: (message: AuthMessage) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<AuthMessage>) => listener(event.data);
  return () => channel.close();
}
