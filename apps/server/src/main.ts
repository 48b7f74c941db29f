import { buildApp, type App } from './app';
import { loadConfig } from './config';
import { databaseOptionsFromConfig, openDatabase } from './db/database';
import { loadDefaultDemoIfEmpty } from './db/demo-data/default-demo';
import { migrate } from './db/migrate';
import { createSmsProvider } from './modules/auth/sms';

const config = loadConfig();
const database = await openDatabase(databaseOptionsFromConfig(config));
let app: App | undefined;

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
  } finally {
    await database.close();
    process.exit(code);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
process.on('SIGINT', () => void shutdown('SIGINT', 0));

try {
  await migrate(database);
  app = await buildApp({ config, database, clock: () => new Date(), sms: createSmsProvider(config) });
  if (config.DEMO_DATA_ON_EMPTY) await loadDefaultDemoIfEmpty(database, app.log);
  await app.listen({ host: config.HOST, port: config.PORT });
} catch (error) {
  console.error(error);
  await shutdown('start-up failed', 1);
}
