import { randomUUID } from 'node:crypto';
import type { EInvoiceOnboardInput, EInvoiceSettingsView } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { seal } from '../../lib/secret-box.js';
import { inTransaction } from '../../lib/transaction.js';
import { getEInvoiceSettings } from './e-invoice-settings.js';
import { findSettings, upsertSettings, type EInvoiceSettingsRow } from './e-invoices.repository.js';
import { sealDocument, sellerOf, STAMP_KEY_PURPOSE } from './e-invoices.service.js';
import type { EInvoiceDocument } from './ubl.js';
import { ZatcaClient, zatcaBaseUrl, ZatcaRefused, ZatcaUnreachable, type ZatcaCsid } from './zatca-client.js';
import { FIRST_PIH, stampKey } from './zatca-crypto.js';
import { buildCsr, generateStampKey } from './zatca-csr.js';
import { CSID_SECRET_PURPOSE } from './zatca-submissions.js';

/*
 * Onboarding with ZATCA in one request (needs the network): a new stamp key and its CSR, the compliance certificate
 * for the portal's one-time password, the compliance checks (sample documents signed with that certificate), then the
 * production certificate. Only when every step passed are the key, the certificate and its API credentials saved; a
 * failure at any step leaves the settings as they were and says which step (`data.step` of the error).
 */

/** The e-invoicing solution as named in the CSR (SN "1-<solution>|2-<version>|3-<unit serial>"). */
export const SOLUTION = { name: 'Clinic', version: '1.0' } as const;

export type OnboardingStep = 'compliance_csid' | 'compliance_checks' | 'production_csid';

async function step<T>(name: OnboardingStep, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ZatcaUnreachable) {
      throw new AppError(502, 'E_INVOICE_AUTHORITY_UNREACHABLE', 'errors.eInvoices.authorityUnreachable', undefined, undefined, { step: name });
    }
    if (error instanceof ZatcaRefused) {
      throw new AppError(422, 'E_INVOICE_AUTHORITY_REFUSED', 'errors.eInvoices.authorityRefused', { reason: error.message }, undefined, { step: name, messages: error.messages });
    }
    throw error;
  }
}

const SAMPLE_BUYER = {
  name: 'Sample Trading Co.', vatNumber: '399999999900003', crn: '1010010000', street: 'King Fahd Road', buildingNumber: '1111', district: 'Al Olaya',
  city: 'Riyadh', postalCode: '12222', country: 'SA',
};

/** The sample documents of the compliance checks: an invoice and a credit note, simplified then standard. */
function sampleDocuments(settings: EInvoiceSettingsRow, now: Date): EInvoiceDocument[] {
  const date = now.toISOString().slice(0, 10);
  const time = now.toISOString().slice(11, 19);
  const kinds: { kind: 'invoice' | 'credit_note'; simplified: boolean }[] = [
    { kind: 'invoice', simplified: true }, { kind: 'credit_note', simplified: true }, { kind: 'invoice', simplified: false }, { kind: 'credit_note', simplified: false },
  ];
  return kinds.map(({ kind, simplified }, i) => ({
    kind, simplified, number: `SAMPLE-${i + 1}`, uuid: randomUUID(), icv: i + 1, pih: FIRST_PIH, issueDate: date, issueTime: time, currency: 'SAR', minorDigits: 2,
    vatRateBasisPoints: 1500, seller: sellerOf(settings), buyer: simplified ? { name: 'Sample patient' } : SAMPLE_BUYER,
    lines: [{ name: 'Consultation', quantity: 1, unitPrice: 10_000, discount: 0, net: 10_000, tax: 1_500 }], taxExclusive: 10_000, tax: 1_500, taxInclusive: 11_500,
    ...(kind === 'credit_note' ? { billingReference: 'SAMPLE-1', reason: 'Sample correction' } : {}),
  }));
}

export async function onboard(deps: Deps, ctx: RequestContext, caller: Caller, input: EInvoiceOnboardInput): Promise<EInvoiceSettingsView> {
  const settings = await findSettings(deps.db, caller.companyId);
  if (!settings?.enabled || !settings.vatNumber || !settings.sellerName) throw new AppError(409, 'E_INVOICE_NOT_CONFIGURED', 'errors.eInvoices.notConfigured');
  const secret = deps.config.jwtSecret!;
  const now = deps.clock?.() ?? new Date();
  const client = new ZatcaClient(zatcaBaseUrl(deps.config, input.environment));
  const key = generateStampKey();
  const csr = buildCsr(key.privateKey, {
    environment: input.environment,
    commonName: `${SOLUTION.name}-${settings.vatNumber}`,
    organization: settings.sellerName,
    organizationalUnit: settings.city || settings.sellerName,
    vatNumber: settings.vatNumber,
    serialNumber: `1-${SOLUTION.name}|2-${SOLUTION.version}|3-${randomUUID()}`,
    registeredAddress: [settings.street, settings.district, settings.city].filter(Boolean).join(', ') || 'SA',
    businessCategory: 'Healthcare',
  });

  const compliance: ZatcaCsid = await step('compliance_csid', () => client.complianceCsid(input.otp, csr));
  const complianceKey = stampKey(key.privateKeyPem, compliance.certificate);
  await step('compliance_checks', async () => {
    for (const doc of sampleDocuments(settings, now)) {
      const sealed = sealDocument(doc, complianceKey, now);
      const result = await client.complianceCheck(compliance, { invoiceHash: sealed.hash, uuid: doc.uuid, xml: sealed.xml });
      if (result.validation === 'ERROR' || result.status.startsWith('NOT_')) {
        const reason = result.messages.filter((m) => m.type === 'error').map((m) => m.message || m.code).join('; ') || result.status;
        throw new AppError(422, 'E_INVOICE_COMPLIANCE_FAILED', 'errors.eInvoices.complianceFailed', { reason: reason.slice(0, 500) }, undefined, {
          step: 'compliance_checks', messages: result.messages,
        });
      }
    }
  });
  const production = await step('production_csid', () => client.productionCsid(compliance, compliance.requestId));
  // The production certificate must be this key's, or every later signature would be refused.
  let certificate: string;
  try {
    const k = stampKey(key.privateKeyPem, production.certificate);
    if (!k.certificate?.publicKey.export({ type: 'spki', format: 'der' }).equals(k.publicKeyDer)) throw new Error('another key');
    certificate = k.certificateDer!.toString('base64');
  } catch {
    throw new AppError(422, 'E_INVOICE_AUTHORITY_REFUSED', 'errors.eInvoices.authorityRefused', { reason: 'the production certificate does not match the key' }, undefined, { step: 'production_csid' });
  }

  await inTransaction(deps.db, async (tx) => {
    const before = await findSettings(tx, caller.companyId, true);
    await upsertSettings(tx, {
      companyId: caller.companyId, enabled: before?.enabled ?? true, sellerName: before?.sellerName ?? settings.sellerName, vatNumber: before?.vatNumber ?? settings.vatNumber,
      stampKeyEnc: seal(secret, STAMP_KEY_PURPOSE, key.privateKeyPem), certificate, environment: input.environment, onboardingStatus: 'onboarded',
      csidToken: production.token, csidSecretEnc: seal(secret, CSID_SECRET_PURPOSE, production.secret), complianceRequestId: compliance.requestId, onboardedAt: now,
    });
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'onboarded', entity: 'e_invoice_settings', entityId: caller.companyId,
      changes: { before: { environment: before?.environment ?? 'none', onboardingStatus: before?.onboardingStatus ?? 'none' }, after: { environment: input.environment, onboardingStatus: 'onboarded' } },
    });
  });
  return getEInvoiceSettings(deps, caller);
}
