import { useQueryClient } from '@tanstack/react-query';
import { noteMessage } from './api/live-updates';
import { postFile } from './api/files';
import { postMessage } from './api/messages';
import { pendingStore } from './pending-messages';

/** A random id for a message (crypto.randomUUID needs a secure context; a plain-http school server is not one). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((n) => n.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Sending in a room: the message shows at once as "sending" (pending-messages.ts), joins the
 * history when the server acknowledges it, and stays with a retry when the post fails. A retry
 * sends the same clientId (and the same file), so a post whose answer was lost is not posted twice.
 */
export function useSendMessage(roomId: number) {
  const client = useQueryClient();
  const attempt = (clientId: string) => {
    const message = pendingStore.get(clientId);
    if (!message) return;
    pendingStore.update(clientId, { status: 'sending', error: undefined });
    const post = message.file
      ? postFile(message.roomId, { clientId, text: message.text, file: message.file })
      : postMessage(message.roomId, { text: message.text, clientId });
    post.then(
      (sent) => {
        // The socket's copy may have come first and done this already: both are idempotent.
        noteMessage(client, sent, false);
        pendingStore.remove(clientId);
      },
      (error: unknown) => pendingStore.update(clientId, { status: 'failed', error }),
    );
  };
  return {
    /** A text, or a file with `text` as its caption: one message either way. */
    send: (text: string, file?: File) => {
      const clientId = newClientId();
      pendingStore.add({ clientId, roomId, text, ...(file ? { file } : {}), status: 'sending' });
      attempt(clientId);
    },
    retry: attempt,
    discard: (clientId: string) => pendingStore.remove(clientId),
  };
}
