import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicOnlineBooking, companies } from '../../db/schema/index.js';
import { closedPort } from '../../test/closed-port.js';
import { body, createOrg, createTestContext, type TestContext } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertService } from '../appointments/fixtures.js';

/** A booking page whose text gateway cannot be reached: the patient is told to try later, the operator's log says why. */
let ctx: TestContext;
const logs: string[] = [];
const SLUG = 'unreachable-gateway';

beforeAll(async () => {
  const port = await closedPort();
  ctx = await createTestContext(
    { logLevel: 'warn', sms: { preset: 'generic', url: `http://127.0.0.1:${port}/sms`, auth: undefined, body: undefined, from: 'CLINIC' } },
    { logStream: { write: (line: string) => void logs.push(line) } },
  );
  const db = ctx.database.db;
  const org = await createOrg(ctx, { name: 'Gateway Down Clinic' });
  await db.update(companies).set({ bookingSlug: SLUG }).where(eq(companies.id, org.companyId));
  const clinic = await insertClinic(db, org.companyId, { name: 'Main Clinic' });
  const doctor = await insertDoctor(db, org.companyId, { name: 'Dr. Omar', clinics: [clinic.id] });
  const service = await insertService(db, org.companyId, { clinicId: clinic.id, doctors: [doctor.id], name: 'Consultation', durationMinutes: 30 });
  await db.insert(clinicOnlineBooking).values({
    companyId: org.companyId, clinicId: clinic.id, enabled: true, mode: 'instant', serviceIds: [service.id], doctorIds: [doctor.id],
  });
});
afterAll(async () => {
  await ctx.close();
});

describe('a one-time code the text gateway did not take', () => {
  it('answers 503 CODE_NOT_SENT and logs the reason, so the operator can tell what is wrong', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/public/book/${SLUG}/code`, payload: { phone: '+966501234567', language: 'en' } });
    expect(res.statusCode).toBe(503);
    expect(body(res).message.code).toBe('CODE_NOT_SENT');
    const warned = logs.map((l) => JSON.parse(l) as { msg?: string; code?: string; err?: { message?: string } })
      .find((l) => l.code === 'CODE_NOT_SENT');
    expect(warned?.err?.message).toMatch(/gateway not reached: ECONNREFUSED/);
  });
});
