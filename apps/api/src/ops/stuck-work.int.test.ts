import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuiltServer, demoSignIn } from '../test/built-server.js';
import { RESTORE_MARKER, RESTORE_STAGING } from './interrupted-restore.js';

/**
 * What a crash leaves "in progress". The real server (the built code) starts every kind of lasting work below, each
 * stopped for good at a named point (TEST_HOLD) so that it is surely in progress, is killed with SIGKILL, and is
 * started again on the same data (the embedded database's folder reopened, or the same PostgreSQL database). Once the
 * dead work's lease (WORK_LEASE_SECONDS, short here) has lapsed, the next operation of each kind must succeed at once,
 * before anyone asks about the dead one, and the dead one must read as failed (or as resumed to its end). Commands
 * (a restore) are killed the same way while the server is stopped; their next run must succeed at once.
 * A new kind of lasting work is one more row in KINDS (work of the server) or COMMANDS (work of a command).
 */
const LEASE_SECONDS = 2;
const server = new BuiltServer('stuck');
const env = {
  JWT_SECRET: randomBytes(32).toString('hex'), NODE_ENV: 'test', WORK_LEASE_SECONDS: String(LEASE_SECONDS),
  JOB_POLL_SECONDS: '1', REMINDER_LEAD_HOURS: String(24 * 14), SMTP_URL: undefined, SMS_GATEWAY_URL: undefined,
};

interface Api {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; headers: Headers }>;
}

async function signedIn(base: string): Promise<Api> {
  const login = await demoSignIn(base);
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  return {
    async call(method, path, body) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${login.data.accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try { parsed = JSON.parse(text); } catch { /* not JSON */ }
      return { status: res.status, body: parsed, headers: res.headers };
    },
  };
}

/** Asks again (a hang guard, not a timing assertion) until `check` answers something other than undefined. */
async function eventually<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const value = await check();
    if (value !== undefined) return value;
  }
  throw new Error(`gave up waiting: ${what}`);
}

interface Kind<S = any> {
  name: string;
  /** The TEST_HOLD point where the work stops until the kill. */
  hold: string;
  /** Starts the work through the API and answers what the checks after the restart need. */
  start(api: Api): Promise<S>;
  /** After the restart, first: the next operation of the kind succeeds at once. */
  next(api: Api, state: S): Promise<void>;
  /** Then: the dead work reads as failed (or was resumed to its end). */
  dead(api: Api, state: S): Promise<void>;
}

const FHIR = '/api/fhir/R4';
const statusPath = (location: string | null) => `${FHIR}${location!.slice(location!.indexOf('/$export-status/'))}`;

const KINDS: Kind[] = [
  {
    name: 'FHIR bulk export',
    hold: 'fhir-export',
    async start(api) {
      const kick = await api.call('GET', `${FHIR}/$export?_type=Patient`);
      expect(kick.status).toBe(202);
      return { status: statusPath(kick.headers.get('content-location')) };
    },
    async next(api) {
      // The dead export's status was never asked for: the kick-off itself finds it dead.
      const kick = await api.call('GET', `${FHIR}/$export?_type=Patient`);
      expect(kick.status, JSON.stringify(kick.body)).toBe(202);
      const status = statusPath(kick.headers.get('content-location'));
      const done = await eventually('the new export to finish', async () => {
        const r = await api.call('GET', status);
        return r.status === 202 ? undefined : r;
      });
      expect(done.status).toBe(200);
      expect(done.body.output.map((o: { type: string }) => o.type)).toEqual(['Patient']);
    },
    async dead(api, state) {
      // Stopped with its server, not failed on its own: a clear "start a new one", never a server error.
      const r = await api.call('GET', state.status);
      expect(r.status).toBe(410);
      expect(r.body.issue[0].details.coding[0].code).toBe('FHIR_EXPORT_INTERRUPTED');
    },
  },
  {
    name: 'background job (a reminder being sent)',
    hold: 'job',
    async start(api) {
      const services = (await api.call('GET', '/api/services?allData=true')).body.data as any[];
      const patients = ((await api.call('GET', '/api/patients?allData=true')).body.data as any[]).map((p) => p._id);
      for (const s of services.filter((x) => x.clinic?._id && x.doctors?.length)) {
        const free = await api.call('GET', `/api/appointments/next-free?clinic=${s.clinic._id}&service=${s._id}&limit=3`);
        for (const slot of free.body?.data ?? []) {
          for (const patient of patients.slice(0, 5)) {
            const booked = await api.call('POST', '/api/appointments', {
              patient, doctor: slot.doctor._id, clinic: s.clinic._id, service: s._id, datetime: slot.datetime, reason: 'Crash test',
            });
            if (booked.status === 201 || booked.status === 200) return { appointment: booked.body.data._id as string };
          }
        }
      }
      throw new Error('no bookable slot in the demo organisation');
    },
    async next(api, state) {
      // The runner's next claim takes the job whose runner died over (its reminder goes through its rules again).
      await eventually('the reminders to be settled', async () => {
        const r = await api.call('GET', `/api/appointments/${state.appointment}/reminders`);
        const reminders = (r.body.data ?? r.body) as Array<{ status: string }>;
        return reminders.length && reminders.every((x) => x.status !== 'planned') ? reminders : undefined;
      });
    },
    async dead(api, state) {
      const r = await api.call('GET', `/api/appointments/${state.appointment}/reminders`);
      const reminders = (r.body.data ?? r.body) as Array<{ status: string; channel: string }>;
      // No SMTP and no SMS gateway here: every reminder is settled as skipped, none left planned or sent twice.
      expect(reminders.map((x) => x.status).sort()).toEqual(reminders.map(() => 'skipped'));
    },
  },
];

interface CommandKind {
  name: string;
  /** The TEST_HOLD point where the command stops until the kill. */
  hold: string;
  /** With the server stopped: gets the data ready and answers the command to kill (a script of dist/cli) and its arguments. */
  prepare(): Promise<{ command: string; args: string[] }>;
  /** After the kill: the next run of the command succeeds at once. */
  next(): Promise<void>;
  /** Then: nothing of the dead run is left that would stop the server or another command. */
  dead(): Promise<void>;
}

/** Runs a command of the build to its end and answers its exit code and what it printed. */
async function run(command: string, args: string[]) {
  const c = server.command(command, args);
  const code = await c.exit;
  return { code, output: c.output() };
}

const backupFile = () => path.join(server.dataDir, 'crash-test.backup');

const COMMANDS: CommandKind[] = [
  {
    name: 'restore (killed just before its commit)',
    hold: 'restore',
    async prepare() {
      const made = await run('backup', ['--out', backupFile()]);
      expect(made.code, made.output).toBe(0);
      return { command: 'restore', args: [backupFile(), '--force'] };
    },
    async next() {
      const again = await run('restore', [backupFile(), '--force']);
      expect(again.code, again.output).toBe(0);
      expect(again.output).toContain('Restored');
    },
    async dead() {
      expect(existsSync(path.join(server.dataDir, RESTORE_MARKER))).toBe(false);
      expect(existsSync(path.join(server.dataDir, RESTORE_STAGING))).toBe(false);
    },
  },
];

beforeAll(() => server.setUp());
afterAll(() => server.tearDown());

describe('work in progress when the server is killed', () => {
  it('is taken over by the next operation of its kind after a restart', async () => {
    let base = await server.start({ ...env, TEST_HOLD: KINDS.map((k) => k.hold).join(',') });
    let api = await signedIn(base);
    const states: unknown[] = [];
    for (const kind of KINDS) {
      states.push(await kind.start(api));
      await eventually(`${kind.name} to be in progress`, async () => server.output.includes(`test hold: ${kind.hold}\n`) || undefined);
    }
    await server.kill9();
    const killedAt = Date.now();

    base = await server.start(env);
    api = await signedIn(base);
    // The dead work's last sign of life was before the kill: past the lease it is dead (a wait, not an assertion).
    await new Promise((r) => setTimeout(r, Math.max(0, killedAt + LEASE_SECONDS * 1000 + 100 - Date.now())));
    for (const [i, kind] of KINDS.entries()) {
      await kind.next(api, states[i]);
      await kind.dead(api, states[i]);
    }
  }, 180_000);

  it('is taken over by the next run of a command killed in the middle', async () => {
    await server.kill9();
    for (const kind of COMMANDS) {
      const { command, args } = await kind.prepare();
      const held = server.command(command, args, { NODE_ENV: 'test', TEST_HOLD: kind.hold });
      await eventually(`${kind.name} to be in progress`, async () => held.output().includes(`test hold: ${kind.hold}\n`) || held.child.exitCode !== null || undefined);
      expect(held.child.exitCode, held.output()).toBeNull();
      held.child.kill('SIGKILL');
      await held.exit;
      await kind.next();
      await kind.dead();
    }
  }, 180_000);
});
