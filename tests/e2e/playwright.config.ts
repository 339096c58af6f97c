import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

/** A free loopback port, chosen once by the main process; workers inherit it through the environment. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

if (!process.env.E2E_PORT) process.env.E2E_PORT = String(await freePort());
// The local SMS gateway (sms-sink.mjs) the API sends its texts to: one-time codes are read from it.
if (!process.env.E2E_SMS_PORT) process.env.E2E_SMS_PORT = String(await freePort());
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'clinic-e2e-'));
const port = Number(process.env.E2E_PORT);
const suiteWorkers = Number(process.env.E2E_WORKERS ?? 2);
const serverNodeFlags = JSON.parse(readFileSync(path.join(root, 'apps/api/node-flags.json'), 'utf8')) as string[];
const baseURL = `http://localhost:${port}`;
const smsSink = `http://127.0.0.1:${process.env.E2E_SMS_PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(here, 'artifacts'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker per core for the suite, and one more for the tests that mostly wait (below).
  workers: suiteWorkers + 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // The authenticator test spends a minute waiting out its step-up window, idle: it has a worker of its own beside the
  // suite's, so that no suite worker sits out that minute (it held one of the two for 80 s of the run).
  projects: [
    { name: 'long-waits', testMatch: 'two-factor.spec.ts', workers: 1 },
    { name: 'suite', testIgnore: 'two-factor.spec.ts', workers: suiteWorkers },
  ],
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'Asia/Riyadh',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: [{
    command: `node ${path.join(here, 'sms-sink.mjs')}`,
    url: `${smsSink}/health`,
    timeout: 30_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { SMS_SINK_PORT: String(process.env.E2E_SMS_PORT) },
  }, {
    // The production build, started the way `npm start` starts it (with its Node options), on a temporary data folder
    // and a free port.
    command: `node ${serverNodeFlags.join(' ')} ${path.join(root, 'apps/api/dist/server.js')}`,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Texts to patients (one-time codes, reminders) go to the local sink, in the generic preset's JSON body.
      SMS_GATEWAY_URL: `${smsSink}/sms`,
      SMS_FROM: 'Clinic',
      // Webhooks reach the receivers the specs start on this machine.
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      // The single sign-on spec's identity provider is on this machine, over http.
      SSO_ALLOW_PRIVATE_ISSUERS: 'true',
    },
  }],
});
