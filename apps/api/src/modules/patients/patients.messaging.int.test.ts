import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients } from '../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { versionOf } from '../../test/versions.js';

let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createOrg(ctx);
});
afterAll(async () => {
  await ctx.close();
});

function patient(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Huda Saleh', identity: `ID-${Math.random().toString(36).slice(2, 10)}`, phone: '+966501234567', dateOfBirth: '1990-03-14',
    gender: 'female', nationality: 'Saudi', marital_status: 'Married', blood_type: 'A+', address: 'Olaya Street, Riyadh', Smoking: false,
    professiona_experi: 'Teacher', ...overrides,
  };
}

const create = (payload: object, lang?: string) => ctx.app.inject({ method: 'POST', url: '/api/patients', payload, headers: auth(org.token, lang) });
const update = async (id: string, payload: object) => ctx.app.inject({
  method: 'PUT', url: `/api/patients/${id}`, payload: { ...payload, version: await versionOf(ctx, 'patients', id) }, headers: auth(org.token),
});
const consentAudit = async (id: string) => (await ctx.database.db.select().from(auditLog)
  .where(and(eq(auditLog.entity, 'patient'), eq(auditLog.entityId, id))).orderBy(auditLog.id))
  .filter((r) => r.action.startsWith('consent_'));
const count = async () => (await ctx.database.db.select({ id: patients.id }).from(patients).where(eq(patients.companyId, org.companyId))).length;

describe('the patient\'s text channel and WhatsApp consent', () => {
  it('is SMS without consent for a new patient', async () => {
    const res = await create(patient());
    expect(res.statusCode).toBe(201);
    expect(body(res).data).toMatchObject({ preferredChannel: 'sms', whatsappConsent: null });
  });

  it('refuses WhatsApp without the patient\'s consent, translated, storing nothing', async () => {
    const before = await count();
    const res = await create(patient({ preferredChannel: 'whatsapp' }), 'ar');
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields.preferredChannel).toContain('واتساب');
    const both = await create(patient({ preferredChannel: 'whatsapp', whatsappConsent: false }));
    expect(body(both).message.fields.preferredChannel).toBe('WhatsApp can be the preferred channel only when the patient agrees to WhatsApp messages');
    expect(await count()).toBe(before);
  });

  it('records consent given at the desk with its date, audited; an edit that does not mention it keeps it', async () => {
    const res = await create(patient({ preferredChannel: 'whatsapp', whatsappConsent: true }));
    expect(res.statusCode).toBe(201);
    const created = body(res).data;
    expect(created.preferredChannel).toBe('whatsapp');
    expect(created.whatsappConsent.source).toBe('desk');
    expect(Date.now() - Date.parse(created.whatsappConsent.at)).toBeLessThan(60_000);
    expect((await consentAudit(created._id)).map((r) => r.action)).toEqual(['consent_given']);

    const edited = await update(created._id, patient({ identity: created.identity, address: 'King Fahd Road' }));
    expect(edited.statusCode).toBe(200);
    expect(body(edited).data).toMatchObject({ preferredChannel: 'whatsapp', whatsappConsent: created.whatsappConsent });
    const ticked = await update(created._id, patient({ identity: created.identity, whatsappConsent: true }));
    expect(body(ticked).data.whatsappConsent).toEqual(created.whatsappConsent);
    expect(await consentAudit(created._id)).toHaveLength(1);
  });

  it('withdrawing consent makes SMS the channel again and is audited; WhatsApp cannot stay preferred', async () => {
    const created = body(await create(patient({ preferredChannel: 'whatsapp', whatsappConsent: true }))).data;
    const refused = await update(created._id, patient({ identity: created.identity, preferredChannel: 'whatsapp', whatsappConsent: false }));
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message.fields).toHaveProperty('preferredChannel');

    const res = await update(created._id, patient({ identity: created.identity, whatsappConsent: false }));
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ preferredChannel: 'sms', whatsappConsent: null });
    const audit = await consentAudit(created._id);
    expect(audit.map((r) => r.action)).toEqual(['consent_given', 'consent_withdrawn']);
    expect(audit[1]!.actorId).toBe(org.adminId);

    // Without consent on record, asking for WhatsApp alone is refused too.
    const again = await update(created._id, patient({ identity: created.identity, preferredChannel: 'whatsapp' }));
    expect(again.statusCode).toBe(422);
    expect(body(again).message.fields).toHaveProperty('preferredChannel');
  });
});
