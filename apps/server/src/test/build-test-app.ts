import { buildApp, type App, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/database';
import { OutboxSmsProvider } from '../modules/auth/sms';
import { createExamSite } from '../providers/exam-site/create-exam-site';
import { MemoryFileStore } from '../providers/file-store/memory-file-store';
import { createPaymentProvider } from '../providers/payment/create-payment-provider';
import type { PaymentProvider } from '../providers/payment/payment-provider';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  /** Every SMS the app sent. */
  sms: OutboxSmsProvider;
  /** Every file the app stored. */
  files: MemoryFileStore;
  /** The payment provider (the local stand-in unless the env says otherwise). */
  payments: PaymentProvider | null;
  /** The app's clock; tests move it with setNow. */
  now(): Date;
  setNow(date: Date | string): void;
  close(): Promise<void>;
}

/** The real app over a fresh database, with a fixed clock (2026-11-20T10:00:00Z unless moved). */
export async function buildTestApp(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const { database, cleanup } = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    DEMO_DATA_ON_EMPTY: 'false',
    ...env,
  });
  let current = new Date('2026-11-20T10:00:00Z');
  const sms = new OutboxSmsProvider();
  const files = new MemoryFileStore();
  const payments = createPaymentProvider(config);
  const app = await buildApp(
    { config, database, clock: () => new Date(current), sms, examSite: createExamSite(config), files, payments },
    options,
  );
  await app.ready();
  return {
    app,
    database,
    config,
    sms,
    files,
    payments,
    now: () => new Date(current),
    setNow: (date) => {
      current = new Date(date);
    },
    async close() {
      await app.close();
      await cleanup();
    },
  };
}

/** Another server over the same database, config and clock (two processes of one deployment). */
export async function buildSecondApp(t: TestApp): Promise<App> {
  const app = await buildApp({
    config: t.config,
    database: t.database,
    clock: () => t.now(),
    sms: t.sms,
    examSite: null,
    files: t.files,
    payments: t.payments,
  });
  await app.ready();
  return app;
}
