import { buildApp } from './app';
import { loadConfig } from './config';
import { databaseOptionsFromConfig, openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { loadDefaultDemoIfEmpty } from './db/demo-data/default-demo';

const config = loadConfig();
const database = await openDatabase(databaseOptionsFromConfig(config));
await migrate(database);
const app = await buildApp({ config, database, clock: () => new Date() });
if (config.DEMO_DATA_ON_EMPTY) await loadDefaultDemoIfEmpty(database, app.log);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing open requests');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.HOST, port: config.PORT });
