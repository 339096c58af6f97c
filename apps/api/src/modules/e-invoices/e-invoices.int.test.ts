import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runInvoicesVerify } from '../../cli/invoices-verify.js';
import { seal } from '../../lib/secret-box.js';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { billingClinic } from '../billing/fixtures.js';
import { findEInvoice } from './e-invoices.repository.js';
import { documentOf, STAMP_KEY_PURPOSE, type ChainFacts } from './e-invoices.service.js';
import { testStamp } from './test-stamp.js';
import { buildUbl } from './ubl.js';
import { verifyChains } from './verify-chain.js';
import { FIRST_PIH, invoiceHash, verifyHashSignature } from './zatca-crypto.js';
import { decodeQr } from './zatca-qr.js';

/**
 * Saudi e-invoicing end to end through the API: issued invoices and credit notes carry the ZATCA QR code (decoded
 * here as a scanner would), each is chained to the previous one of its unit (ICV, PIH), its XML downloads and hashes
 * to the recorded hash, phase 2 signs it, and the chain check finds a change made behind the application's back.
 */

const SELLER = 'مجمع الشفاء الطبي';
const VAT = '300234567800003';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); }, 60_000);
afterAll(() => ctx?.close());

async function turnOn(org: TestOrg, sellerName = SELLER) {
  const res = await ctx.app.inject({
    method: 'PUT', url: '/api/e-invoicing/settings', headers: auth(org.token),
    payload: { enabled: true, sellerName, vatNumber: VAT, crn: '1010234567', street: 'طريق الملك فهد', buildingNumber: '1234', district: 'العليا', city: 'الرياض', postalCode: '12211' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function issued(org: TestOrg, setup: Awaited<ReturnType<typeof billingClinic>>, description = 'Dressing') {
  const draft = await ctx.app.inject({
    method: 'POST', url: '/api/invoices', headers: auth(org.token),
    payload: { patient: setup.patient.id, clinic: setup.clinic.id, applyInsurance: false, lines: [{ kind: 'service', service: setup.service.id }, { kind: 'item', description, unitPrice: 4550 }] },
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const d = body(draft).data;
  return ctx.app.inject({ method: 'POST', url: `/api/invoices/${d._id}/issue`, headers: auth(org.token), payload: { version: d.version } });
}

const query = (sql: string, params: unknown[] = []) => ctx.database.query<Record<string, unknown>>(sql, params);

describe('Saudi e-invoices', () => {
  it('leaves invoices without an e-invoice while the company has it off', async () => {
    const org = await createOrg(ctx);
    const setup = await billingClinic(ctx.database.db, org.companyId);
    const res = await issued(org, setup);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.eInvoice).toBeNull();
  });

  it('puts the QR code on each issued document and chains them: ICV 1, 2, 3 and each PIH the previous hash', async () => {
    const org = await createOrg(ctx);
    const setup = await billingClinic(ctx.database.db, org.companyId);
    await turnOn(org);
    const first = body(await issued(org, setup)).data;
    const second = body(await issued(org, setup, 'Bandage')).data;
    expect(first.eInvoice.icv).toBe(1);
    expect(second.eInvoice.icv).toBe(2);

    const qr = decodeQr(first.eInvoice.qr);
    expect(qr.sellerName).toBe(SELLER);
    expect(qr.vatNumber).toBe(VAT);
    expect(qr.total).toBe((first.total / 100).toFixed(2));
    expect(qr.vatTotal).toBe((first.taxTotal / 100).toFixed(2));
    expect(qr.invoiceHash).toBeUndefined();

    const xml1 = await ctx.app.inject({ method: 'GET', url: `/api/invoices/${first._id}/xml`, headers: auth(org.token) });
    expect(xml1.statusCode).toBe(200);
    expect(xml1.headers['content-type']).toContain('application/xml');
    expect(invoiceHash(xml1.body)).toBe(first.eInvoice.hash);
    expect(xml1.body).toContain(`<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${FIRST_PIH}</cbc:EmbeddedDocumentBinaryObject>`);
    expect(xml1.body).toContain(first.eInvoice.qr);
    // The QR time stamp is the document's issue date and time.
    const issue = /<cbc:IssueDate>(.+?)<\/cbc:IssueDate><cbc:IssueTime>(.+?)<\/cbc:IssueTime>/.exec(xml1.body)!;
    expect(qr.timestamp).toBe(`${issue[1]}T${issue[2]}`);
    const xml2 = await ctx.app.inject({ method: 'GET', url: `/api/invoices/${second._id}/xml`, headers: auth(org.token) });
    expect(xml2.body).toContain(`>${first.eInvoice.hash}</cbc:EmbeddedDocumentBinaryObject>`);

    // A credit note is the unit's third document, type 381, referring to the first invoice.
    const credit = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${first._id}/credit-notes`, headers: auth(org.token), payload: { amount: 1000, reason: 'تصحيح' } });
    expect(credit.statusCode, credit.body).toBe(201);
    const note = body(credit).data.creditNotes[0];
    expect(note.eInvoice.icv).toBe(3);
    const noteXml = await ctx.app.inject({ method: 'GET', url: `/api/credit-notes/${note._id}/xml`, headers: auth(org.token) });
    expect(noteXml.body).toContain('>381</cbc:InvoiceTypeCode>');
    expect(noteXml.body).toContain(`<cbc:ID>${first.displayNumber}</cbc:ID>`);
    expect(decodeQr(note.eInvoice.qr).total).toBe('10.00');

    const [report] = await verifyChains(ctx.database.db, ctx.config.jwtSecret, org.companyId);
    expect(report).toMatchObject({ documents: 3, firstBreak: null, signatures: 'no_stamp' });
  }, 60_000);

  it('signs documents once a stamp is saved (phase 2): hash, signature, public key and certificate signature in the QR', async () => {
    const org = await createOrg(ctx);
    const setup = await billingClinic(ctx.database.db, org.companyId);
    await turnOn(org);
    const stamp = testStamp();
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/e-invoicing/stamp', headers: auth(org.token), payload: { privateKey: stamp.privateKeyPem, certificate: stamp.certificatePem } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body(saved).data).toMatchObject({ phase: 2, certificate: { subject: 'CN=EGS-Clinic-1' } });
    expect(saved.body).not.toContain('PRIVATE KEY');

    const inv = body(await issued(org, setup)).data;
    expect(inv.eInvoice.signed).toBe(true);
    const qr = decodeQr(inv.eInvoice.qr);
    expect(qr.invoiceHash).toBe(inv.eInvoice.hash);
    expect(verifyHashSignature(qr.invoiceHash!, qr.signature!, Buffer.from(qr.publicKey!))).toBe(true);
    expect(Buffer.from(qr.certificateSignature!).length).toBeGreaterThan(60);
    expect(inv.eInvoice.qr.length).toBeLessThanOrEqual(700);
    const xml = await ctx.app.inject({ method: 'GET', url: `/api/invoices/${inv._id}/xml`, headers: auth(org.token) });
    expect(xml.body).toContain(`<ds:SignatureValue>${qr.signature}</ds:SignatureValue>`);
    expect(invoiceHash(xml.body)).toBe(inv.eInvoice.hash);

    const wrong = await ctx.app.inject({ method: 'PUT', url: '/api/e-invoicing/stamp', headers: auth(org.token), payload: { privateKey: 'not a key' } });
    expect(wrong.statusCode).toBe(422);
    expect(body(wrong).message.fields.privateKey).toBeTruthy();
  }, 60_000);

  it('refuses to issue an invoice or a credit note once the stamp key cannot be read (the server secret changed), saying to onboard again, and issues nothing', async () => {
    const org = await createOrg(ctx);
    const setup = await billingClinic(ctx.database.db, org.companyId);
    await turnOn(org);
    const stamp = testStamp();
    const saveStamp = () => ctx.app.inject({ method: 'PUT', url: '/api/e-invoicing/stamp', headers: auth(org.token), payload: { privateKey: stamp.privateKeyPem, certificate: stamp.certificatePem } });
    expect((await saveStamp()).statusCode).toBe(200);
    const first = body(await issued(org, setup)).data;
    // What a restart under another JWT_SECRET leaves: the key sealed under the old one.
    await query('update e_invoice_settings set stamp_key_enc = $1 where company_id = $2', [seal('another server secret', STAMP_KEY_PURPOSE, stamp.privateKeyPem), org.companyId]);

    const refused = await issued(org, setup, 'Bandage');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(body(refused).message).toMatchObject({ code: 'E_INVOICE_KEY_UNREADABLE', message: expect.stringContaining('onboard with ZATCA again') });
    const draft = body(await ctx.app.inject({ method: 'GET', url: '/api/invoices?limit=5', headers: auth(org.token) })).data.find((i: { _id: string }) => i._id !== first._id);
    expect(draft).toMatchObject({ status: 'draft', displayNumber: null });
    const credit = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${first._id}/credit-notes`, headers: auth(org.token, 'ar'), payload: { amount: 1000, reason: 'تصحيح' } });
    expect(credit.statusCode, credit.body).toBe(409);
    expect(body(credit).message).toMatchObject({ code: 'E_INVOICE_KEY_UNREADABLE', message: expect.stringContaining('أعد الربط') });
    expect(body(await ctx.app.inject({ method: 'GET', url: `/api/invoices/${first._id}`, headers: auth(org.token) })).data).toMatchObject({ creditedTotal: 0, creditNotes: [] });
    expect(await query('select icv::int as icv from e_invoices where company_id = $1', [org.companyId])).toEqual([{ icv: 1 }]);
    // The chain check still walks the chain, and says it could not check the signatures.
    expect(await verifyChains(ctx.database.db, ctx.config.jwtSecret, org.companyId)).toEqual([
      expect.objectContaining({ documents: 1, firstBreak: null, signatures: 'key_unreadable' }),
    ]);

    // Saving the stamp again (or onboarding again) seals it under the current secret: issuing works again, next in the chain.
    expect((await saveStamp()).statusCode).toBe(200);
    const again = await issued(org, setup, 'Bandage');
    expect(again.statusCode, again.body).toBe(200);
    expect(body(again).data.eInvoice).toMatchObject({ icv: 2, signed: true });
  }, 60_000);

  it('refuses to issue when the QR code would pass ZATCA\'s 700 characters, and issues nothing', async () => {
    const org = await createOrg(ctx);
    const setup = await billingClinic(ctx.database.db, org.companyId);
    // 115 Arabic letters: 230 bytes, fine alone, but with phase 2's fields the code passes 700 characters.
    await turnOn(org, 'ش'.repeat(115));
    const stamp = testStamp();
    await ctx.app.inject({ method: 'PUT', url: '/api/e-invoicing/stamp', headers: auth(org.token), payload: { privateKey: stamp.privateKeyPem, certificate: stamp.certificatePem } });
    const res = await issued(org, setup);
    expect(res.statusCode, res.body).toBe(422);
    expect(body(res).message.code).toBe('E_INVOICE_QR_TOO_LONG');
    const ar = await ctx.app.inject({ method: 'GET', url: '/api/invoices?limit=5', headers: auth(org.token, 'ar') });
    expect(body(ar).data.every((i: { status: string }) => i.status === 'draft')).toBe(true);
    expect(await query('select 1 from e_invoices where company_id = $1', [org.companyId])).toHaveLength(0);
  }, 60_000);

  it('finds a change made behind the application\'s back, and a deleted document', async () => {
    const org = await createOrg(ctx);
    const setup = await billingClinic(ctx.database.db, org.companyId);
    await turnOn(org);
    const docs = [];
    for (let i = 0; i < 4; i += 1) docs.push(body(await issued(org, setup, `Item ${i}`)).data);
    expect((await verifyChains(ctx.database.db, ctx.config.jwtSecret, org.companyId))[0]!.firstBreak).toBeNull();

    // Someone with database access lowers the second invoice's total.
    await query('alter table invoices disable trigger invoices_issued_frozen');
    try {
      await query('update invoices set total = total - 100, tax_total = tax_total - 13 where company_id = $1 and id = $2', [org.companyId, docs[1]._id]);
    } finally {
      await query('alter table invoices enable trigger invoices_issued_frozen');
    }
    const [altered] = await verifyChains(ctx.database.db, ctx.config.jwtSecret, org.companyId);
    expect(altered).toMatchObject({ documents: 1, firstBreak: { icv: 2, reason: 'document_altered', document: docs[1].displayNumber } });

    // Put back, the chain is whole again; then the third document's record is removed.
    await query('alter table invoices disable trigger invoices_issued_frozen');
    try {
      await query('update invoices set total = total + 100, tax_total = tax_total + 13 where company_id = $1 and id = $2', [org.companyId, docs[1]._id]);
    } finally {
      await query('alter table invoices enable trigger invoices_issued_frozen');
    }
    expect((await verifyChains(ctx.database.db, ctx.config.jwtSecret, org.companyId))[0]!.firstBreak).toBeNull();
    await query('alter table e_invoices disable trigger e_invoices_append_only');
    try {
      await query('delete from e_invoices where company_id = $1 and icv = 3', [org.companyId]);
    } finally {
      await query('alter table e_invoices enable trigger e_invoices_append_only');
    }
    const [gap] = await verifyChains(ctx.database.db, ctx.config.jwtSecret, org.companyId);
    expect(gap).toMatchObject({ documents: 2, firstBreak: { icv: 3, reason: 'icv_gap' } });

    // The operator's command says the same (on PostgreSQL: the embedded database is held by the running server).
    const printed: string[] = [];
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await runInvoicesVerify([], process.env, (t) => printed.push(t))).toBe(2);
      expect(await runInvoicesVerify(['not-an-id'], process.env, (t) => printed.push(t))).toBe(2);
    } finally {
      err.mockRestore();
    }
    if (ctx.databaseUrl) {
      const env = { ...process.env, DATA_DIR: ctx.config.dataDir, DATABASE_URL: ctx.databaseUrl, JWT_SECRET: ctx.config.jwtSecret };
      expect(await runInvoicesVerify([org.companyId], env, (t) => printed.push(t))).toBe(1);
      expect(printed.join('\n')).toMatch(/BROKEN after 2 good document\(s\): icv_gap at counter value 3/);
    }
  }, 60_000);

  it('still verifies a document issued before lines carried their discount as a line allowance', async () => {
    const org = await createOrg(ctx);
    const setup = await billingClinic(ctx.database.db, org.companyId);
    await turnOn(org);
    const draft = await ctx.app.inject({
      method: 'POST', url: '/api/invoices', headers: auth(org.token),
      payload: { patient: setup.patient.id, clinic: setup.clinic.id, applyInsurance: false, lines: [{ kind: 'item', description: 'Session', quantity: 3, unitPrice: 1000, discount: 1 }] },
    });
    const d = body(draft).data;
    const inv = body(await ctx.app.inject({ method: 'POST', url: `/api/invoices/${d._id}/issue`, headers: auth(org.token), payload: { version: d.version } })).data;
    // The record as the earlier layout wrote it: its XML and hash rebuilt that way, the chain head pointing at it.
    const row = (await findEInvoice(ctx.database.db, org.companyId, 'invoice', inv._id))!;
    const facts: ChainFacts = { uuid: row.uuid, icv: row.icv, pih: row.pih, issuedAt: row.issuedAt, parties: row.parties as unknown as ChainFacts['parties'] };
    const legacy = buildUbl((await documentOf(ctx.database.db, org.companyId, 'invoice', inv._id, facts))!, { legacyLines: true });
    expect(invoiceHash(legacy)).not.toBe(row.hash);
    await query('alter table e_invoices disable trigger e_invoices_append_only');
    try {
      await query('update e_invoices set xml = $1, hash = $2 where company_id = $3 and id = $4', [legacy, invoiceHash(legacy), org.companyId, row.id]);
    } finally {
      await query('alter table e_invoices enable trigger e_invoices_append_only');
    }
    await query('update e_invoice_chain set last_hash = $1 where company_id = $2', [invoiceHash(legacy), org.companyId]);
    expect((await verifyChains(ctx.database.db, ctx.config.jwtSecret, org.companyId))[0]).toMatchObject({ documents: 1, firstBreak: null });
  }, 60_000);

  it('never lets the application change or delete a recorded document', async () => {
    const org = await createOrg(ctx);
    const setup = await billingClinic(ctx.database.db, org.companyId);
    await turnOn(org);
    await issued(org, setup);
    await expect(query(`update e_invoices set qr = 'x' where company_id = $1`, [org.companyId])).rejects.toThrow(/cannot be changed/);
    await expect(query('delete from e_invoices where company_id = $1', [org.companyId])).rejects.toThrow(/cannot be changed/);
  });
});
