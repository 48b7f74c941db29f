import { contentKey, type FileStore } from './file-store';

/** Files kept in memory: the stand-in for tests (nothing written to disk, gone with the process). */
export class MemoryFileStore implements FileStore {
  private readonly files = new Map<string, Buffer>();
  async put(bytes: Buffer): Promise<string> {
    const key = contentKey(bytes);
    if (!this.files.has(key)) this.files.set(key, Buffer.from(bytes));
    return key;
  }
  async get(key: string): Promise<Buffer | null> {
    const bytes = this.files.get(key);
    return bytes ? Buffer.from(bytes) : null;
  }
  /** Files stored so far (tests check that a refused upload stored nothing). */
  get size(): number {
    return this.files.size;
  }
}
