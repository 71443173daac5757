// npm run seed -- --scale demo|national [--reset]
// Seeds the configured database (PGlite under ./data/, or DATABASE_URL). Refuses in production.
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { clearSeededData, isSeeded, type SeedScale, seedDatabase, seedScales } from './seed';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: 'demo' }, reset: { type: 'boolean', default: false } },
});
const scale = values.scale as SeedScale;
if (!seedScales.includes(scale)) {
  console.error(`--scale must be one of ${seedScales.join(', ')}`);
  process.exit(2);
}
const config = loadConfig();
if (config.env === 'production') {
  console.error('Refusing to seed demo accounts into a production database (NODE_ENV=production).');
  process.exit(2);
}
const database = await openDatabase(config.database);
try {
  if (await isSeeded(database.db)) {
    if (!values.reset) {
      console.error('The database already has data. Run with --reset to replace it with the seed data.');
      process.exit(2);
    }
    await clearSeededData(database.db);
  }
  const started = performance.now();
  const counts = await seedDatabase(database.db, scale);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded ${scale} data into ${database.kind}: ${counts.customers} customers, ${counts.users} users in ${seconds} s`,
  );
} finally {
  await database.close();
}
