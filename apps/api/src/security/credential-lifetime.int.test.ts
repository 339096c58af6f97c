/**
 * What outlives an account: every kind of credential the API hands out, made for one person, against every event that
 * ends the person (or what they may do), and again after the event is undone. One row per credential kind; the kinds
 * come from CREDENTIAL_KINDS, so a kind without a row fails the test.
 */
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Permission } from '@clinic/shared';
import { appointments, auditLog, calendarFeeds, employees, queueTickets, reminders, rolePermissions, roles } from '../db/schema/index.js';
import { runCompany } from '../cli/company.js';
import type { Deps } from '../lib/app-types.js';
import { CREDENTIAL_KINDS, type CredentialKind } from '../lib/credential-liveness.js';
import { signPatientLink } from '../lib/patient-links.js';
import { signQueueLink } from '../lib/queue-links.js';
import { systemContext } from '../lib/request-context.js';
import { closeCompany, reopenCompany } from '../modules/companies/companies.service.js';
import { insertClinic, insertDoctor, insertPatient, insertService } from '../modules/appointments/fixtures.js';
import { insertJob } from '../modules/jobs/jobs.repository.js';
import { insertPlannedReminder } from '../modules/reminders/reminders.repository.js';
import { REMINDER_JOB } from '../modules/reminders/reminders.service.js';
import { createAccount } from '../modules/organisation/provision.js';
import { auth, body, createOrg, createTestContext, login, multipart, TEST_PASSWORD, type TestContext, type TestOrg } from '../test/harness.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** What the person may do: enough for one of every credential. */
const GRANTED: Permission[] = ['appointment_read', 'patient_read', 'patient_write', 'fhir_read'];

let ctx: TestContext;
let base: string;
const openStreams: AbortController[] = [];

/** One person of a fresh organisation, signed in, with what every credential needs. */
interface Person {
  org: TestOrg;
  id: string;
  roleId: string;
  accessToken: string;
  refreshToken: string;
  patientId: string;
  /** An appointment of another doctor of the clinic (what a patient link names). */
  appointmentId: string;
}

async function makePerson(): Promise<Person> {
  const org = await createOrg(ctx);
  const db = ctx.database.db;
  const [role] = await db.insert(roles).values({ companyId: org.companyId, name: 'Feed reader' }).returning();
  await db.insert(rolePermissions).values(GRANTED.map((permission) => ({ companyId: org.companyId, roleId: role!.id, permission })));
  const username = `dr${org.companyId.slice(0, 8)}`;
  const account = await createAccount(db, org.companyId, new Map([['Feed reader', role!.id]]), {
    name: 'Dr. Leaving', username, email: `${username}@example.test`, password: TEST_PASSWORD, employeeType: 'Doctor', roleNames: ['Feed reader'],
  });
  const session = await login(ctx, username, TEST_PASSWORD);
  const clinic = await insertClinic(db, org.companyId, { name: 'Olaya Clinic' });
  const other = await insertDoctor(db, org.companyId, { clinics: [clinic.id] });
  const patient = await insertPatient(db, org.companyId, { name: 'Huda Saleh' });
  const service = await insertService(db, org.companyId, { clinicId: clinic.id, doctors: [other.id] });
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  const [appointment] = await db.insert(appointments).values({
    companyId: org.companyId, publicId: `APT-${org.companyId.slice(0, 6)}`, patientId: patient.id, doctorId: other.id, clinicId: clinic.id,
    serviceId: service.id, reason: 'Follow-up', startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000),
  }).returning();
  return {
    org, id: account.id, roleId: role!.id, accessToken: session.accessToken, refreshToken: session.refreshToken,
    patientId: patient.id, appointmentId: appointment!.id,
  };
}

/** An open live stream, read over a real socket; `ended` once the server closed it. */
async function openStream(token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/live`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  expect(res.status).toBe(200);
  const state = { ended: false, ready: false };
  const reader = res.body!.getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (new TextDecoder().decode(value).includes('event: ready')) state.ready = true;
      }
    } catch { /* aborted by the test */ }
    state.ended = true;
  })();
  await until(() => state.ready);
  openStreams.push(controller);
  return state;
}

async function until(predicate: () => boolean, ms = 5000): Promise<boolean> {
  const guard = Date.now() + ms;
  while (!predicate() && Date.now() < guard) await new Promise((r) => setTimeout(r, 20));
  return predicate();
}

/** A credential of one kind: `works` answers whether it is still honoured (and keeps what it needs to ask again). */
interface Credential {
  works(): Promise<boolean>;
}

interface KindRow {
  /** The permission the credential needs besides a live person (null: any signed-in person). */
  needs: Permission | null;
  /**
   * A person's credential ends with the person; the clinic's (a patient link, a waiting-room display) only with the company. An invitation
   * acts for the person invited, who is someone else: the person's ending leaves it alone, the company's closing ends
   * it for good (reopening revives no link); the invited person's own deactivation and deletion are in
   * modules/invitations/invitations.int.test.ts.
   */
  holder: 'person' | 'clinic' | 'invitee';
  make(p: Person): Promise<Credential>;
}

const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

/** Every credential kind, made for a person. A new kind in CREDENTIAL_KINDS needs a row here. */
const KINDS: Record<CredentialKind, KindRow> = {
  access_token: {
    needs: null, holder: 'person',
    make: async (p) => ({ works: async () => (await get('/api/profile', p.accessToken)).statusCode === 200 }),
  },
  refresh_token: {
    needs: null, holder: 'person',
    make: async (p) => {
      let token = p.refreshToken;
      return {
        works: async () => {
          const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: token } });
          if (res.statusCode !== 200) return false;
          token = body(res).data.refreshToken;
          return true;
        },
      };
    },
  },
  file_link: {
    needs: 'patient_read', holder: 'person',
    make: async (p) => {
      const m = await multipart([['title', 'Blood test']], [{ field: 'file', filename: 'blood.pdf', type: 'application/pdf', data: PDF }]);
      const res = await ctx.app.inject({
        method: 'POST', url: `/api/patients/${p.patientId}/documents`, payload: m.payload, headers: { ...auth(p.accessToken), 'content-type': m.contentType },
      });
      expect(res.statusCode, res.body).toBe(201);
      const url = body(res).data.file.url as string;
      return { works: async () => (await get(url)).statusCode === 200 };
    },
  },
  calendar_feed: {
    needs: 'appointment_read', holder: 'person',
    make: async (p) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/calendar-feeds', headers: auth(p.accessToken), payload: { doctor: p.id, showNames: true } });
      expect(res.statusCode, res.body).toBe(201);
      const path = new URL(body(res).data.url as string).pathname;
      return { works: async () => (await get(path)).statusCode === 200 };
    },
  },
  live_stream: {
    needs: null, holder: 'person',
    make: async (p) => {
      const stream = await openStream(p.accessToken);
      // A closing stream is told within moments of the change; one that stays open is given the same moments.
      return { works: async () => !(await until(() => stream.ended, 500)) };
    },
  },
  fhir_export_status: {
    needs: 'fhir_read', holder: 'person',
    make: async (p) => {
      const kick = await get('/api/fhir/R4/$export?_type=Patient', p.accessToken);
      expect(kick.statusCode, kick.body).toBe(202);
      const status = new URL(kick.headers['content-location'] as string).pathname;
      return { works: async () => [200, 202].includes((await get(status, p.accessToken)).statusCode) };
    },
  },
  patient_link: {
    needs: null, holder: 'clinic',
    make: async (p) => {
      // A link names its visit's start (a visit moved since makes it stale): signed as the server signs it.
      const [a] = await ctx.database.db.select({ startsAt: appointments.startsAt }).from(appointments)
        .where(and(eq(appointments.companyId, p.org.companyId), eq(appointments.id, p.appointmentId)));
      const token = await signPatientLink(ctx.config.jwtSecret, { companyId: p.org.companyId, appointmentId: p.appointmentId }, a!.startsAt);
      return { works: async () => (await get(`/api/public/visit?token=${encodeURIComponent(token)}`)).statusCode === 200 };
    },
  },
  // The patient's waiting-room link: the clinic's, like the visit link (a ticket of the appointment, given at check-in).
  queue_link: {
    needs: null, holder: 'clinic',
    make: async (p) => {
      const db = ctx.database.db;
      const [a] = await db.select().from(appointments).where(and(eq(appointments.companyId, p.org.companyId), eq(appointments.id, p.appointmentId)));
      await db.insert(queueTickets).values({
        companyId: p.org.companyId, clinicId: a!.clinicId, appointmentId: a!.id, day: new Date().toISOString().slice(0, 10), number: 1, doctorId: a!.doctorId, issuedAt: new Date(),
      }).onConflictDoNothing();
      const [ticket] = await db.select({ id: queueTickets.id }).from(queueTickets).where(and(eq(queueTickets.companyId, p.org.companyId), eq(queueTickets.appointmentId, a!.id)));
      const token = await signQueueLink(ctx.config.jwtSecret, { companyId: p.org.companyId, ticketId: ticket!.id }, new Date(Date.now() + 86_400_000));
      return { works: async () => (await get(`/api/public/queue?token=${encodeURIComponent(token)}`)).statusCode === 200 };
    },
  },
  invitation: {
    needs: null, holder: 'invitee',
    make: async (p) => {
      const res = await ctx.app.inject({
        method: 'POST', url: '/api/invitations', headers: auth(p.org.token),
        payload: { name: 'Nadia Invited', email: `nadia.${p.org.companyId.slice(0, 8)}@example.test`, employeeType: 'Nurse', roleIds: [p.roleId] },
      });
      expect(res.statusCode, res.body).toBe(201);
      const token = new URL(body(res).data.link).searchParams.get('token')!;
      return { works: async () => (await ctx.app.inject({ method: 'POST', url: '/api/invitations/lookup', payload: { token } })).statusCode === 200 };
    },
  },
  display_token: {
    needs: null, holder: 'clinic',
    make: async (p) => {
      const [clinic] = await ctx.database.query<{ id: string }>(`select id from clinics where company_id = $1 limit 1`, [p.org.companyId]);
      const added = await ctx.app.inject({ method: 'POST', url: '/api/waiting-room/displays', headers: auth(p.org.token), payload: { clinic: clinic!.id, name: 'Hall TV' } });
      expect(added.statusCode, added.body).toBe(201);
      const paired = await ctx.app.inject({ method: 'POST', url: '/api/public/display/pair', payload: { code: body(added).data.code } });
      expect(paired.statusCode, paired.body).toBe(200);
      const token = body(paired).data.token as string;
      return { works: async () => (await ctx.app.inject({ method: 'GET', url: '/api/public/display', headers: { 'x-display-token': token } })).statusCode === 200 };
    },
  },
};

const appDeps = (): Deps => ({ config: ctx.config, database: ctx.database, db: ctx.database.db, tokens: null as never, callers: ctx.app.callers, live: ctx.app.live });
const log = () => ctx.app.log;

async function employeeVersion(p: Person) {
  const [row] = await ctx.database.db.select({ version: employees.version }).from(employees).where(and(eq(employees.companyId, p.org.companyId), eq(employees.id, p.id)));
  return row!.version;
}

async function setActive(p: Person, isActive: boolean) {
  const res = await ctx.app.inject({ method: 'PUT', url: `/api/employees/${p.id}`, headers: auth(p.org.token), payload: { isActive, version: await employeeVersion(p) } });
  expect(res.statusCode, res.body).toBe(200);
}

async function setRolePermissions(p: Person, permissions: Permission[]) {
  const [role] = await ctx.database.db.select({ version: roles.version }).from(roles).where(and(eq(roles.companyId, p.org.companyId), eq(roles.id, p.roleId)));
  const res = await ctx.app.inject({ method: 'PUT', url: `/api/roles/${p.roleId}`, headers: auth(p.org.token), payload: { permissions, version: role!.version } });
  expect(res.statusCode, res.body).toBe(200);
}

async function companyCommand(action: 'close' | 'reopen', p: Person) {
  if (!ctx.databaseUrl) {
    await (action === 'close' ? closeCompany : reopenCompany)(appDeps(), systemContext(log()), p.org.companyId);
    return;
  }
  const out = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const env = { ...process.env, DATA_DIR: ctx.config.dataDir, DATABASE_URL: ctx.databaseUrl, JWT_SECRET: ctx.config.jwtSecret };
    const heard = ctx.app.callers.generation(p.org.companyId);
    expect(await runCompany([action, p.org.companyId], env)).toBe(0);
    expect(out.mock.calls.at(-1)![0]).toContain(action === 'close' ? 'closed' : 'reopened');
    // The server drops the company's cached callers (and its streams re-check) when the command's notification arrives.
    expect(await until(() => ctx.app.callers.generation(p.org.companyId) > heard)).toBe(true);
  } finally {
    out.mockRestore();
  }
}

/** The events that end a person's credentials, each with the way back (none for a deletion). */
const ENDINGS = {
  deactivate: { end: (p: Person) => setActive(p, false), undo: (p: Person) => setActive(p, true) },
  delete: {
    end: async (p: Person) => {
      const res = await ctx.app.inject({ method: 'DELETE', url: `/api/employees/${p.id}`, headers: auth(p.org.token) });
      expect(res.statusCode, res.body).toBe(200);
    },
    undo: null,
  },
  // The person's role loses everything but a harmless permission; the way back gives it all again.
  permission_removed: { end: (p: Person) => setRolePermissions(p, ['dashboard_read']), undo: (p: Person) => setRolePermissions(p, GRANTED) },
  // On PostgreSQL through the operator's command, a process of its own: the running server hears of it by notification.
  company_closed: { end: (p: Person) => companyCommand('close', p), undo: (p: Person) => companyCommand('reopen', p) },
} as const;
type Ending = keyof typeof ENDINGS;

/** Whether a kind's credential is still honoured after an ending (and after its undoing). */
function expected(row: KindRow, ending: Ending, undone: boolean): boolean {
  if (row.holder === 'clinic') return ending !== 'company_closed' || undone;
  if (row.holder === 'invitee') return ending !== 'company_closed';
  if (ending === 'permission_removed') return row.needs === null || undone;
  return false;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const controller of openStreams) controller.abort();
  await ctx?.close();
});

describe('credential lifetime', () => {
  it('has a row for every credential kind the API hands out', () => {
    expect(Object.keys(KINDS).sort()).toEqual([...CREDENTIAL_KINDS].sort());
  });

  for (const ending of Object.keys(ENDINGS) as Ending[]) {
    it(`after "${ending}", every credential is refused as its kind says, and stays so when it is undone`, async () => {
      const p = await makePerson();
      const made = {} as Record<CredentialKind, Credential>;
      for (const kind of CREDENTIAL_KINDS) made[kind] = await KINDS[kind].make(p);
      for (const kind of CREDENTIAL_KINDS) expect({ kind, works: await made[kind].works() }).toEqual({ kind, works: true });

      const { end, undo } = ENDINGS[ending];
      await end(p);
      for (const kind of CREDENTIAL_KINDS) {
        expect({ kind, works: await made[kind].works() }).toEqual({ kind, works: expected(KINDS[kind], ending, false) });
      }
      if (!undo) return;
      await undo(p);
      for (const kind of CREDENTIAL_KINDS) {
        // A stream that was closed stays closed; the browser reconnects with a token, which is what the other rows test.
        const want = kind === 'live_stream' ? expected(KINDS[kind], ending, false) : expected(KINDS[kind], ending, true);
        expect({ kind, works: await made[kind].works() }).toEqual({ kind, works: want });
      }
    });
  }

  it('the operator\'s command refuses what it cannot do, changing nothing', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await runCompany(['close'])).toBe(2);
      expect(await runCompany(['shut', '7d2b8c1e-4c4f-4e55-9f0a-5c1b2a3d4e5f'])).toBe(2);
      expect(await runCompany(['close', 'not-an-id'])).toBe(2);
    } finally {
      err.mockRestore();
    }
  });

  it('closes a sign-in\'s open stream when it signs out', async () => {
    const p = await makePerson();
    const stream = await openStream(p.accessToken);
    await new Promise((r) => setTimeout(r, 200));
    expect(stream.ended).toBe(false);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: p.refreshToken } });
    expect(out.statusCode).toBe(200);
    expect(await until(() => stream.ended)).toBe(true);
  });

  it('revokes for good, with an audit entry each, what deactivation and closing end', async () => {
    const p = await makePerson();
    await KINDS.calendar_feed.make(p);
    await setActive(p, false);
    const feeds = await ctx.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.companyId, p.org.companyId));
    expect(feeds.map((f) => f.revokedAt instanceof Date)).toEqual([true]);
    const audit = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.companyId, p.org.companyId), eq(auditLog.action, 'revoke')));
    expect(audit.map((a) => ({ entity: a.entity, entityId: a.entityId, actor: a.actorId, changes: a.changes })).sort((x, y) => x.entity.localeCompare(y.entity))).toEqual([
      { entity: 'calendar_feed', entityId: feeds[0]!.id, actor: p.org.adminId, changes: { reason: 'deactivated' } },
      { entity: 'session', entityId: p.id, actor: p.org.adminId, changes: { reason: 'deactivated', signIns: 1 } },
    ]);

    await closeCompany(appDeps(), systemContext(log()), p.org.companyId);
    // A closed organisation sends its patients no reminder (their links would be refused).
    const now = new Date();
    const reminderId = await insertPlannedReminder(ctx.database.db, p.org.companyId, p.appointmentId, 'email', now);
    await insertJob(ctx.database.db, { companyId: p.org.companyId, kind: REMINDER_JOB, payload: { reminderId }, runAt: now });
    await ctx.app.jobs.runDue(new Date(now.getTime() + 1000));
    const [reminder] = await ctx.database.db.select().from(reminders).where(and(eq(reminders.companyId, p.org.companyId), eq(reminders.id, reminderId)));
    expect(reminder).toMatchObject({ status: 'skipped', detail: 'reminders.skipped.companyClosed' });
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: p.org.adminUsername, password: TEST_PASSWORD } });
    expect(signIn.statusCode).toBe(403);
    expect(body(signIn).message.code).toBe('COMPANY_CLOSED');
    const closing = await ctx.database.db.select().from(auditLog)
      .where(and(eq(auditLog.companyId, p.org.companyId), eq(auditLog.entity, 'company')));
    expect(closing.map((a) => a.action)).toEqual(['closed']);
    await expect(closeCompany(appDeps(), systemContext(log()), p.org.companyId)).rejects.toMatchObject({ status: 409 });
    await reopenCompany(appDeps(), systemContext(log()), p.org.companyId);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: p.org.adminUsername, password: TEST_PASSWORD } })).statusCode).toBe(200);
  });
});
