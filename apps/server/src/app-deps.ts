import type { Config } from './config';
import type { Database } from './db/database';
import type { SmsProvider } from './modules/auth/sms';
import type { FileStore } from './providers/file-store/file-store';

/**
 * What every module may depend on; tests pass their own database and a fixed clock. Its own file
 * so modules never import app.ts (which imports them).
 */
export interface AppDeps {
  config: Config;
  database: Database;
  /** The request time; injectable so tests fix "now" (activity windows, OTP expiry). */
  clock: () => Date;
  sms: SmsProvider;
  /** Uploaded files (question images): the local disk, or memory in tests. */
  files: FileStore;
}
