import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '@clinic/shared';
import { appointments, auditLog, encounterNotes, encounters, notifications } from '../../db/schema/index.js';
import { nextPublicId } from '../../lib/public-id.js';
import { createAccount } from '../organisation/provision.js';
import { insertClinic, insertDoctor, insertPatient, insertService } from '../appointments/fixtures.js';
import { auth, body, login, TEST_PASSWORD, twoOrgsTest } from '../../test/harness.js';

const { ctx, a, b } = await twoOrgsTest(['Shifa Clinics', 'Other Group']);
const ids = {} as Record<'clinic' | 'service' | 'patient' | 'doctor' | 'otherDoctor', string>;
const tokens = {} as Record<'doctor' | 'otherDoctor' | 'reception' | 'nurse', string>;

async function account(name: string, username: string, employeeType: 'Doctor' | 'Nurse' | 'Administrative', role: string) {
  const row = await createAccount(ctx.database.db, a.companyId, a.roleIds, { name, username, email: `${username}@a.test`, password: TEST_PASSWORD, employeeType, roleNames: [role] });
  return { id: row.id, token: (await login(ctx, username, TEST_PASSWORD)).accessToken };
}

beforeAll(async () => {
  const db = ctx.database.db;
  ids.clinic = (await insertClinic(db, a.companyId, { name: 'Main', timeZone: 'Asia/Riyadh', workingHours: [] })).id;
  const doctor = await account('Dr. Layla Hassan', 'enc_doctor', 'Doctor', 'Doctor');
  const other = await account('Dr. Karim Nasser', 'enc_other', 'Doctor', 'Doctor');
  ids.doctor = doctor.id;
  ids.otherDoctor = other.id;
  tokens.doctor = doctor.token;
  tokens.otherDoctor = other.token;
  tokens.reception = (await account('Huda Front', 'enc_reception', 'Administrative', 'Receptionist')).token;
  tokens.nurse = (await account('Nurse Salma', 'enc_nurse', 'Nurse', 'Nurse')).token;
  ids.service = (await insertService(db, a.companyId, { clinicId: ids.clinic, doctors: [ids.doctor] })).id;
  ids.patient = (await insertPatient(db, a.companyId, { name: 'Omar Saleh' })).id;
  void insertDoctor;
});

const req = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

let slot = 0;
async function insertAppointment(status: AppointmentStatus, doctorId = ids.doctor) {
  const db = ctx.database.db;
  slot += 1;
  const startsAt = new Date(Date.now() - slot * 3_600_000);
  const [row] = await db.insert(appointments).values({
    companyId: a.companyId, publicId: await nextPublicId(db, a.companyId, 'appointment', 'APT'), patientId: ids.patient, doctorId,
    clinicId: ids.clinic, serviceId: ids.service, reason: 'Cough for a week', startsAt, endsAt: new Date(startsAt.getTime() + 1_800_000), status,
  }).returning();
  return row!;
}

const callIn = (id: string, version: number, token = tokens.doctor) => req(token, 'PATCH', `/api/appointments/${id}`, { version, status: 'in_consultation' });

/** An appointment called in; its encounter's id. */
async function calledIn(doctorId = ids.doctor): Promise<string> {
  const apt = await insertAppointment('arrived', doctorId);
  expect((await callIn(apt.id, apt.version)).statusCode).toBe(200);
  return body(await req(tokens.reception, 'GET', `/api/appointments/${apt.id}/encounter`)).data._id;
}

const audits = (entity: string, entityId: string) => ctx.database.db.select().from(auditLog)
  .where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.entity, entity), eq(auditLog.entityId, entityId))).orderBy(auditLog.createdAt);

describe('opening', () => {
  it('opens one encounter when the patient is called in, on the SOAP template, whatever races', async () => {
    const apt = await insertAppointment('arrived');
    const [first, second, third] = await Promise.all([
      callIn(apt.id, apt.version), callIn(apt.id, apt.version, tokens.reception),
      req(tokens.doctor, 'POST', `/api/appointments/${apt.id}/encounter`),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect([200, 201, 409]).toContain(third.statusCode);
    const rows = await ctx.database.db.select().from(encounters).where(and(eq(encounters.companyId, a.companyId), eq(encounters.appointmentId, apt.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'visit', status: 'open', doctorId: ids.doctor, patientId: ids.patient, clinicId: ids.clinic });
    const again = await req(tokens.doctor, 'POST', `/api/appointments/${apt.id}/encounter`);
    expect(again.statusCode).toBe(200);
    expect(body(again).data._id).toBe(rows[0]!.id);
    const details = body(await req(tokens.doctor, 'GET', `/api/encounters/${rows[0]!.id}`)).data;
    expect(details.note).toMatchObject({ content: {}, version: 1, template: { templateId: null, name: { en: 'SOAP note' } }, signedAt: null });
    expect(details.note.template.sections.map((s: { key: string }) => s.key)).toEqual(['subjective', 'objective', 'assessment', 'plan']);
  });

  it('refuses to open a cancelled visit\'s encounter, and opens one without appointment for phone advice (not on the board)', async () => {
    const cancelled = await insertAppointment('cancelled');
    const refused = await req(tokens.doctor, 'POST', `/api/appointments/${cancelled.id}/encounter`, undefined, 'ar');
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message.code).toBe('ENCOUNTER_NOT_OPENABLE');
    const phone = await req(tokens.doctor, 'POST', '/api/encounters', { patient: ids.patient, reason: 'Phone: fever advice' });
    expect(phone.statusCode).toBe(201);
    expect(body(phone).data).toMatchObject({ kind: 'phone', appointmentId: null, doctor: { _id: ids.doctor }, status: 'open' });
    const bad = await req(tokens.doctor, 'POST', '/api/encounters', { patient: '00000000-0000-4000-8000-000000000000' });
    expect(body(bad).message.fields).toEqual({ patient: 'Choose the patient' });
    expect((await req(tokens.reception, 'POST', '/api/encounters', { patient: ids.patient })).statusCode).toBe(403);
  });

  it('uses the service\'s template, keeping its copy when the template later changes', async () => {
    const sections = [{ key: 'exam', label: { en: 'Chest', ar: 'الصدر' }, fields: [
      { key: 'temp', type: 'number', unit: '°C', min: 34, max: 43, label: { en: 'Temperature', ar: 'الحرارة' } },
      { key: 'side', type: 'bodySide', required: true, label: { en: 'Side', ar: 'الجهة' } },
    ] }];
    const created = await req(a.token, 'POST', '/api/note-templates', { name: { en: 'Chest visit', ar: 'زيارة الصدر' }, service: ids.service, sections });
    expect(created.statusCode).toBe(201);
    expect((await req(tokens.doctor, 'POST', '/api/note-templates', { name: { en: 'X', ar: 'س' }, sections })).statusCode).toBe(403);
    const id = await calledIn();
    const note = body(await req(tokens.doctor, 'GET', `/api/encounters/${id}`)).data.note;
    expect(note.template).toMatchObject({ templateId: body(created).data._id, name: { en: 'Chest visit', ar: 'زيارة الصدر' } });
    const renamed = await req(a.token, 'PUT', `/api/note-templates/${body(created).data._id}`, { version: 1, name: { en: 'Renamed', ar: 'جديد' }, service: ids.service, sections, isActive: false });
    expect(renamed.statusCode).toBe(200);
    expect(body(await req(tokens.doctor, 'GET', `/api/encounters/${id}`)).data.note.template.name.en).toBe('Chest visit');
    const wrong = await req(tokens.doctor, 'PUT', `/api/encounters/${id}/note`, { version: 1, content: { temp: 50, side: 'up', nope: 'x' } });
    expect(wrong.statusCode).toBe(422);
    expect(body(wrong).message.fields).toEqual({
      'content.temp': 'Enter a number from 34 to 43', 'content.side': 'Choose left, right, both or midline', 'content.nope': 'This answer belongs to no field of the note\'s template',
    });
  });
});

describe('drafts', () => {
  it('saves as typed, and a save based on an older version gets 409 with the other text, changing nothing', async () => {
    const id = await calledIn();
    const first = await req(tokens.doctor, 'PUT', `/api/encounters/${id}/note`, { version: 1, content: { complaint: 'Cough' } });
    expect(first.statusCode).toBe(200);
    expect(body(first).data).toMatchObject({ version: 2, content: { complaint: 'Cough' }, updatedBy: { _id: ids.doctor } });
    // A second tab (or doctor) still on version 1.
    const stale = await req(tokens.otherDoctor, 'PUT', `/api/encounters/${id}/note`, { version: 1, content: { complaint: 'Fever' } });
    expect(stale.statusCode).toBe(409);
    expect(body(stale).message).toMatchObject({ code: 'STALE_RECORD', data: { current: { version: 2, content: { complaint: 'Cough' } } } });
    const [stored] = await ctx.database.db.select().from(encounterNotes).where(eq(encounterNotes.encounterId, id));
    expect(stored).toMatchObject({ version: 2, content: { complaint: 'Cough' } });
    // Keeping theirs: saved on the version the conflict answered.
    expect(body(await req(tokens.otherDoctor, 'PUT', `/api/encounters/${id}/note`, { version: 2, content: { complaint: 'Fever' } })).data.version).toBe(3);
    expect((await audits('encounter_note', id)).map((r) => [r.action, r.changes])).toEqual([
      ['update', { fields: ['complaint'], version: 2 }], ['update', { fields: ['complaint'], version: 3 }],
    ]);
  });

  it('of two simultaneous saves on one version exactly one applies', async () => {
    const id = await calledIn();
    const results = await Promise.all(['A', 'B', 'C'].map((x) => req(tokens.doctor, 'PUT', `/api/encounters/${id}/note`, { version: 1, content: { complaint: x } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = body(results.find((r) => r.statusCode === 200)!).data.content.complaint;
    const [stored] = await ctx.database.db.select().from(encounterNotes).where(eq(encounterNotes.encounterId, id));
    expect(stored).toMatchObject({ version: 2, content: { complaint: winner } });
  });
});

describe('signing', () => {
  it('asks for the required fields and the password, then locks the note in the service and in the database', async () => {
    const id = await calledIn();
    const incomplete = await req(tokens.doctor, 'POST', `/api/encounters/${id}/sign`, { version: 1, password: TEST_PASSWORD });
    expect(incomplete.statusCode).toBe(422);
    expect(body(incomplete).message.fields).toEqual({ 'content.complaint': 'Fill this in before signing', 'content.assessment': 'Fill this in before signing' });
    await req(tokens.doctor, 'PUT', `/api/encounters/${id}/note`, { version: 1, content: { complaint: 'Cough', assessment: 'Viral bronchitis' } });

    const wrong = await req(tokens.doctor, 'POST', `/api/encounters/${id}/sign`, { version: 2, password: 'not-it' }, 'ar');
    expect(wrong.statusCode).toBe(422);
    expect(body(wrong).message).toMatchObject({ code: 'SIGN_PASSWORD_WRONG', fields: { password: 'كلمة المرور غير صحيحة؛ لم تُوقَّع الملاحظة' } });
    expect(body(await req(tokens.doctor, 'GET', `/api/encounters/${id}`)).data).toMatchObject({ status: 'open', note: { signedAt: null, version: 2 } });

    const ok = await req(tokens.doctor, 'POST', `/api/encounters/${id}/sign`, { version: 2, password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(body(ok).data).toMatchObject({ status: 'signed', note: { version: 3, signedBy: { _id: ids.doctor, name: 'Dr. Layla Hassan' } } });

    const edit = await req(tokens.doctor, 'PUT', `/api/encounters/${id}/note`, { version: 3, content: { complaint: 'Changed' } });
    expect(edit.statusCode).toBe(409);
    expect(body(edit).message.code).toBe('NOTE_SIGNED');
    expect((await req(tokens.doctor, 'POST', `/api/encounters/${id}/sign`, { version: 3, password: TEST_PASSWORD })).statusCode).toBe(409);
    // Even a statement past the service is refused by the database.
    await expect(ctx.database.db.execute(sql`update encounter_notes set content = '{"complaint":"Tampered"}' where encounter_id = ${id}`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from encounter_notes where encounter_id = ${id}`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`update encounters set doctor_id = ${ids.otherDoctor} where id = ${id}`)).rejects.toThrow();
    const [stored] = await ctx.database.db.select().from(encounterNotes).where(eq(encounterNotes.encounterId, id));
    expect(stored!.content).toEqual({ complaint: 'Cough', assessment: 'Viral bronchitis' });
    expect((await audits('encounter_note', id)).map((r) => r.action)).toEqual(['update', 'sign_failed', 'sign']);
  });

  it('is signed by the visit\'s doctor only: a nurse or another doctor who wrote in it is told who signs', async () => {
    const id = await calledIn();
    expect((await req(tokens.nurse, 'PUT', `/api/encounters/${id}/note`, { version: 1, content: { complaint: 'Cough', assessment: 'Cold' } })).statusCode).toBe(200);
    for (const token of [tokens.nurse, tokens.otherDoctor]) {
      const refused = await req(token, 'POST', `/api/encounters/${id}/sign`, { version: 2, password: TEST_PASSWORD }, 'ar');
      expect(refused.statusCode).toBe(403);
      expect(body(refused).message).toMatchObject({ code: 'NOT_NOTE_DOCTOR', message: 'لا يوقّع هذه الملاحظة إلا طبيب الزيارة، Dr. Layla Hassan' });
    }
    expect(body(await req(tokens.doctor, 'GET', `/api/encounters/${id}`)).data).toMatchObject({ status: 'open', note: { signedAt: null, version: 2 } });
    expect((await audits('encounter_note', id)).map((r) => r.action)).toEqual(['update']);
    // Its doctor signs what the nurse wrote.
    expect((await req(tokens.doctor, 'POST', `/api/encounters/${id}/sign`, { version: 2, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('stops guessing at the sign-in limit', async () => {
    const id = await calledIn(ids.otherDoctor);
    await req(tokens.otherDoctor, 'PUT', `/api/encounters/${id}/note`, { version: 1, content: { complaint: 'Cough', assessment: 'Cold' } });
    let last = 0;
    for (let i = 0; i < ctx.config.loginMaxFailures + 1; i += 1) {
      last = (await req(tokens.otherDoctor, 'POST', `/api/encounters/${id}/sign`, { version: 2, password: `guess-${i}` })).statusCode;
    }
    expect(last).toBe(429);
    expect((await req(tokens.otherDoctor, 'POST', `/api/encounters/${id}/sign`, { version: 2, password: TEST_PASSWORD })).statusCode).toBe(429);
    expect(body(await req(tokens.doctor, 'GET', `/api/encounters/${id}`)).data.status).toBe('open');
  });

  it('takes addenda only after signing, with who, when and why, and never changes them', async () => {
    const id = await calledIn();
    const early = await req(tokens.doctor, 'POST', `/api/encounters/${id}/addenda`, { reason: 'Lab came back', text: 'CRP normal' });
    expect(body(early).message.code).toBe('NOTE_NOT_SIGNED');
    await req(tokens.doctor, 'PUT', `/api/encounters/${id}/note`, { version: 1, content: { complaint: 'Cough', assessment: 'Cold' } });
    await req(tokens.doctor, 'POST', `/api/encounters/${id}/sign`, { version: 2, password: TEST_PASSWORD });
    const added = await req(tokens.nurse, 'POST', `/api/encounters/${id}/addenda`, { reason: 'Lab came back', text: 'CRP normal' });
    expect(added.statusCode).toBe(201);
    expect(body(added).data).toMatchObject({ author: { name: 'Nurse Salma' }, reason: 'Lab came back', text: 'CRP normal', createdAt: expect.any(String) });
    expect(body(await req(tokens.doctor, 'POST', `/api/encounters/${id}/addenda`, { reason: ' ', text: '' })).message.fields).toEqual({ reason: 'Give the reason', text: 'Write the addendum' });
    expect(body(await req(tokens.doctor, 'GET', `/api/encounters/${id}`)).data.addenda).toHaveLength(1);
    await expect(ctx.database.db.execute(sql`update encounter_addenda set text = 'x' where encounter_id = ${id}`)).rejects.toThrow();
  });
});

describe('access', () => {
  it('lets reception learn only that the encounter exists; every read of content is audited as a patient read', async () => {
    const id = await calledIn();
    const apt = (await ctx.database.db.select().from(encounters).where(eq(encounters.id, id)))[0]!.appointmentId!;
    const meta = await req(tokens.reception, 'GET', `/api/appointments/${apt}/encounter`);
    expect(body(meta).data).toMatchObject({ _id: id, status: 'open' });
    expect(body(meta).data.note).toBeUndefined();
    expect((await req(tokens.reception, 'GET', `/api/encounters/${id}`)).statusCode).toBe(403);
    expect((await req(tokens.reception, 'GET', `/api/encounters?patient=${ids.patient}`)).statusCode).toBe(403);
    expect((await req(tokens.reception, 'PUT', `/api/encounters/${id}/note`, { version: 1, content: {} })).statusCode).toBe(403);
    const before = (await audits('patient', ids.patient)).length;
    expect((await req(tokens.nurse, 'GET', `/api/encounters/${id}`)).statusCode).toBe(200);
    const reads = (await audits('patient', ids.patient)).slice(before);
    expect(reads.map((r) => [r.action, r.changes])).toEqual([['read', { encounter: id }]]);
    // Another company sees nothing.
    expect((await req(b.token, 'GET', `/api/encounters/${id}`)).statusCode).toBe(404);
    expect((await req(b.token, 'GET', `/api/appointments/${apt}/encounter`)).statusCode).toBe(404);
    expect((await req(b.token, 'PUT', `/api/encounters/${id}/note`, { version: 1, content: { complaint: 'x' } })).statusCode).toBe(404);
  });

  it('hides a sensitive note from other clinicians until they give a reason, which is audited and rings the administrators', async () => {
    const id = await calledIn();
    expect((await req(tokens.doctor, 'PUT', `/api/encounters/${id}/note`, { version: 1, content: { complaint: 'Private matter' }, sensitive: true })).statusCode).toBe(200);
    expect((await req(tokens.doctor, 'GET', `/api/encounters/${id}`)).statusCode).toBe(200);
    const hidden = await req(tokens.otherDoctor, 'GET', `/api/encounters/${id}`);
    expect(hidden.statusCode).toBe(403);
    expect(body(hidden).message.code).toBe('SENSITIVE_NOTE');
    expect(hidden.body).not.toContain('Private matter');
    expect((await req(tokens.otherDoctor, 'PUT', `/api/encounters/${id}/note`, { version: 2, content: {} })).statusCode).toBe(403);
    expect(body(await req(tokens.otherDoctor, 'POST', `/api/encounters/${id}/break-glass`, { reason: '' })).message.fields).toEqual({ reason: 'Give the reason' });

    const opened = await req(tokens.otherDoctor, 'POST', `/api/encounters/${id}/break-glass`, { reason: 'Covering the emergency shift' });
    expect(opened.statusCode).toBe(200);
    expect(body(opened).data.note.content).toEqual({ complaint: 'Private matter' });
    expect((await audits('encounter', id)).filter((r) => r.action === 'break_glass').map((r) => [r.actorId, r.changes]))
      .toEqual([[ids.otherDoctor, { reason: 'Covering the emergency shift', patient: ids.patient, grantedUntil: expect.any(String) }]]);
    const bells = await ctx.database.db.select().from(notifications).where(and(eq(notifications.companyId, a.companyId), eq(notifications.kind, 'sensitive_note_opened')));
    expect(bells.map((n) => n.recipientId)).toEqual([a.adminId]);
    const listed = body(await req(a.token, 'GET', '/api/notifications')).data[0];
    expect(listed).toMatchObject({ kind: 'sensitive_note_opened', text: 'Dr. Karim Nasser opened the sensitive note of Omar Saleh: Covering the emergency shift', link: `/encounters/${id}` });
  });

  it('lists a patient\'s encounters for clinicians (no content)', async () => {
    const res = await req(tokens.nurse, 'GET', `/api/encounters?patient=${ids.patient}&limit=5`);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toHaveLength(5);
    expect(body(res).data[0].note).toBeUndefined();
    expect(body(res).pagination.total_items).toBeGreaterThan(5);
  });
});
