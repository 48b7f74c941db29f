import type { Config } from './config';
import type { Database } from './db/database';
import type { SmsProvider } from './modules/auth/sms';
import type { ExamSite } from './providers/exam-site/exam-site';
import type { FileStore } from './providers/file-store/file-store';
import type { PaymentProvider } from './providers/payment/payment-provider';

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
  /** The exam launcher's outside test site (or its stand-in); null when none is configured. */
  examSite: ExamSite | null;
  /** Uploaded files (question images): the local disk, or memory in tests. */
  files: FileStore;
  /** Who takes payments for plans: Razorpay, the local stand-in, or null when payments are off. */
  payments: PaymentProvider | null;
}
