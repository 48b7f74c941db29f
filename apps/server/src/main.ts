import { buildApp, type App } from './app';
import { loadConfig } from './config';
import { databaseOptionsFromConfig, openDatabase } from './db/database';
import { loadDefaultDemoIfEmpty } from './demo-data/default-demo';
import { migrate } from './db/migrate';
import { join } from 'node:path';
import { createSmsProvider } from './modules/auth/sms';
import { createPaymentProvider } from './providers/payment/create-payment-provider';
import { createExamSite } from './providers/exam-site/create-exam-site';
import { LocalDiskFileStore } from './providers/file-store/local-disk-file-store';
import { clockFrom } from './lib/clock';
import { startHousekeeping } from './modules/housekeeping/housekeeping.service';

const config = loadConfig();
const database = await openDatabase(databaseOptionsFromConfig(config));
let app: App | undefined;
let stopHousekeeping: (() => Promise<void>) | undefined;

let closing = false;
/** Closes the server and then the database, so the embedded database is always left consistent. */
async function shutdown(reason: string, code: number) {
  if (closing) return;
  closing = true;
  app?.log.info({ reason }, 'shutting down: finishing open requests');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app?.close();
    // Finished games' records are written after their podium: let them land before the database closes.
    await app?.challengeHub.settled();
    await stopHousekeeping?.();
  } finally {
    await database.close();
    process.exit(code);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
process.on('SIGINT', () => void shutdown('SIGINT', 0));

/** Loud, because a development server on a school network hands out sign-in codes. */
function warnAboutOpenDevelopmentDefaults() {
  if (config.SMS_PROVIDER !== 'outbox') return;
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(config.HOST);
  app?.log.warn(
    loopback
      ? 'SMS_PROVIDER=outbox: sign-in codes are not texted; this machine alone reads them at /api/v1/dev/sms-outbox'
      : `SMS_PROVIDER=outbox while listening on ${config.HOST}: sign-in codes are not texted, and the outbox answers loopback callers only. Set SMS_PROVIDER=http before letting real users in.`,
  );
}

try {
  await migrate(database);
  const clock = clockFrom(config.CLOCK_START);
  const files = new LocalDiskFileStore(join(config.DATA_DIR, 'files'));
  app = await buildApp({
    config,
    database,
    clock,
    sms: createSmsProvider(config),
    examSite: createExamSite(config),
    files,
    payments: createPaymentProvider(config),
  });
  if (config.CLOCK_START)
    app.log.warn(
      { clockStart: config.CLOCK_START },
      'the clock is set: it started at CLOCK_START (development and tests only)',
    );
  if (config.DEMO_DATA_ON_EMPTY)
    await loadDefaultDemoIfEmpty(database, app.log, config.CLOCK_START ? new Date(config.CLOCK_START) : clock(), files);
  await app.listen({ host: config.HOST, port: config.PORT });
  warnAboutOpenDevelopmentDefaults();
  stopHousekeeping = startHousekeeping({ database, clock }, app.log);
} catch (error) {
  console.error(error);
  await shutdown('start-up failed', 1);
}
