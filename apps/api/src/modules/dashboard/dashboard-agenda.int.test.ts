import { describe, expect, it } from 'vitest';
import { DASHBOARD_AGENDA_CAP, startOfLocalDay, todayIn } from '@clinic/shared';
import { body, orgTest } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService } from '../appointments/fixtures.js';

const { ctx, org, call } = await orgTest();

/** `count` one-minute appointments at the clinic from its local midnight today (one doctor, one patient, none overlapping). */
async function bookToday(name: string, count: number) {
  const db = ctx.database.db;
  const clinic = await insertClinic(db, org.companyId, { name, timeZone: 'Asia/Riyadh' });
  const doctor = await insertDoctor(db, org.companyId, { clinics: [clinic.id] });
  const service = await insertService(db, org.companyId, { clinicId: clinic.id, doctors: [doctor.id] });
  const patient = await insertPatient(db, org.companyId);
  const start = startOfLocalDay(todayIn('Asia/Riyadh'), 'Asia/Riyadh');
  await ctx.database.query(`
    insert into appointments (company_id, public_id, patient_id, doctor_id, clinic_id, service_id, reason, starts_at, ends_at, status)
    select $1, $2 || '-' || i, $3, $4, $5, $6, 'Fixture', $7::timestamptz + make_interval(mins => i), $7::timestamptz + make_interval(mins => i + 1), 'scheduled'
      from generate_series(0, $8 - 1) i`,
  [org.companyId, `APT-${name}`, patient.id, doctor.id, clinic.id, service.id, start.toISOString(), count]);
  return clinic.id;
}

describe('today\'s agenda on the dashboard', () => {
  it('lists the first appointments of a busy day and says how many the day has', async () => {
    const busy = await bookToday('Busy', DASHBOARD_AGENDA_CAP + 20);
    // More than three times the cap: the day's rows are counted by the database, not from the rows read.
    const busier = await bookToday('Busier', DASHBOARD_AGENDA_CAP * 3 + 50);
    const agenda = async (query: string) => {
      const res = await call('GET', `/api/dashboard?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = body(res).data as { agenda: Array<{ datetime: string }>; agendaTotal: number };
      return { listed: data.agenda.length, total: data.agendaTotal, first: data.agenda[0]?.datetime.slice(11, 16) };
    };
    expect(await agenda(`clinic=${busy}`)).toEqual({ listed: DASHBOARD_AGENDA_CAP, total: DASHBOARD_AGENDA_CAP + 20, first: '00:00' });
    expect(await agenda(`clinic=${busier}`)).toEqual({ listed: DASHBOARD_AGENDA_CAP, total: DASHBOARD_AGENDA_CAP * 3 + 50, first: '00:00' });
    expect(await agenda('')).toMatchObject({ listed: DASHBOARD_AGENDA_CAP, total: DASHBOARD_AGENDA_CAP * 4 + 70 });
  });

  it('counts every appointment of a quiet day', async () => {
    const quiet = await bookToday('Quiet', 3);
    const res = await call('GET', `/api/dashboard?clinic=${quiet}`);
    expect(body(res).data).toMatchObject({ agendaTotal: 3 });
    expect(body(res).data.agenda).toHaveLength(3);
  });
});
