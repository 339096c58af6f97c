/**
 * Concurrent changes (docs/security.md, "Concurrent changes"): an update based on an older version of a record is
 * refused and changes nothing, and of simultaneous changes to one record exactly one applies and is audited.
 * Real races only happen on PostgreSQL (run with DATABASE_URL); on the embedded database requests queue, and the
 * same answers are expected.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedInstant, zonedIso } from '@clinic/shared';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from '../modules/appointments/fixtures.js';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../test/harness.js';
import { clinicBody, companyBody, complexBody, departmentBody } from '../test/organisation-fixtures.js';
import { dataSnapshot } from '../test/route-helpers.js';
import { versionOf, type VersionedTable } from '../test/versions.js';

let ctx: TestContext;
let a: TestOrg;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { plan: 'company' });
});
afterAll(() => ctx.close());

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET';
const call = (method: Method, url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(a.token, lang), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function created(res: LightMyRequestResponse): Promise<string> {
  expect(res.statusCode, res.body).toBe(201);
  return body(res).data._id as string;
}

async function auditCount(entity: string, id: string, action: string): Promise<number> {
  const [row] = await ctx.database.query<{ n: number }>(
    'select count(*)::int as n from audit_log where entity = $1 and entity_id = $2 and action = $3', [entity, id, action],
  );
  return Number(row?.n ?? 0);
}

const STALE_EN = 'This record was changed by someone else. Reload to see the changes; your input is kept.';
const STALE_AR = 'غيّر شخص آخر هذا السجل. أعد التحميل لرؤية التغييرات؛ ما أدخلته محفوظ.';

function patientBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Noah Carter', identity: `ID-${Math.random().toString(36).slice(2, 10)}`, phone: '0551234567', dateOfBirth: '1985-07-20',
    gender: 'male', nationality: 'British', marital_status: 'Single', blood_type: 'O-', address: 'Olaya Street, Riyadh', Smoking: true,
    professiona_experi: 'Engineer', allergies: ['Penicillin'], ...overrides,
  };
}

function staffBody() {
  return {
    name: 'Huda Al-Amri', employeeType: 'Nurse', contactInfos: [{ type: 'phone', value: '0501234567' }], dateOfBirth: '1990-01-05',
    gender: 'female', identity: `ID-${Math.random().toString(36).slice(2, 10)}`, address: 'King Fahd Road, Riyadh', hireDate: '2020-03-01',
    jobTitle: 'Head Nurse', workingHours: [{ day: 'Sunday', startTime: '09:00', endTime: '17:00' }],
  };
}

let slotDay = 0;
/** A scheduled appointment with its own clinic, doctor and patient, on a later day each time. */
async function bookAppointment(): Promise<string> {
  const db = ctx.database.db;
  const clinic = await insertClinic(db, a.companyId, { timeZone: 'Asia/Riyadh' });
  const doctor = await insertDoctor(db, a.companyId, { clinics: [clinic.id] });
  const service = await insertService(db, a.companyId, { clinicId: clinic.id, doctors: [doctor.id] });
  const patient = await insertPatient(db, a.companyId);
  const day = addDays(nextWeekday('Monday'), 7 * slotDay++);
  const datetime = zonedIso(zonedInstant(day, '10:00', 'Asia/Riyadh'), 'Asia/Riyadh');
  return created(await call('POST', '/api/appointments', { patient: patient.id, doctor: doctor.id, clinic: clinic.id, service: service.id, datetime, reason: 'Check-up' }));
}

interface Case {
  /** What the record is, as the audit log names it. */
  entity: string;
  table: VersionedTable;
  method: 'PUT' | 'PATCH';
  /** Creates a record; answers its id and update URL. */
  create: () => Promise<{ id: string; url: string }>;
  /** Two different changes: the first is saved, the second arrives with the version the first was based on. */
  changes: (id: string) => [Record<string, unknown>, Record<string, unknown>];
}

const cases: Case[] = [
  {
    entity: 'patient', table: 'patients', method: 'PUT',
    create: async () => {
      const id = await created(await call('POST', '/api/patients', patientBody({ identity: 'STALE-1' })));
      return { id, url: `/api/patients/${id}` };
    },
    changes: () => [patientBody({ identity: 'STALE-1', allergies: ['Penicillin', 'Latex'] }), patientBody({ identity: 'STALE-1', allergies: [] })],
  },
  {
    entity: 'employee', table: 'employees', method: 'PUT',
    create: async () => {
      const id = await created(await call('POST', '/api/employees', staffBody()));
      return { id, url: `/api/employees/${id}` };
    },
    changes: () => [{ jobTitle: 'Charge Nurse' }, { jobTitle: 'Ward Nurse' }],
  },
  {
    entity: 'role', table: 'roles', method: 'PUT',
    create: async () => {
      const id = await created(await call('POST', '/api/roles', { name: 'Night shift', permissions: ['patient_read'] }));
      return { id, url: `/api/roles/${id}` };
    },
    changes: () => [{ permissions: ['patient_read', 'patient_write'] }, { name: 'Day shift' }],
  },
  {
    entity: 'company', table: 'company_profiles', method: 'PUT',
    create: async () => {
      await created(await call('POST', '/api/companies', companyBody()));
      return { id: a.companyId, url: `/api/companies/${a.companyId}` };
    },
    changes: () => [companyBody({ vision: 'Care for every family' }), companyBody({ vision: 'Care close to home' })],
  },
  {
    entity: 'clinic_collection', table: 'clinic_collections', method: 'PUT',
    create: async () => {
      const id = await created(await call('POST', '/api/cliniccollections', complexBody(a.adminId)));
      return { id, url: `/api/cliniccollections/${id}` };
    },
    changes: () => [complexBody(a.adminId, { name: 'North Complex' }), complexBody(a.adminId, { name: 'South Complex' })],
  },
  {
    entity: 'department', table: 'departments', method: 'PUT',
    create: async () => {
      const id = await created(await call('POST', '/api/departments', departmentBody(a.adminId)));
      return { id, url: `/api/departments/${id}` };
    },
    changes: () => [departmentBody(a.adminId, { name: 'Cardiology' }), departmentBody(a.adminId, { name: 'Neurology' })],
  },
  {
    entity: 'clinic', table: 'clinics', method: 'PUT',
    create: async () => {
      const id = await created(await call('POST', '/api/clinics', clinicBody(a.adminId)));
      return { id, url: `/api/clinics/${id}` };
    },
    changes: () => [clinicBody(a.adminId, { AverageDurationOfVisit: 20 }), clinicBody(a.adminId, { AverageDurationOfVisit: 45 })],
  },
  {
    entity: 'service', table: 'services', method: 'PATCH',
    create: async () => {
      const db = ctx.database.db;
      const clinic = await insertClinic(db, a.companyId);
      const doctor = await insertDoctor(db, a.companyId, { clinics: [clinic.id] });
      const id = await created(await call('POST', '/api/services', { name: 'Consultation', description: 'A first visit', price: 150, clinic: clinic.id, doctors: [doctor.id] }));
      return { id, url: `/api/services/${id}` };
    },
    changes: () => [{ price: 120 }, { price: 180, isActive: false }],
  },
  {
    entity: 'specialization', table: 'specializations', method: 'PUT',
    create: async () => {
      const id = await created(await call('POST', '/api/specializations', {
        name: 'Cardiology', description: 'Diagnosis and treatment of heart conditions', certificationRequirements: 'Board certification',
        medicalProcedures: 'ECG, echocardiography', requiredEquipment: 'ECG machine', requiredStaff: [a.adminId],
      }));
      return { id, url: `/api/specializations/${id}` };
    },
    changes: () => [{ description: 'The heart and the blood vessels' }, { isActive: false }],
  },
  {
    entity: 'appointment', table: 'appointments', method: 'PATCH',
    create: async () => {
      const id = await bookAppointment();
      return { id, url: `/api/appointments/${id}` };
    },
    changes: () => [{ reason: 'Follow-up visit' }, { status: 'cancelled', cancellationReason: 'Patient travelling' }],
  },
];

describe('an update based on an older version of the record', () => {
  for (const c of cases) {
    it(`${c.entity}: the current version applies and raises it by one; the older one is 409 and changes nothing`, async () => {
      const { id, url } = await c.create();
      const [mine, theirs] = c.changes(id);
      const loaded = await versionOf(ctx, c.table, id);

      const saved = await call(c.method, url, { ...mine, version: loaded });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(body(saved).data.version).toBe(loaded + 1);
      expect(await versionOf(ctx, c.table, id)).toBe(loaded + 1);

      const before = await dataSnapshot(ctx);
      const audits = await auditCount(c.entity, id, 'update');
      const stale = await call(c.method, url, { ...theirs, version: loaded });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(body(stale)).toEqual({ success: false, message: { code: 'STALE_RECORD', message: STALE_EN } });
      expect(await dataSnapshot(ctx)).toEqual(before);
      expect(await auditCount(c.entity, id, 'update')).toBe(audits);
    });
  }

  it('is explained in Arabic too', async () => {
    const id = await created(await call('POST', '/api/roles', { name: 'Reception', permissions: ['patient_read'] }));
    expect((await call('PUT', `/api/roles/${id}`, { name: 'Front desk', version: 1 })).statusCode).toBe(200);
    const stale = await call('PUT', `/api/roles/${id}`, { name: 'Desk', version: 1 }, 'ar');
    expect(body(stale).message).toEqual({ code: 'STALE_RECORD', message: STALE_AR });
  });

  it('must say which version it is based on: without one it is 422 on the field and changes nothing', async () => {
    const id = await created(await call('POST', '/api/patients', patientBody()));
    const before = await dataSnapshot(ctx);
    const res = await call('PUT', `/api/patients/${id}`, patientBody({ name: 'No version' }));
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ version: 'The version of the record you edited is missing. Reload the record and try again.' });
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('is 404, not 409, for a record that does not exist', async () => {
    const res = await call('PATCH', '/api/appointments/00000000-0000-4000-8000-000000000000', { reason: 'x', version: 1 });
    expect(res.statusCode).toBe(404);
  });
});

describe('simultaneous changes to one record', () => {
  it('lets exactly one of 10 simultaneous cancellations through, and audits only that one', async () => {
    const id = await bookAppointment();
    const version = await versionOf(ctx, 'appointments', id);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) =>
      call('PATCH', `/api/appointments/${id}`, { status: 'cancelled', cancellationReason: `Reason ${i}`, version })));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(body(r).message.code).toBe('STALE_RECORD');
    const winner = results.findIndex((r) => r.statusCode === 200);
    const stored = body(await call('GET', `/api/appointments/${id}`)).data;
    expect(stored).toMatchObject({ status: 'cancelled', cancellationReason: `Reason ${winner}`, version: version + 1 });
    // A status change is audited under the new status.
    expect(await auditCount('appointment', id, 'cancelled')).toBe(1);
  });

  it('keeps exactly one of 10 simultaneous edits of a patient made from the same version, whole', async () => {
    const identity = 'RACE-1';
    const id = await created(await call('POST', '/api/patients', patientBody({ identity })));
    const version = await versionOf(ctx, 'patients', id);
    const inputs = Array.from({ length: 10 }, (_, i) => patientBody({ identity, name: `Editor ${i}`, allergies: [`Allergy ${i}`], blood_type: i % 2 ? 'A+' : 'B-' }));
    const results = await Promise.all(inputs.map((input) => call('PUT', `/api/patients/${id}`, { ...input, version })));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const winner = inputs[statuses.indexOf(200)]!;
    const stored = body(await call('GET', `/api/patients/${id}`)).data;
    expect(stored).toMatchObject({ name: winner.name, allergies: winner.allergies, blood_type: winner.blood_type, version: version + 1 });
    expect(await auditCount('patient', id, 'update')).toBe(1);
  });

  it('deactivates an employee once when the status switch is pressed on 5 screens at the same time', async () => {
    const id = await created(await call('POST', '/api/employees', staffBody()));
    const version = await versionOf(ctx, 'employees', id);
    const results = await Promise.all(Array.from({ length: 5 }, () => call('PUT', `/api/employees/${id}`, { isActive: false, version })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await auditCount('employee', id, 'deactivate')).toBe(1);
  });

  it('deletes an appointment once: the other simultaneous deletes are 404 and leave no audit entry', async () => {
    const id = await bookAppointment();
    const results = await Promise.all(Array.from({ length: 5 }, () => call('DELETE', `/api/appointments/${id}`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404, 404, 404]);
    expect(await auditCount('appointment', id, 'delete')).toBe(1);
  });

  it('never removes a note added while the patient is being deleted: a note that was answered 201 is kept, with its patient', async () => {
    for (let round = 0; round < 20; round++) {
      const id = await created(await call('POST', '/api/patients', patientBody()));
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const [note, removal] = await Promise.all([
        call('POST', `/api/patients/${id}/notes`, { body: `Reacted to latex (${round})` }),
        pause(round % 3).then(() => call('DELETE', `/api/patients/${id}`)),
      ]);
      expect(removal.statusCode, removal.body).toBe(200);
      expect([201, 404, 409], note.body).toContain(note.statusCode);
      const [kept] = await ctx.database.query<{ n: number }>('select count(*)::int as n from patient_notes where patient_id = $1', [id]);
      const [patient] = await ctx.database.query<{ active: boolean }>('select is_active as active from patients where id = $1', [id]);
      if (note.statusCode === 201) {
        expect(Number(kept?.n), `round ${round}: the note answered 201 was deleted with its patient`).toBe(1);
        expect(patient?.active).toBe(false);
        expect(body(removal).data.outcome).toBe('deactivated');
      } else {
        expect(body(removal).data.outcome).toBe('deleted');
      }
    }
  });

  it('keeps exactly one of 5 simultaneous saves of the e-invoicing settings made from the same version, whole', async () => {
    const fresh = await createOrg(ctx);
    const save = (i: number, version?: number) => ctx.app.inject({
      method: 'PUT', url: '/api/e-invoicing/settings', headers: auth(fresh.token),
      payload: { enabled: i % 2 === 0, sellerName: `Seller ${i}`, vatNumber: '300234567800003', ...(version === undefined ? {} : { version }) },
    });
    const first = await save(0);
    expect(first.statusCode).toBe(200);
    const version = body(first).data.version as number;
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => save(i, version)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    const winner = statuses.indexOf(200) + 1;
    const stored = body(await ctx.app.inject({ method: 'GET', url: '/api/e-invoicing/settings', headers: auth(fresh.token) })).data;
    expect(stored).toMatchObject({ sellerName: `Seller ${winner}`, enabled: winner % 2 === 0, version: version + 1 });
  });

  it('chooses one plan when several are chosen at the same time', async () => {
    const fresh = await createOrg(ctx, { plan: null });
    const plans = ['clinic', 'company', 'complex', 'department'];
    const results = await Promise.all(plans.map((plan) =>
      ctx.app.inject({ method: 'PUT', url: '/api/profile', headers: auth(fresh.token), payload: { plan } })));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).map((r) => body(r).message.code)).toEqual(['PLAN_LOCKED', 'PLAN_LOCKED', 'PLAN_LOCKED']);
    const [company] = await ctx.database.query<{ plan: string }>('select plan from companies where id = $1', [fresh.companyId]);
    expect(company?.plan).toBe(plans[statuses.indexOf(200)]);
  });
});
