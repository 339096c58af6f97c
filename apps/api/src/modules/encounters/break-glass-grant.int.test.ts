import { describe, expect, it } from 'vitest';
import type { ChartEntry } from '@clinic/shared';
import { body, linkSessionOf, login, TEST_PASSWORD } from '../../test/harness.js';
import { expectNoSecret, sensitiveRecordTest } from '../../test/sensitive-fixtures.js';
import { asLoadedNow } from '../../test/versions.js';

/*
 * Giving a reason to open another doctor's sensitive note grants the clinician the encounter for a shift: every list
 * then shows them what it recorded (prescriptions, orders, current medications, the chart, the printed summary), its
 * prescriptions and orders open by their id, and the note opens again without a new reason (audited, no one rung
 * again). Others stay masked; an expired grant, or one whose account was deactivated, opens nothing.
 */
const { ctx, a, patientId, otherDoctor, nurse, sensitiveEncounter, ids, req } = await sensitiveRecordTest({
  orgs: ['Grant North', 'Grant South'],
  doctor: { name: 'Dr. Rania Private', username: 'grant_doctor', email: 'grant_doctor@a.test' },
  reception: { name: 'Desk Grant', username: 'grant_desk', email: 'grant_desk@a.test' },
  patient: 'Sami Private',
});

const q = <T>(text: string, params: unknown[] = []) => ctx.database.query<T>(text, params);
const breakGlass = (token: string, reason: string) => req(token, 'POST', `/api/encounters/${sensitiveEncounter}/break-glass`, { reason });
const bells = async () => (await q<{ n: number }>(`select count(*)::int as n from notifications where company_id = $1 and kind = 'sensitive_note_opened'`, [a.companyId]))[0]!.n;

/** Everything a clinician reads of the patient's record that the sensitive encounter fed, as one text. */
async function whatTheyRead(token: string): Promise<string> {
  const urls = [
    `/api/patients/${patientId}/prescriptions`, `/api/patients/${patientId}/orders`, `/api/patients/${patientId}/medications?allData=true`,
    `/api/patients/${patientId}/chart?kinds=prescription,order,result,medication&limit=100`, `/api/patients/${patientId}/record-summary`,
  ];
  const answers = await Promise.all(urls.map((url) => req(token, 'GET', url)));
  for (const [i, res] of answers.entries()) expect(res.statusCode, urls[i]).toBe(200);
  return answers.map((res) => res.body).join('\n');
}

describe('a break-the-glass grant', () => {
  it('shows the clinician who gave a reason what the encounter recorded, in every list and by id, for a shift', async () => {
    expect((await req(otherDoctor, 'GET', `/api/prescriptions/${ids.prescription}`)).statusCode).toBe(403);
    expectNoSecret(await whatTheyRead(otherDoctor));

    const opened = await breakGlass(otherDoctor, 'Covering the night shift');
    expect(opened.statusCode, opened.body).toBe(200);
    const [grant] = await q<{ reason: string; hours: number }>(
      `select reason, extract(epoch from expires_at - granted_at)::int / 3600 as hours from encounter_access_grants where encounter_id = $1 and employee_id = $2`,
      [sensitiveEncounter, linkSessionOf(otherDoctor).employeeId]);
    expect(grant).toEqual({ reason: 'Covering the night shift', hours: 8 });

    const text = await whatTheyRead(otherDoctor);
    for (const secret of ['Retrozid', 'Take with the evening meal', 'Viral load', 'Confidential follow-up', 'Undetectable', 'Darunavirex', 'Keep away from the family']) {
      expect(text, secret).toContain(secret);
    }
    const chart = body<{ data: ChartEntry[] }>(await req(otherDoctor, 'GET', `/api/patients/${patientId}/chart?limit=100`)).data;
    expect(chart.filter((e) => e.restricted)).toEqual([]);
    expect(body(await req(otherDoctor, 'GET', `/api/prescriptions/${ids.prescription}`)).data.items).toMatchObject([{ name: 'Retrozid' }]);
    expect(body(await req(otherDoctor, 'GET', `/api/orders/${ids.order}`)).data).toMatchObject({ notes: 'Confidential follow-up', resultNote: 'Undetectable' });

    // Only for them: the nurse gave no reason.
    expectNoSecret(await whatTheyRead(nurse));
    expect((await req(nurse, 'GET', `/api/orders/${ids.order}`)).statusCode).toBe(403);
  });

  it('opens the note again without a reason: audited as a read through the grant, no administrator rung again', async () => {
    const rung = await bells();
    const res = await req(otherDoctor, 'GET', `/api/encounters/${sensitiveEncounter}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.note.sensitive).toBe(true);
    const [read] = await q<{ changes: unknown }>(
      `select changes from audit_log where actor_id = $1 and action = 'read' and entity = 'patient' order by id desc limit 1`, [linkSessionOf(otherDoctor).employeeId]);
    expect(read!.changes).toEqual({ encounter: sensitiveEncounter, grant: true });
    expect(await bells()).toBe(rung);
    expect((await q(`select 1 from audit_log where action = 'break_glass' and entity_id = $1`, [sensitiveEncounter])).length).toBe(1);
  });

  it('lets them change what the visit recorded, but not lift the mark that hides the note from the others', async () => {
    const stopped = await req(otherDoctor, 'POST', `/api/patient-medications/${ids.listedMedication}/stop`, { reason: 'Interaction with the new regimen', version: 1 });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(body(stopped).data).toMatchObject({ name: 'Darunavirex', status: 'stopped' });
    const note = body(await req(otherDoctor, 'GET', `/api/encounters/${sensitiveEncounter}`)).data.note;
    const unmark = await req(otherDoctor, 'PUT', `/api/encounters/${sensitiveEncounter}/note`, { version: note.version, content: {}, sensitive: false });
    expect([unmark.statusCode, body(unmark).message.code]).toEqual([403, 'SENSITIVE_NOTE']);
    expect(body(unmark).message.message).toBe('Only the visit\'s doctor removes the sensitive mark from its note');
    expect((await q<{ sensitive: boolean }>(`select sensitive from encounter_notes where encounter_id = $1`, [sensitiveEncounter]))[0]!.sensitive).toBe(true);
  });

  it('opens nothing once expired: the note asks for a reason again and the lists mask again', async () => {
    await q(`update encounter_access_grants set expires_at = now() - interval '1 minute' where employee_id = $1`, [linkSessionOf(otherDoctor).employeeId]);
    const refused = await req(otherDoctor, 'GET', `/api/encounters/${sensitiveEncounter}`);
    expect([refused.statusCode, body(refused).message.code]).toEqual([403, 'SENSITIVE_NOTE']);
    expect((await req(otherDoctor, 'GET', `/api/prescriptions/${ids.prescription}`)).statusCode).toBe(403);
    expectNoSecret(await whatTheyRead(otherDoctor));
  });

  it('ends with the account: deactivating the clinician expires it, and reactivating does not bring it back', async () => {
    expect((await breakGlass(nurse, 'Giving the evening dose')).statusCode).toBe(200);
    expect(await whatTheyRead(nurse)).toContain('Retrozid');
    const nurseId = linkSessionOf(nurse).employeeId;
    const put = async (isActive: boolean) => {
      const url = `/api/employees/${nurseId}`;
      const res = await req(a.token, 'PUT', url, await asLoadedNow(ctx, 'PUT', url, { isActive }));
      expect(res.statusCode, res.body).toBe(200);
    };
    await put(false);
    expect((await q(`select 1 from encounter_access_grants where employee_id = $1 and expires_at > now()`, [nurseId])).length).toBe(0);
    expect((await q<{ changes: { reason: string; employee: string } }>(`select changes from audit_log where action = 'revoke' and entity = 'encounter' and entity_id = $1`, [sensitiveEncounter]))
      .map((r) => [r.changes.reason, r.changes.employee])).toEqual([['deactivated', nurseId]]);
    await put(true);
    const again = (await login(ctx, 'srx_nurse', TEST_PASSWORD)).accessToken;
    expectNoSecret(await whatTheyRead(again));
  });
});
