import { loadConfig } from '../config';
import { databaseOptionsFromConfig, openDatabase } from './database';
import { migrate } from './migrate';

const config = loadConfig();
const database = await openDatabase(databaseOptionsFromConfig(config));
try {
  const { applied } = await migrate(database);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await database.close();
}
