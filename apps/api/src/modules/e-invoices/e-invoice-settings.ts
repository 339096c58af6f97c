import { X509Certificate } from 'node:crypto';
import type { EInvoiceSettingsInput, EInvoiceSettingsView } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { validationFailed } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { seal } from '../../lib/secret-box.js';
import { inTransaction } from '../../lib/transaction.js';
import { staleRecord } from '../../lib/versioning.js';
import { findSettings, insertFirstSettings, upsertSettings, type EInvoiceSettingsRow } from './e-invoices.repository.js';
import { STAMP_KEY_PURPOSE } from './e-invoices.service.js';
import { signHash, stampKey, verifyHashSignature } from './zatca-crypto.js';

/*
 * A company's e-invoicing settings: on or off, the seller as registered with ZATCA, and the cryptographic stamp. The
 * stamp's private key is stored sealed (lib/secret-box.ts) and never answered back; the view says only the phase and
 * the certificate's subject and expiry.
 */

function view(row: EInvoiceSettingsRow | null): EInvoiceSettingsView {
  let certificate: EInvoiceSettingsView['certificate'] = null;
  if (row?.certificate) {
    try {
      const cert = new X509Certificate(Buffer.from(row.certificate, 'base64'));
      certificate = { subject: cert.subject.replace(/\n/g, ', '), validTo: new Date(cert.validTo).toISOString() };
    } catch {
      certificate = null;
    }
  }
  return {
    enabled: row?.enabled ?? false, sellerName: row?.sellerName ?? '', vatNumber: row?.vatNumber ?? '', crn: row?.crn ?? null, street: row?.street ?? null,
    buildingNumber: row?.buildingNumber ?? null, district: row?.district ?? null, city: row?.city ?? null, postalCode: row?.postalCode ?? null,
    phase: row?.stampKeyEnc ? 2 : 1, certificate, environment: (row?.environment ?? 'none') as EInvoiceSettingsView['environment'],
    onboardingStatus: (row?.onboardingStatus ?? 'none') as EInvoiceSettingsView['onboardingStatus'], onboardedAt: row?.onboardedAt?.toISOString() ?? null, version: row?.version ?? 1,
  };
}

export async function getEInvoiceSettings(deps: Deps, caller: Caller): Promise<EInvoiceSettingsView> {
  return view(await findSettings(deps.db, caller.companyId));
}

export async function saveEInvoiceSettings(deps: Deps, ctx: RequestContext, caller: Caller, input: EInvoiceSettingsInput): Promise<EInvoiceSettingsView> {
  return inTransaction(deps.db, async (tx) => {
    // Held until the save commits: two saves at one version cannot both pass the check.
    const before = await findSettings(tx, caller.companyId, true);
    if (input.version !== undefined && before && before.version !== input.version) throw staleRecord();
    const { version: _v, ...values } = input;
    const row = {
      companyId: caller.companyId, ...values, crn: values.crn || null, street: values.street || null, buildingNumber: values.buildingNumber || null,
      district: values.district || null, city: values.city || null, postalCode: values.postalCode || null,
    };
    if (before) await upsertSettings(tx, row);
    // A first save that another first save beat is based on settings that are no longer what is stored.
    else if (!(await insertFirstSettings(tx, row))) throw staleRecord();
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'e_invoice_settings', entityId: caller.companyId,
      changes: { before: before ? { enabled: before.enabled, sellerName: before.sellerName, vatNumber: before.vatNumber } : null, after: { enabled: input.enabled, sellerName: input.sellerName, vatNumber: input.vatNumber } },
    });
    return view(await findSettings(tx, caller.companyId));
  });
}

/** Saves the stamp after proving the key signs and, with a certificate, that the certificate is the key's. */
export async function saveStamp(deps: Deps, ctx: RequestContext, caller: Caller, input: { privateKey: string; certificate?: string | null }): Promise<EInvoiceSettingsView> {
  let certificateDer: string | null = null;
  try {
    const key = stampKey(input.privateKey, input.certificate ?? null);
    const probe = Buffer.alloc(32, 7).toString('base64');
    if (!verifyHashSignature(probe, signHash(probe, key.privateKey), key.publicKeyDer)) throw new Error('the key does not sign');
    if (key.certificate && !key.certificate.publicKey.export({ type: 'spki', format: 'der' }).equals(key.publicKeyDer)) throw new Error('certificate of another key');
    certificateDer = key.certificateDer?.toString('base64') ?? null;
  } catch {
    throw validationFailed({ privateKey: 'validation.eInvoices.stampKey' });
  }
  return inTransaction(deps.db, async (tx) => {
    const before = await findSettings(tx, caller.companyId, true);
    await upsertSettings(tx, {
      companyId: caller.companyId, enabled: before?.enabled ?? false, sellerName: before?.sellerName ?? '', vatNumber: before?.vatNumber ?? '',
      stampKeyEnc: seal(deps.config.jwtSecret, STAMP_KEY_PURPOSE, input.privateKey), certificate: certificateDer,
    });
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'stamp_saved', entity: 'e_invoice_settings', entityId: caller.companyId });
    return view(await findSettings(tx, caller.companyId));
  });
}

