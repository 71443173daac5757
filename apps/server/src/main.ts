import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { demoAccounts, demoPassword } from './db/seed/demo-customers';
import { isSeeded, seedDatabase } from './db/seed/seed';
import { ticketSystemFor } from './integrations/tickets/select';
import { startApiLogPruning } from './modules/api-logs/service';
import { startJobFollower } from './modules/awx/progress';
import { startAlarmSync } from './modules/equipment/alarms';
import { integrationRecorders } from './modules/integrations/service';
import { startNotificationDispatcher } from './modules/notifications/service';
import { startUsageMeasuring } from './modules/usage-reports/measure';
import { startMuteExpiry } from './modules/zabbix/service';
import { stopGracefully } from './platform/lifecycle';
import { smtpTransport, startMailDispatcher } from './platform/outbox';

const config = loadConfig();
const database = await openDatabase(config.database);
const firstStart = !(await isSeeded(database.db));
if (firstStart && config.seedDemo) await seedDatabase(database.db, 'demo');

const app = await buildApp(config, database);
// The background senders report their calls for Administration → Integrations too (docs/decisions/018).
const recorders = integrationRecorders(database.db, config, app.log, app.metrics);
const stopMail = config.mail.smtpUrl
  ? startMailDispatcher(
      database.db,
      smtpTransport(config.mail.smtpUrl),
      config.mail.from,
      app.log,
      recorders.for('email'),
    )
  : undefined;
// Event notices a request queued but could not finish (a crash, a failing ticket system) are picked up
// by whichever instance sweeps first (docs/decisions/012).
const stopNotices = startNotificationDispatcher({
  db: database.db,
  tickets: ticketSystemFor(config, app.log, recorders.for('tickets')),
  log: app.log,
});

// Zabbix mutes end at their time on whichever instance looks first (ending one is a conditional update,
// so two instances never both end it); the app's own Zabbix, real or simulated (docs/decisions/025).
const stopMutes = startMuteExpiry(app.dependencies);
const stopAlarms = startAlarmSync(app.dependencies);
// Running AWX jobs are read by one instance at a time (a claim in the database) and written back for all.
const stopJobs = startJobFollower(app.dependencies);
// API log records older than API_LOG_RETENTION_DAYS go, on whichever instances run (docs/decisions/034).
const stopApiLogPruning = startApiLogPruning(app.dependencies);
// Each service's monthly 95th percentile, asked of the telemetry source and kept for the usage report
// (docs/decisions/039); owed months are measured by whichever instance asks first, and the writes are
// idempotent.
const stopUsageMeasuring = startUsageMeasuring(app.dependencies);

// A graceful stop (docs/decisions/048): readiness 503 at once, then the requests in flight, the notice
// in hand and each background round finish, and the claims not reached are given back for another
// instance. A second signal, or SHUTDOWN_TIMEOUT_MS, ends the process at once.
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) {
    app.log.warn({ signal }, 'second signal: stopping now');
    process.exit(1);
  }
  stopping = true;
  app.log.info({ signal, drainMs: config.shutdown.drainMs }, 'shutting down');
  const outcome = await stopGracefully({
    app,
    ...config.shutdown,
    stopWork: () =>
      Promise.all([
        stopMail?.(),
        stopNotices(),
        stopMutes(),
        stopAlarms(),
        stopJobs(),
        stopApiLogPruning(),
        stopUsageMeasuring(),
        app.dependencies.detached.finish(),
      ]),
    // After the app's close, which writes the API log records still queued.
    finally: async () => {
      await recorders.flush();
      await database.close();
    },
  });
  if (outcome === 'timed out') app.log.error({ timeoutMs: config.shutdown.timeoutMs }, 'shutdown timed out');
  process.exit(outcome === 'stopped' ? 0 : 1);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const where = config.database.kind === 'pglite' ? `PGlite in ${config.database.dataDir}` : 'PostgreSQL';
console.log(`\nLightpath ${config.version} is running at ${config.publicUrl} (database: ${where})`);
if (firstStart && config.seedDemo) console.log('A new database was created and filled with demo data.');
if (config.seedDemo) {
  console.log(`Demo accounts (password ${demoPassword}):`);
  for (const a of demoAccounts) console.log(`  ${a.email.padEnd(26)} type ${a.type}`);
}
if (firstStart && !config.seedDemo) {
  console.log(
    'The database is empty: create the first NOC user with `npm run create-admin -- --email you@example.org`.',
  );
}
