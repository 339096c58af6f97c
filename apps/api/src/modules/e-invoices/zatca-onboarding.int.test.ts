import { randomUUID, X509Certificate } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { jobs } from '../../db/schema/index.js';
import { open, seal } from '../../lib/secret-box.js';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { billingClinic } from '../billing/fixtures.js';
import { findSettings, insertEInvoice } from './e-invoices.repository.js';
import { sealDocument, STAMP_KEY_PURPOSE } from './e-invoices.service.js';
import { FIRST_PIH, stampKey, verifyHashSignature } from './zatca-crypto.js';
import { startFakeZatca, type FakeZatca } from './zatca-fake.js';
import { ZatcaClient } from './zatca-client.js';
import { CSID_SECRET_PURPOSE, planSubmission, productionCredentials, SUBMISSION_JOB } from './zatca-submissions.js';

/**
 * Onboarding with ZATCA and sending the issued documents, against a local fake of the authority (never the network):
 * the certificates and credentials are kept only when every step passed, a refusal or an unreachable authority
 * leaves the settings as they were, and each issued document is reported (or cleared) by a job that tries again
 * while the authority is down and keeps what it answered.
 */

const VAT = '300234567800003';
let ctx: TestContext;
let fake: FakeZatca;

/** A port nothing listens on: connection refused. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  fake = await startFakeZatca();
  ctx = await createTestContext({ zatca: { simulationUrl: fake.url, productionUrl: `http://127.0.0.1:${await closedPort()}` } });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
// Whatever a test left queued is sent (or given up) before the next one, so the fake's failures stay with their test.
afterEach(async () => {
  fake.failNext(0);
  fake.loseAnswerNext(0);
  fake.repeatsWithoutClearedInvoice(false);
  await ctx.app.jobs.runDue(new Date(Date.now() + 24 * 3_600_000), 100, [SUBMISSION_JOB]);
});

const runJobs = (at = new Date()) => ctx.app.jobs.runDue(at, 100, [SUBMISSION_JOB]);
const minutes = (n: number) => new Date(Date.now() + n * 60_000);

async function turnOn(org: TestOrg) {
  const res = await ctx.app.inject({
    method: 'PUT', url: '/api/e-invoicing/settings', headers: auth(org.token),
    payload: { enabled: true, sellerName: 'مجمع الشفاء الطبي', vatNumber: VAT, street: 'طريق الملك فهد', buildingNumber: '1234', district: 'العليا', city: 'الرياض', postalCode: '12211' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const onboard = (org: TestOrg, otp = fake.otp, environment = 'simulation') =>
  ctx.app.inject({ method: 'POST', url: '/api/e-invoicing/onboard', headers: auth(org.token), payload: { otp, environment } });

async function onboarded() {
  const org = await createOrg(ctx);
  const setup = await billingClinic(ctx.database.db, org.companyId);
  await turnOn(org);
  const res = await onboard(org);
  expect(res.statusCode, res.body).toBe(200);
  return { org, setup };
}

async function issue(org: TestOrg, setup: Awaited<ReturnType<typeof billingClinic>>, lines: Record<string, unknown>[] = [{ kind: 'service', service: setup.service.id }]) {
  const draft = await ctx.app.inject({
    method: 'POST', url: '/api/invoices', headers: auth(org.token),
    payload: { patient: setup.patient.id, clinic: setup.clinic.id, applyInsurance: false, lines },
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const d = body(draft).data;
  const res = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${d._id}/issue`, headers: auth(org.token), payload: { version: d.version } });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
}

const submissions = async (org: TestOrg, query = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/e-invoicing/submissions${query}`, headers: auth(org.token) });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as { _id: string; status: string; mode: string; attempts: number; messages: { type: string; code: string; message: string }[]; lastError: string | null; document: { _id: string; displayNumber: string | null } }[];
};

const settingsOf = async (org: TestOrg) => body(await ctx.app.inject({ method: 'GET', url: '/api/e-invoicing/settings', headers: auth(org.token) })).data;

describe('ZATCA onboarding', () => {
  it('onboards (CSR, compliance certificate, checks, production certificate), then reports a new invoice signed with the certificate\'s key', async () => {
    const org = await createOrg(ctx);
    const setup = await billingClinic(ctx.database.db, org.companyId);
    await turnOn(org);
    const callsBefore = fake.calls.length;
    const res = await onboard(org);
    expect(res.statusCode, res.body).toBe(200);
    const view = body(res).data;
    expect(view).toMatchObject({ onboardingStatus: 'onboarded', environment: 'simulation', phase: 2 });
    expect(view.onboardedAt).not.toBeNull();
    expect(view.certificate.subject).toContain('Fake production CSID');
    // The calls in ZATCA's order: compliance certificate, four sample documents, production certificate.
    expect(fake.calls.slice(callsBefore)).toEqual(['/compliance', ...Array(4).fill('/compliance/invoices'), '/production/csids']);
    const row = (await findSettings(ctx.database.db, org.companyId))!;
    expect(row.csidToken).toBeTruthy();
    expect(row.csidSecretEnc).toMatch(/^v1\./);
    expect(row.complianceRequestId).toBeTruthy();

    const invoice = await issue(org, setup);
    const [pending] = await submissions(org);
    expect(pending).toMatchObject({ status: 'pending', mode: 'reporting', document: { _id: invoice._id, displayNumber: invoice.displayNumber } });
    await runJobs();
    const [sent] = await submissions(org);
    expect(sent).toMatchObject({ status: 'reported', attempts: 1, lastError: null });

    const seen = fake.seen.at(-1)!;
    expect(seen.path).toBe('/invoices/reporting/single');
    expect(seen.invoiceHash).toBe(invoice.eInvoice.hash);
    expect(seen.uuid).toBe(invoice.eInvoice.uuid);
    expect(seen.hashValid).toBe(true);
    // The signature in the document verifies with the public key of the certificate the authority issued.
    const signature = /<ds:SignatureValue>([^<]+)</.exec(seen.xml)![1]!;
    const cert = new X509Certificate(Buffer.from(row.certificate!, 'base64'));
    expect(verifyHashSignature(seen.invoiceHash, signature, cert.publicKey.export({ type: 'spki', format: 'der' }))).toBe(true);
    expect(seen.xml).toContain(row.certificate!);
  });

  it('refuses a wrong one-time password with the authority\'s message and changes nothing', async () => {
    const org = await createOrg(ctx);
    await turnOn(org);
    const before = await settingsOf(org);
    const res = await onboard(org, '000000');
    expect(res.statusCode).toBe(422);
    expect(body(res).message.code).toBe('E_INVOICE_AUTHORITY_REFUSED');
    expect(body(res).message.message).toContain('The provided OTP is invalid or has expired');
    expect(body(res).message.data.step).toBe('compliance_csid');
    expect(await settingsOf(org)).toEqual(before);
  });

  it('answers 502 when the authority is down (503) or refuses connections, and changes nothing', async () => {
    const org = await createOrg(ctx);
    await turnOn(org);
    const before = await settingsOf(org);
    fake.failNext(1, 503);
    const down = await onboard(org);
    expect(down.statusCode, down.body).toBe(502);
    expect(body(down).message.code).toBe('E_INVOICE_AUTHORITY_UNREACHABLE');
    // The production environment of this server points at a port nothing listens on.
    const refused = await onboard(org, fake.otp, 'production');
    expect(refused.statusCode, refused.body).toBe(502);
    expect(body(refused).message.code).toBe('E_INVOICE_AUTHORITY_UNREACHABLE');
    expect(await settingsOf(org)).toEqual(before);
  });

  it('stops at failed compliance checks, saying so, and changes nothing; refuses to onboard before the settings are saved', async () => {
    const org = await createOrg(ctx);
    expect(body(await onboard(org)).message.code).toBe('E_INVOICE_NOT_CONFIGURED');
    await turnOn(org);
    const before = await settingsOf(org);
    fake.failComplianceNext('BR-KSA-F-06', 'Seller address is incomplete');
    const res = await onboard(org);
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toMatchObject({ code: 'E_INVOICE_COMPLIANCE_FAILED', data: { step: 'compliance_checks' } });
    expect(body(res).message.message).toContain('Seller address is incomplete');
    expect(await settingsOf(org)).toEqual(before);
  });
});

describe('ZATCA submissions', () => {
  it('keeps a rejection with the authority\'s messages; a retry makes it pending again and it is then reported', async () => {
    const { org, setup } = await onboarded();
    await issue(org, setup);
    fake.refuseNext('BR-KSA-37', 'The seller address building number must contain 4 digits.');
    await runJobs();
    const [rejected] = await submissions(org, '?status=rejected');
    expect(rejected!.status).toBe('rejected');
    expect(rejected!.messages).toContainEqual({ type: 'error', code: 'BR-KSA-37', message: 'The seller address building number must contain 4 digits.' });

    const retry = await ctx.app.inject({ method: 'POST', url: `/api/e-invoicing/submissions/${rejected!._id}/retry`, headers: auth(org.token) });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(body(retry).data.status).toBe('pending');
    await runJobs();
    const [reported] = await submissions(org);
    expect(reported).toMatchObject({ _id: rejected!._id, status: 'reported' });
    // Only a failed or rejected one is sent again.
    const again = await ctx.app.inject({ method: 'POST', url: `/api/e-invoicing/submissions/${rejected!._id}/retry`, headers: auth(org.token) });
    expect(again.statusCode).toBe(409);
    expect(body(again).message.code).toBe('E_INVOICE_SUBMISSION_NOT_RETRYABLE');
    const missing = await ctx.app.inject({ method: 'POST', url: `/api/e-invoicing/submissions/${randomUUID()}/retry`, headers: auth(org.token) });
    expect(body(missing).message.code).toBe('E_INVOICE_SUBMISSION_NOT_FOUND');
  });

  it('tries again while the authority answers 503, and reports once it is back', async () => {
    const { org, setup } = await onboarded();
    await issue(org, setup);
    fake.failNext(2, 503);
    expect((await runJobs()).retried).toBe(1);
    const [first] = await submissions(org);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: 'ZATCA failed on its side (HTTP 503).' });
    // The reason is kept as a message of the catalogue: in the reader's language.
    const ar = body(await ctx.app.inject({ method: 'GET', url: '/api/e-invoicing/submissions', headers: auth(org.token, 'ar') })).data;
    expect(ar[0].lastError).toBe('حدث خطأ لدى هيئة الزكاة والضريبة والجمارك (HTTP 503).');
    expect((await runJobs(minutes(1.5))).retried).toBe(1);
    expect((await runJobs(minutes(10))).done).toBe(1);
    const [done] = await submissions(org);
    expect(done).toMatchObject({ status: 'reported', attempts: 3 });
  });

  it('marks the submission failed after its last attempt; a retry queues it again', async () => {
    const { org, setup } = await onboarded();
    await issue(org, setup);
    fake.failNext(100, 503);
    // Attempts at 0, 1, 2 ... 5 hours: failed at the sixth (before the resend sweep's time).
    for (let hour = 0; hour < 6; hour++) await runJobs(minutes(hour * 60));
    const [failed] = await submissions(org, '?status=failed');
    expect(failed).toMatchObject({ status: 'failed', attempts: 6 });
    fake.failNext(0);
    const retry = await ctx.app.inject({ method: 'POST', url: `/api/e-invoicing/submissions/${failed!._id}/retry`, headers: auth(org.token) });
    expect(body(retry).data.status).toBe('pending');
    await runJobs();
    expect((await submissions(org))[0]!.status).toBe('reported');
  });

  it('reports an invoice whose line discount does not divide over its quantity (the authority checks each line\'s arithmetic)', async () => {
    const { org, setup } = await onboarded();
    const invoice = await issue(org, setup, [{ kind: 'item', description: 'Physiotherapy session', quantity: 3, unitPrice: 1000, discount: 1 }, { kind: 'service', service: setup.service.id }]);
    expect(invoice.lines[0]).toMatchObject({ quantity: 3, unitPrice: 1000, discount: 1, net: 2999 });
    await runJobs();
    const [sent] = await submissions(org);
    expect(sent!.messages.filter((m) => m.type !== 'info')).toEqual([]);
    expect(sent).toMatchObject({ status: 'reported' });
    expect(fake.seen.at(-1)!.xml).toContain('<cbc:LineExtensionAmount currencyID="SAR">29.99</cbc:LineExtensionAmount><cac:AllowanceCharge>');
  });

  const auditOf = (org: TestOrg) => ctx.database.query<{ actor_id: string | null; action: string; entity_id: string; changes: unknown }>(
    `select actor_id, action, entity_id, changes from audit_log where company_id = $1 and entity = 'e_invoice_submission' order by id`, [org.companyId],
  );

  /** Issues a document and lets its six attempts fail with 503 (hours 0 to 5): failed, the sweep due 5 minutes later. */
  async function failedUnreachable(org: TestOrg, setup: Awaited<ReturnType<typeof billingClinic>>) {
    await issue(org, setup);
    fake.failNext(6, 503);
    for (let hour = 0; hour < 6; hour++) await runJobs(minutes(hour * 60));
    const [failed] = await submissions(org, '?status=failed');
    // Given up after its last attempt, it keeps that attempt's reason.
    expect(failed).toMatchObject({ status: 'failed', attempts: 6, lastError: 'ZATCA failed on its side (HTTP 503).' });
    return failed!;
  }

  it('sends a submission failed by an unreachable authority again by the sweep, audited as the system\'s, and it is reported', async () => {
    const { org, setup } = await onboarded();
    const failed = await failedUnreachable(org, setup);
    // Not sooner than RESEND_EVERY_MS after its last attempt.
    await runJobs(minutes(5 * 60 + 2));
    expect((await submissions(org))[0]).toMatchObject({ status: 'failed', attempts: 6 });
    await runJobs(minutes(5 * 60 + 10));
    const [sent] = await submissions(org);
    expect(sent).toMatchObject({ _id: failed._id, status: 'reported', attempts: 7, lastError: null });
    expect(await auditOf(org)).toEqual([{ actor_id: null, action: 'retry', entity_id: failed._id, changes: { before: { status: 'failed' }, after: { status: 'pending' } } }]);
  });

  it('the sweep leaves a rejected submission and one the authority refused (HTTP 401) for a person', async () => {
    const { org, setup } = await onboarded();
    const unreachable = await failedUnreachable(org, setup);
    await issue(org, setup);
    fake.refuseNext('BR-KSA-37', 'The seller address building number must contain 4 digits.');
    await runJobs(minutes(5 * 60 + 1));
    await issue(org, setup);
    fake.failNext(1, 401);
    await runJobs(minutes(5 * 60 + 2));
    const before = await submissions(org);
    expect(before.map((r) => r.status).sort()).toEqual(['failed', 'failed', 'rejected']);

    await runJobs(minutes(5 * 60 + 10));
    await runJobs(minutes(6 * 60));
    const after = await submissions(org);
    expect(after.find((r) => r._id === unreachable._id)!.status).toBe('reported');
    const others = after.filter((r) => r._id !== unreachable._id);
    expect(others.map((r) => [r.status, r.attempts]).sort()).toEqual([['failed', 1], ['rejected', 1]]);
    expect((await auditOf(org)).map((a) => a.entity_id)).toEqual([unreachable._id]);
  });

  it('the sweep does not send again a document issued more than 24 hours ago', async () => {
    const { org, setup } = await onboarded();
    await failedUnreachable(org, setup);
    fake.failNext(0);
    // The sweep (due since 5 hours 5 minutes) runs only now, past the document's 24 hours: it queues nothing.
    expect(await runJobs(minutes(24 * 60 + 1))).toMatchObject({ done: 1, retried: 0, failed: 0 });
    expect((await submissions(org))[0]).toMatchObject({ status: 'failed', attempts: 6 });
    expect(await auditOf(org)).toEqual([]);
  });

  it('sends a standard (B2B) document for clearance and keeps the cleared XML', async () => {
    const { org, setup } = await onboarded();
    const doc = await standardDocument(org, setup, 'B2B-1');
    await runJobs();
    const [cleared] = await submissions(org);
    expect(cleared).toMatchObject({ mode: 'clearance', status: 'cleared' });
    const seen = fake.seen.at(-1)!;
    expect(seen).toMatchObject({ path: '/invoices/clearance/single', uuid: doc.uuid, invoiceHash: doc.hash, hashValid: true, signatureValid: true, clearanceStatus: '1' });
    expect(await clearedXmlOf(org, cleared!._id)).toContain('B2B-1');
  });
});

/**
 * A standard (B2B) document recorded with its clearance submission pending (the application issues only simplified
 * ones: built here as the issue would), signed with the company's onboarded key.
 */
async function standardDocument(org: TestOrg, setup: Awaited<ReturnType<typeof billingClinic>>, number: string, icv = 99) {
  const settings = (await findSettings(ctx.database.db, org.companyId))!;
  const key = stampKey(open(ctx.config.jwtSecret!, STAMP_KEY_PURPOSE, settings.stampKeyEnc!), settings.certificate);
  const now = new Date();
  const buyer = { name: 'Gulf Insurance Co.', vatNumber: '399999999900003', street: 'Olaya', buildingNumber: '2222', city: 'Riyadh', postalCode: '12333', country: 'SA' };
  const seller = { name: settings.sellerName, vatNumber: settings.vatNumber, city: settings.city, country: 'SA' };
  const doc = {
    kind: 'invoice' as const, simplified: false, number, uuid: randomUUID(), icv, pih: FIRST_PIH, issueDate: now.toISOString().slice(0, 10), issueTime: now.toISOString().slice(11, 19),
    currency: 'SAR', minorDigits: 2, vatRateBasisPoints: 1500, seller, buyer, lines: [{ name: 'Corporate check-ups', quantity: 1, unitPrice: 50_000, discount: 0, net: 50_000, tax: 7_500 }],
    taxExclusive: 50_000, tax: 7_500, taxInclusive: 57_500,
  };
  const sealed = sealDocument(doc, key, now);
  await ctx.database.db.transaction(async (tx) => {
    const id = await insertEInvoice(tx, {
      companyId: org.companyId, clinicId: setup.clinic.id, kind: 'invoice', documentId: randomUUID(), uuid: doc.uuid, icv: doc.icv, pih: doc.pih, hash: sealed.hash,
      signature: sealed.signature, qr: sealed.qr, xml: sealed.xml, parties: { seller, buyer, simplified: false }, issuedAt: now,
    });
    await planSubmission(tx, org.companyId, id, false, now);
  });
  return { uuid: doc.uuid, hash: sealed.hash };
}

const clearedXmlOf = async (org: TestOrg, id: string) =>
  (await ctx.database.query<{ cleared_xml: string | null }>('select cleared_xml from e_invoice_submissions where company_id = $1 and id = $2', [org.companyId, id]))[0]!.cleared_xml;

/** What ZATCA accepted but the row never learnt: its non-information messages must be none once it is reported. */
const notes = (row: { messages: { type: string; message: string }[] }) => row.messages.filter((m) => m.type !== 'info');

describe('a document ZATCA accepted whose answer was lost', () => {
  it('is reported, not failed, when the server stopped before recording the answer and another takes its job over (ZATCA answers the repeat 409 "already reported")', async () => {
    const { org, setup } = await onboarded();
    const invoice = await issue(org, setup);
    const [pending] = await submissions(org);
    // The running server claimed the job and sent the report, which ZATCA accepted; it was killed before it recorded
    // the answer: the report is at ZATCA, the row still pending, the job running under a runner that is gone.
    const credentials = productionCredentials(await findSettings(ctx.database.db, org.companyId), ctx.config.jwtSecret)!;
    const xml = (await ctx.app.inject({ method: 'GET', url: `/api/invoices/${invoice._id}/xml`, headers: auth(org.token) })).body;
    const first = await new ZatcaClient(fake.url).submit(credentials, 'reporting', { invoiceHash: invoice.eInvoice.hash, uuid: invoice.eInvoice.uuid, xml });
    expect(first.status).toBe('REPORTED');
    await ctx.database.db.update(jobs).set({ state: 'running', lockedBy: 'killed-server', lockedUntil: minutes(-1), attempts: 1 })
      .where(and(eq(jobs.companyId, org.companyId), eq(jobs.kind, SUBMISSION_JOB)));

    expect((await runJobs()).done).toBe(1);
    const [row] = await submissions(org);
    expect(row).toMatchObject({ _id: pending!._id, status: 'reported', attempts: 1, lastError: null });
    expect(notes(row!)).toEqual([]);
    // ZATCA saw the same document twice; the second time it answered 409.
    expect(fake.seen.filter((x) => x.uuid === invoice.eInvoice.uuid)).toHaveLength(2);
  });

  it('is reported at the next attempt when the answer was lost on the way (a time-out after ZATCA received it)', async () => {
    const { org, setup } = await onboarded();
    await issue(org, setup);
    fake.loseAnswerNext(1);
    expect((await runJobs()).retried).toBe(1);
    expect((await submissions(org))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await runJobs(minutes(1.5))).done).toBe(1);
    const [row] = await submissions(org);
    expect(row).toMatchObject({ status: 'reported', attempts: 2, lastError: null });
    expect(notes(row!)).toEqual([]);
  });

  it('leaves a 409 of any other kind a refusal: the submission is failed with ZATCA\'s message', async () => {
    const { org, setup } = await onboarded();
    await issue(org, setup);
    fake.failNext(1, 409, {
      validationResults: {
        infoMessages: [], warningMessages: [], status: 'ERROR',
        errorMessages: [{ type: 'ERROR', code: 'Invoice-Errors', category: 'Invoice-Conflict', message: 'An invoice with this UUID was reported with another hash.', status: 'ERROR' }],
      },
      reportingStatus: 'NOT_REPORTED',
    });
    await runJobs();
    const [row] = await submissions(org);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'An invoice with this UUID was reported with another hash.' });
  });

  it('is cleared when ZATCA answers the repeated clearance 208, keeping the cleared XML it sends again; without it, cleared with ZATCA\'s note and no cleared XML', async () => {
    const { org, setup } = await onboarded();
    await standardDocument(org, setup, 'B2B-7');
    fake.loseAnswerNext(1);
    await runJobs();
    await runJobs(minutes(1.5));
    const [cleared] = await submissions(org);
    expect(cleared).toMatchObject({ mode: 'clearance', status: 'cleared', attempts: 2, lastError: null });
    expect(notes(cleared!)).toEqual([]);
    expect(await clearedXmlOf(org, cleared!._id)).toContain('B2B-7');

    await standardDocument(org, setup, 'B2B-8', 100);
    fake.loseAnswerNext(1);
    fake.repeatsWithoutClearedInvoice(true);
    await runJobs();
    await runJobs(minutes(1.5));
    const [bare] = await submissions(org);
    expect(bare).toMatchObject({ mode: 'clearance', status: 'cleared', attempts: 2 });
    expect(notes(bare!)).toEqual([{ type: 'warning', code: 'Invoice-Warning', message: 'Invoice Hash Previously submitted.' }]);
    expect(await clearedXmlOf(org, bare!._id)).toBeNull();
  });
});

describe('a server secret that changed', () => {
  it('fails a pending submission saying to onboard again (in the reader\'s language), never resent by itself; onboarded again, a retry reports it', async () => {
    const { org, setup } = await onboarded();
    await issue(org, setup);
    await ctx.database.query('update e_invoice_settings set csid_secret_enc = $1 where company_id = $2', [seal('another server secret', CSID_SECRET_PURPOSE, 'secret'), org.companyId]);
    expect((await runJobs()).done).toBe(1);
    const [failed] = await submissions(org);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('onboard with ZATCA again') });
    const ar = body(await ctx.app.inject({ method: 'GET', url: '/api/e-invoicing/submissions', headers: auth(org.token, 'ar') })).data;
    expect(ar[0].lastError).toContain('أعد الربط');
    // Nothing sends it again by itself (no attempt can succeed with a secret that cannot be read).
    await runJobs(minutes(30));
    expect((await submissions(org))[0]).toMatchObject({ status: 'failed', attempts: 1 });

    expect((await onboard(org)).statusCode).toBe(200);
    const retry = await ctx.app.inject({ method: 'POST', url: `/api/e-invoicing/submissions/${failed!._id}/retry`, headers: auth(org.token) });
    expect(body(retry).data).toMatchObject({ status: 'pending', lastError: null });
    await runJobs();
    expect((await submissions(org))[0]).toMatchObject({ status: 'reported', attempts: 2 });
  });
});
