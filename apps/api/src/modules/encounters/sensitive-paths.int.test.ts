import { describe, expect, it } from 'vitest';
import { formatOrderNumber } from '@clinic/shared';
import { body } from '../../test/harness.js';
import { insertPatient } from '../appointments/fixtures.js';
import { expectNoSecret, rxItem, sensitiveRecordTest } from '../../test/sensitive-fixtures.js';

/*
 * The side paths to what a sensitive encounter recorded: an order's number in the masked list, the lab's look-up by
 * number, collecting by id, the words a later prescription keeps, and a note save that loses to the doctor's own.
 * The fixture (test/sensitive-fixtures.ts): the sensitive visit prescribed Retrozid, listed Darunavirex, and ordered a
 * viral load (HIVVL, "Confidential follow-up"), resulted (20 copies/mL, "Undetectable").
 */
const { ctx, a, doctor, reception, patientId, otherDoctor, nurse, clinicId, drugs, sensitiveEncounter, ids, req } = await sensitiveRecordTest({
  orgs: ['Paths North', 'Paths South'],
  doctor: { name: 'Dr. Path Owner', username: 'path_doctor', email: 'path_doctor@a.test' },
  reception: { name: 'Desk Path', username: 'path_desk', email: 'path_desk@a.test' },
  patient: 'Path Patient',
});
const q = <T>(text: string, params: unknown[] = []) => ctx.database.query<T>(text, params);
type Order = { _id: string; number: string; version: number; status: string; restricted?: boolean; items: unknown[] };
const others = [['nurse', nurse], ['second doctor', otherDoctor]] as const;

describe('the lab\'s look-up by number', () => {
  it('is not handed the number by the masked list, and no longer opens the order once it is resulted', async () => {
    for (const [who, token] of others) {
      const masked = (body(await req(token, 'GET', `/api/patients/${patientId}/orders`)).data as Order[]).find((o) => o._id === ids.order)!;
      expect(masked, who).toMatchObject({ restricted: true, number: '', items: [] });
    }
    // Numbers run in order, so they can be guessed: a resulted order of the sensitive visit is refused all the same.
    const year = new Date().getUTCFullYear();
    const answers: string[] = [];
    for (let n = 1; n <= 5; n++) {
      const res = await req(nurse, 'GET', `/api/orders/by-number?number=${formatOrderNumber('lab', year, n)}`);
      if (res.statusCode === 403) expect(body(res).message).toMatchObject({ code: 'SENSITIVE_NOTE', data: { encounterId: sensitiveEncounter } });
      answers.push(res.body);
    }
    expectNoSecret(answers.join('\n'));
    // Its doctor still opens it by number.
    const [own] = await q<{ number: string }>('select number from orders where company_id = $1 and id = $2', [a.companyId, ids.order]);
    expect(body(await req(doctor, 'GET', `/api/orders/by-number?number=${own!.number}`)).data.items).not.toHaveLength(0);
  });
});

describe('collecting an order by its id', () => {
  it('is refused for an order of another doctor\'s sensitive visit (its answer is the whole order), and changes nothing', async () => {
    const [vl] = await q<{ id: string }>(`select id from order_catalogue_items where company_id = $1 and code = 'HIVVL'`, [a.companyId]);
    const placed = await req(doctor, 'POST', `/api/patients/${patientId}/orders`, { clinic: clinicId, items: [vl!.id], encounter: sensitiveEncounter, notes: 'Confidential follow-up' });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = body(placed).data._id as string;
    const masked = (body(await req(nurse, 'GET', `/api/patients/${patientId}/orders`)).data as Order[]).find((o) => o._id === id)!;
    const res = await req(nurse, 'POST', `/api/orders/${id}/collect`, { version: masked.version });
    expect(res.statusCode).toBe(403);
    expect(body(res).message.code).toBe('SENSITIVE_NOTE');
    expectNoSecret(res.body);
    expect((await q<{ status: string }>('select status from orders where company_id = $1 and id = $2', [a.companyId, id]))[0]!.status).toBe('ordered');
    // Its doctor collects it.
    expect((await req(doctor, 'POST', `/api/orders/${id}/collect`, { version: masked.version })).statusCode).toBe(200);
  });
});

describe('what a later prescription keeps', () => {
  async function issueDuplicate(token: string) {
    const draft = body(await req(token, 'POST', `/api/patients/${patientId}/prescriptions`, { clinic: clinicId, items: [rxItem(drugs.Zidorex!)] })).data;
    const check = body(await req(token, 'POST', `/api/patients/${patientId}/prescriptions/check`, { items: [{ medication: drugs.Zidorex }] })).data;
    const issued = await req(token, 'POST', `/api/prescriptions/${draft._id}/issue`, {
      version: draft.version, acknowledgements: check.warnings.map((w: { key: string }) => ({ key: w.key, reason: 'Switching brand' })),
    });
    expect(issued.statusCode, issued.body).toBe(200);
    return draft._id as string;
  }

  it('never names a drug of the sensitive visit, even when its doctor writes it at a plain visit', async () => {
    const id = await issueDuplicate(doctor);
    for (const [who, token] of others) {
      const [list, one] = [await req(token, 'GET', `/api/patients/${patientId}/prescriptions`), await req(token, 'GET', `/api/prescriptions/${id}`)];
      expect(one.statusCode, who).toBe(200);
      expect(`${list.body}\n${one.body}`, who).not.toContain('Retrozid');
      expect(body(one).data.acknowledgements.map((x: { text: string }) => x.text)).toContain('Zidorex: duplicate of a restricted medication');
    }
  });

  it('nor when a clinician holding a break-the-glass grant writes it, after the grant has expired', async () => {
    expect((await req(otherDoctor, 'POST', `/api/encounters/${sensitiveEncounter}/break-glass`, { reason: 'Night cover' })).statusCode).toBe(200);
    const id = await issueDuplicate(otherDoctor);
    await q(`update encounter_access_grants set expires_at = now() - interval '1 minute' where company_id = $1`, [a.companyId]);
    expect((await req(nurse, 'GET', `/api/prescriptions/${id}`)).body).not.toContain('Retrozid');
  });
});

describe('a note save that loses to the doctor\'s own', () => {
  it('is refused without the note when the save that won marked it sensitive', async () => {
    const enc = body(await req(doctor, 'POST', '/api/encounters', { patient: patientId })).data._id as string;
    const version = body(await req(doctor, 'GET', `/api/encounters/${enc}`)).data.note.version as number;
    const secret = 'Disclosed in confidence';
    // The doctor's save lands between the nurse's checks and her transaction (the database's `transaction` wrapped once).
    const db = ctx.database.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
    const original = db.transaction.bind(db);
    let armed = true;
    db.transaction = async (...args: unknown[]) => {
      if (armed) {
        armed = false;
        expect((await req(doctor, 'PUT', `/api/encounters/${enc}/note`, { version, content: { complaint: secret }, sensitive: true })).statusCode).toBe(200);
      }
      return original(...args);
    };
    try {
      const res = await req(nurse, 'PUT', `/api/encounters/${enc}/note`, { version, content: { complaint: 'BP taken' } });
      expect(res.statusCode).toBe(403);
      expect(body(res).message.code).toBe('SENSITIVE_NOTE');
      expect(res.body).not.toContain(secret);
    } finally {
      db.transaction = original;
    }
  });
});

describe('vitals taken at the sensitive visit', () => {
  it('keep their readings for everyone and their note for its doctor and grant holders', async () => {
    const note = 'Weight loss since starting Retrozid';
    const taken = await req(doctor, 'POST', `/api/patients/${patientId}/vitals`, { encounterId: sensitiveEncounter, weight: 58, note });
    expect(taken.statusCode, taken.body).toBe(201);
    for (const [who, token] of others) {
      const [list, summary] = [await req(token, 'GET', `/api/patients/${patientId}/vitals`), await req(token, 'GET', `/api/patients/${patientId}/clinical-summary`)];
      expect(list.statusCode, who).toBe(200);
      expect(`${list.body}\n${summary.body}`, who).not.toContain('Retrozid');
      const set = (body(list).data as Array<{ _id: string; note: string; readings: Array<{ vital: string; value: number }> }>).find((v) => v._id === body(taken).data._id)!;
      expect(set.note, who).toBe('');
      expect(set.readings, who).toContainEqual(expect.objectContaining({ vital: 'weight', value: 58 }));
    }
    expect((await req(doctor, 'GET', `/api/patients/${patientId}/vitals`)).body).toContain(note);
  });
});

describe('an acknowledgement written before the visit was marked', () => {
  it('no longer names the visit\'s drug once the mark is set, in the prescription, its list and the audit log', async () => {
    const mark = async (sensitive: boolean) => {
      const note = body(await req(doctor, 'GET', `/api/encounters/${sensitiveEncounter}`)).data.note;
      expect((await req(doctor, 'PUT', `/api/encounters/${sensitiveEncounter}/note`, { version: note.version, content: {}, sensitive })).statusCode).toBe(200);
    };
    await mark(false);
    // While the visit is not marked, another doctor writes the same medicine; the warning names the visit's drug.
    const draft = body(await req(otherDoctor, 'POST', `/api/patients/${patientId}/prescriptions`, { clinic: clinicId, items: [rxItem(drugs.Zidorex!)] })).data;
    const check = body(await req(otherDoctor, 'POST', `/api/patients/${patientId}/prescriptions/check`, { items: [{ medication: drugs.Zidorex }] })).data;
    const issued = await req(otherDoctor, 'POST', `/api/prescriptions/${draft._id}/issue`, {
      version: draft.version, acknowledgements: check.warnings.map((w: { key: string }) => ({ key: w.key, reason: 'Switching brand' })),
    });
    expect(issued.body).toContain('Zidorex: duplicate of Retrozid');
    await mark(true);
    const one = await req(nurse, 'GET', `/api/prescriptions/${draft._id}`);
    expect(body(one).data.acknowledgements.map((x: { text: string }) => x.text)).toContain('Zidorex: duplicate of a restricted medication');
    const list = await req(nurse, 'GET', `/api/patients/${patientId}/prescriptions`);
    const audit = await req(a.token, 'GET', `/api/audit?entity=prescription&entityId=${draft._id}`);
    for (const res of [one, list, audit]) expect(res.body).not.toContain('Retrozid');
    expect(audit.body).toContain('Zidorex: duplicate of a restricted medication');
    // Its doctor still reads the name.
    expect((await req(doctor, 'GET', `/api/prescriptions/${draft._id}`)).body).toContain('Zidorex: duplicate of Retrozid');
  });
});

describe('the audit log', () => {
  type Entry = { entity: string; entityId: string; action: string; changes: unknown };
  const recordEntities = ['encounter', 'encounter_note', 'prescription', 'order', 'patient_medication', 'encounter_diagnosis'];
  const entriesSeen = async (token: string) => {
    const entries: Entry[] = [];
    for (const entity of recordEntities) {
      const res = await req(token, 'GET', `/api/audit?entity=${entity}&limit=30`);
      expect(res.statusCode, res.body).toBe(200);
      entries.push(...(body(res).data as Entry[]));
    }
    return entries;
  };

  it('shows an administrator who reads clinical records that the sensitive visit\'s records changed, not what they say', async () => {
    const entries = await entriesSeen(a.token);
    expectNoSecret(JSON.stringify(entries));
    const ofVisit = entries.filter((e) => [ids.prescription, ids.order, ids.listedMedication, sensitiveEncounter].includes(e.entityId));
    // Each entry is there (who did what to which record, and when), its changes withheld.
    expect(ofVisit.map((e) => e.action)).toEqual(expect.arrayContaining(['create', 'issue', 'collect', 'result', 'update']));
    for (const e of ofVisit.filter((x) => x.changes !== null && x.action !== 'break_glass')) expect(e.changes, `${e.entity} ${e.action}`).toEqual({ redacted: 'sensitive' });
    // The opening of the visit in an emergency keeps its reason: it is what an administrator reviews it by.
    expect(entries.find((e) => e.action === 'break_glass')?.changes).toMatchObject({ reason: 'Night cover' });
    // A plain visit's records show as always.
    expect(JSON.stringify(entries.filter((e) => e.entityId === ids.plainPrescription))).toContain(drugs.Panadol!);
    // The export shows what the list shows.
    const csv = await req(a.token, 'GET', '/api/audit/export.csv');
    expect(csv.statusCode).toBe(200);
    expectNoSecret(csv.body.split('\n').filter((line) => recordEntities.some((entity) => line.includes(`,${entity},`))).join('\n'));
  });

  // A diagnosis of the sensitive visit (B20), changed and then taken off it, and a problem it made.
  let hiv: string;
  it('keeps withholding the entries of a diagnosis of the visit once its doctor has removed it', async () => {
    [{ id: hiv }] = await q<{ id: string }>(`insert into diagnosis_codes (company_id, system, code, code_key, title_en, title_ar, search_text)
      values ($1, 'ICD-10', 'B20', 'b20', 'HIV disease', 'مرض فيروس نقص المناعة', ' b20') returning id`, [a.companyId]) as [{ id: string }];
    const added = await req(doctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId: sensitiveEncounter, codeId: hiv, rank: 'primary', note: 'Partner informed' });
    expect(added.statusCode, added.body).toBe(201);
    const id = body(added).data._id as string;
    expect((await req(doctor, 'PATCH', `/api/patients/${patientId}/diagnoses/${id}`, { note: 'Partner informed, tested too' })).statusCode).toBe(200);
    const seen = async () => (await req(a.token, 'GET', `/api/audit?entity=encounter_diagnosis&entityId=${id}`)).body;
    expect(await seen()).not.toContain('Partner informed');
    expect((await req(doctor, 'DELETE', `/api/patients/${patientId}/diagnoses/${id}`)).statusCode).toBe(200);
    const after = await seen();
    expect(after).toContain('"action":"update"');
    expect(after).not.toContain('Partner informed');
  });

  it('withholds a merge\'s folded problem that the visit made, and keeps the rest of the merge', async () => {
    // The visit's diagnosis makes the problem; the record it is merged into already lists the same one.
    expect((await req(doctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId: sensitiveEncounter, codeId: hiv, rank: 'primary' })).statusCode).toBe(201);
    const kept = (await insertPatient(ctx.database.db, a.companyId, { name: 'Paths Kept' })).id;
    expect((await req(doctor, 'POST', `/api/patients/${kept}/problems`, { codeId: hiv })).statusCode).toBe(201);
    const version = async (id: string) => body(await req(reception, 'GET', `/api/patients/${id}`)).data.version as number;
    const merged = await req(reception, 'POST', `/api/patients/${patientId}/merge`, { into: kept, version: await version(patientId), intoVersion: await version(kept) });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(body(merged).data.folded.problems).toBe(1);
    const [entry] = body(await req(a.token, 'GET', `/api/audit?entity=patient&action=merge&entityId=${kept}`)).data as Entry[];
    expect(JSON.stringify(entry!.changes)).not.toMatch(/HIV disease|B20/);
    expect(entry!.changes).toMatchObject({ folded: { problems: 1 }, foldedRows: { problems: [{ redacted: 'sensitive' }] } });
  });
});
