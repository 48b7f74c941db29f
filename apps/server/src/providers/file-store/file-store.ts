/**
 * Where uploaded files live (docs/ARCHITECTURE: outside services behind providers/<kind>/). Keys are
 * content addresses (the SHA-256 of the bytes, hex), so the same picture uploaded twice is stored
 * once, a stored file never changes under its key, and a key reveals nothing about who uploaded
 * what. Files are only ever served through the API, which checks the caller first: no store is
 * reachable from a public path.
 */
import { createHash } from 'node:crypto';

export interface FileStore {
  /** Stores the bytes under their content address and returns it; storing the same bytes again is a no-op. */
  put(bytes: Buffer): Promise<string>;
  /** The bytes stored under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
}

/** The content address of some bytes: their SHA-256, 64 lowercase hex digits. */
export function contentKey(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Whether a text is a content address (keys are checked before they reach a path). */
export function isContentKey(key: string): boolean {
  return /^[0-9a-f]{64}$/.test(key);
}
