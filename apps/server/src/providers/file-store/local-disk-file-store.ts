import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentKey, isContentKey, type FileStore } from './file-store';

/**
 * Files on the local disk under one directory (DATA_DIR/files), two levels of fan-out by the key's
 * first characters (ab/cd/abcd...) so no directory grows huge. A file is written under a temporary
 * name and renamed into place, so a reader never sees half a file and two uploads of the same bytes
 * at once both end with the one complete file.
 */
export class LocalDiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(bytes: Buffer): Promise<string> {
    const key = contentKey(bytes);
    const path = this.pathOf(key);
    const exists = await stat(path).then(
      (s) => s.size === bytes.length,
      () => false,
    );
    if (exists) return key;
    await mkdir(join(this.root, key.slice(0, 2), key.slice(2, 4)), { recursive: true });
    const temporary = `${path}.${randomUUID()}.part`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    // Keys come from our own table, but a path is never built from anything but a content address.
    if (!isContentKey(key)) return null;
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}
