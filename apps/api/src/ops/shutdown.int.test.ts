import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuiltServer, demoSignIn } from '../test/built-server.js';

/**
 * Starts the real server (the built code `npm start` runs), keeps it busy with sign-ins and patient reads, sends
 * SIGTERM while they are in flight and checks that every one of them is answered 2xx and the process exits 0, its
 * readiness saying 503 meanwhile (SHUTDOWN_DRAIN_SECONDS gives the probe time to see it). No JWT_SECRET: on PostgreSQL the server takes the shared one from the database.
 * With DATABASE_URL set, against a fresh PostgreSQL database; else on an embedded database in a data folder.
 */
const server = new BuiltServer('shutdown');

beforeAll(() => server.setUp());
afterAll(() => server.tearDown());

describe('graceful shutdown', () => {
  it('on SIGTERM answers every request in flight with its 2xx, says not ready meanwhile, and exits 0', async () => {
    // No JWT_SECRET: on PostgreSQL the server takes the shared one from the database.
    // Generous drain and timeout: on a busy machine the embedded database (in the server's own thread) answers slowly.
    const base = await server.start({ JWT_SECRET: undefined, SHUTDOWN_DRAIN_SECONDS: '5', SHUTDOWN_TIMEOUT_SECONDS: '180' });
    const signIn = () => demoSignIn(base);
    const token = (await signIn()).data.accessToken;
    const child = server.child!;
    const readPatients = async () => {
      const res = await fetch(`${base}/api/patients?limit=0`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      return { status: res.status };
    };
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    let answered = 0;
    const inFlight = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? signIn() : readPatients()).then((r) => { answered += 1; return r.status; }));
    // Every request is on its way (the server has them all) when the signal comes.
    await new Promise((r) => setTimeout(r, 50));
    const unansweredAtSignal = 24 - answered;
    child.kill('SIGTERM');
    // Readiness turns 503 as soon as the server handles the signal, while it still answers (the drain).
    let notReady = false;
    for (const deadline = Date.now() + 60_000; !notReady && Date.now() < deadline && child.exitCode === null;) {
      const ready = await fetch(`${base}/api/health/ready`).catch(() => null);
      if (ready?.status === 503) notReady = true;
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect(notReady).toBe(true);

    const statuses = await Promise.all(inFlight);
    expect(unansweredAtSignal).toBeGreaterThan(0);
    expect(statuses).toEqual(statuses.map(() => 200));
    expect(await exited).toBe(0);
    expect(server.output).not.toMatch(/Cannot use a pool|shutdown failed/);
  }, 360_000);
});
