// The server computes in UTC whatever the machine's zone: every clinic time is converted through the shared dates
// module, and the calendar feed's writer reads its event times through the process's zone (docs/decisions.md).
process.env.TZ = 'UTC';

import { buildApp } from './app.js';
import { prepareDatabase } from './bootstrap.js';
import { loadConfig } from './config.js';
import { scheduleFileSweep } from './modules/files/files.sweep.js';
import { DEMO_ADMIN } from './seed/demo.js';

/**
 * A start that cannot go on (bad settings, the database out of reach or refusing the user, the data folder locked or
 * not writable, the port taken) ends with one line saying what is wrong and exit code 1, not a stack trace.
 */
function cannotStart(what: string, err: unknown): never {
  const e = err as { message?: unknown; code?: unknown };
  const message = typeof e?.message === 'string' && e.message ? e.message : String(err);
  process.stderr.write(`Clinic could not start: ${what}: ${message}${typeof e?.code === 'string' && !message.includes(e.code) ? ` (${e.code})` : ''}\n`);
  process.exit(1);
}

let loaded: ReturnType<typeof loadConfig>;
try {
  loaded = loadConfig();
} catch (err) {
  cannotStart('the configuration', err);
}
const { config, database, seeded, lock } = await prepareDatabase(loaded).catch((err: unknown) =>
  cannotStart(loaded.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : `the embedded database in ${loaded.dataDir}`, err));
const app = await buildApp(config, database);

// Files no record points at (and bytes without a row) are removed in the background, a bounded slice per run.
const stopFileSweep = scheduleFileSweep({ config, db: database.db }, app.log);
// Due background jobs (reminders) every JOB_POLL_SECONDS; several servers share the queue safely.
const stopJobs = app.jobs.start(config.jobPollSeconds);

let closing = false;
/**
 * A graceful stop (SIGTERM from the orchestrator, Ctrl-C): readiness turns false at once (the load balancer stops
 * sending requests; SHUTDOWN_DRAIN_SECONDS gives it time to notice), the server stops accepting connections and
 * answers every request in flight (SHUTDOWN_TIMEOUT_SECONDS at most), the background work in progress stops (the job runner
 * claims no further job and a long job stops after its current step, SHUTDOWN_TIMEOUT_SECONDS at most again; a FHIR
 * export is marked interrupted), the LISTEN connections close, and only then the database pool. Exits 0 when all went
 * well, 1 otherwise.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.lifecycle.draining = true;
  app.log.info({ signal }, 'shutting down');
  let code = 0;
  try {
    if (config.shutdownDrainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
    // Connections are closed only once every request in flight has its answer (at most SHUTDOWN_TIMEOUT_SECONDS).
    const answered = await app.lifecycle.idle(config.shutdownTimeoutSeconds * 1000);
    if (!answered) app.log.warn({ requests: app.lifecycle.requestsInFlight }, 'shutdown: requests still unanswered at the time limit');
    await Promise.all([stopFileSweep(), stopJobs(config.shutdownTimeoutSeconds * 1000), app.close()]);
    await database.close();
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    code = 1;
  } finally {
    lock?.release();
    process.exit(code);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  await Promise.all([stopFileSweep(), stopJobs(0), app.close()]).catch(() => undefined);
  await database.close().catch(() => undefined);
  lock?.release();
  cannotStart(`listening on ${config.host}:${config.port} (HOST, PORT)`, err);
}
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const lines = [
  '',
  `  Clinic is running on http://localhost:${port}`,
  `  Database: ${database.kind === 'pglite' ? `embedded (${config.dataDir}/db)` : 'PostgreSQL (DATABASE_URL)'}`,
];
if (config.seedDemo) {
  lines.push(
    `  Demo sign-in: user name "${DEMO_ADMIN.username}" (or ${DEMO_ADMIN.email}), password "${DEMO_ADMIN.password}"`,
    seeded?.created ? '  (demo organisation created on this first run)' : '',
    `  Patients book online at http://localhost:${port}/book/al-noor-medical-group (codes need SMS_GATEWAY_URL or WhatsApp)`,
  );
}
process.stdout.write(lines.filter(Boolean).join('\n') + '\n\n');
