import { randomUUID } from 'node:crypto';
import { localTime, safeTimeZone, type InvoiceLineRecord } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import {
  advanceChain, creditNoteForDocument, findSettings, insertEInvoice, invoiceForDocument, setChainHash, type EInvoiceSettingsRow,
} from './e-invoices.repository.js';
import { openSealed } from './sealed-secrets.js';
import { buildUbl, amountText, type EInvoiceDocument, type EInvoiceParty } from './ubl.js';
import { FIRST_PIH, invoiceHash, signatureExtension, signHash, stampKey, type StampKey } from './zatca-crypto.js';
import { encodeQr, QrTooLongError, type QrFields } from './zatca-qr.js';
import { planSubmission } from './zatca-submissions.js';

/*
 * Every invoice and credit note a company issues with e-invoicing on is recorded, in the issuing transaction, as
 * ZATCA asks: a UUID, the unit's next counter value (ICV) and the previous document's hash (PIH), its UBL XML, the
 * XML's hash, its signature when a stamp key is configured (phase 2), and the QR code. A QR code over ZATCA's limits
 * refuses the issue (nothing is issued) instead of printing a code the authority would reject.
 */

/** The purpose the stamp key is sealed under (lib/secret-box.ts). */
export const STAMP_KEY_PURPOSE = 'zatca-stamp-key';

export type DocumentKind = 'invoice' | 'credit_note';

interface Parties { seller: EInvoiceParty; buyer: EInvoiceParty; simplified: boolean }

export interface ChainFacts {
  uuid: string;
  icv: number;
  pih: string;
  issuedAt: Date;
  parties: Parties;
}

export function sellerOf(s: EInvoiceSettingsRow): EInvoiceParty {
  return {
    name: s.sellerName, vatNumber: s.vatNumber, crn: s.crn, street: s.street, buildingNumber: s.buildingNumber, district: s.district,
    city: s.city, postalCode: s.postalCode, country: 'SA',
  };
}

/** The clinic-local issue date and time (seconds kept). */
function issueMoment(at: Date, timeZone: string): { date: string; time: string } {
  const local = localTime(at, safeTimeZone(timeZone));
  return { date: local.date, time: `${local.time}:${String(at.getUTCSeconds()).padStart(2, '0')}` };
}

/** The document as the live rows state it now, with its chain facts: what was hashed at issue, rebuilt. */
export async function documentOf(db: Db, companyId: string, kind: DocumentKind, documentId: string, facts: ChainFacts): Promise<EInvoiceDocument | null> {
  const base = { uuid: facts.uuid, icv: facts.icv, pih: facts.pih, seller: facts.parties.seller, buyer: facts.parties.buyer, simplified: facts.parties.simplified };
  if (kind === 'invoice') {
    const found = await invoiceForDocument(db, companyId, documentId);
    if (!found?.i.displayNumber) return null;
    const i = found.i;
    const moment = issueMoment(facts.issuedAt, found.timeZone ?? 'UTC');
    const lines = (i.lines as InvoiceLineRecord[]).map((l) => ({ name: l.description, quantity: l.quantity, unitPrice: l.unitPrice, discount: l.discount, net: l.net, tax: l.tax }));
    return {
      ...base, kind, number: i.displayNumber!, issueDate: moment.date, issueTime: moment.time, currency: i.currency, minorDigits: i.minorDigits,
      vatRateBasisPoints: i.vatRateBasisPoints, lines, taxExclusive: i.total - i.taxTotal, tax: i.taxTotal, taxInclusive: i.total,
    };
  }
  const found = await creditNoteForDocument(db, companyId, documentId);
  if (!found) return null;
  const { note, invoice } = found;
  const moment = issueMoment(facts.issuedAt, found.timeZone ?? 'UTC');
  const net = note.amount - note.taxAmount;
  return {
    ...base, kind, number: note.displayNumber, issueDate: moment.date, issueTime: moment.time, currency: invoice.currency, minorDigits: invoice.minorDigits,
    vatRateBasisPoints: invoice.vatRateBasisPoints, lines: [{ name: note.reason, quantity: 1, unitPrice: net, discount: 0, net, tax: note.taxAmount }],
    taxExclusive: net, tax: note.taxAmount, taxInclusive: note.amount, billingReference: found.invoiceNumber ?? undefined, reason: note.reason,
  };
}

/** The company's stamp key, or null in phase 1; one sealed under another server secret refuses the issue (sealed-secrets.ts). */
function stampOf(settings: EInvoiceSettingsRow, secret: string | undefined): StampKey | null {
  if (!settings.stampKeyEnc) return null;
  if (!secret) throw new Error('e-invoice: the server secret is needed to open the stamp key');
  return stampKey(openSealed(secret, STAMP_KEY_PURPOSE, settings.stampKeyEnc), settings.certificate);
}

/** The QR fields of a document (phase 2 ones when it is signed). */
export function qrFieldsOf(doc: EInvoiceDocument, hash: string, signature: string | null, key: StampKey | null): QrFields {
  const fields: QrFields = {
    sellerName: doc.seller.name, vatNumber: doc.seller.vatNumber ?? '', timestamp: `${doc.issueDate}T${doc.issueTime}`,
    total: amountText(doc.taxInclusive, doc.minorDigits), vatTotal: amountText(doc.tax, doc.minorDigits),
  };
  if (signature && key) {
    fields.invoiceHash = hash;
    fields.signature = signature;
    fields.publicKey = key.publicKeyDer;
    if (doc.simplified && key.certificateSignature) fields.certificateSignature = key.certificateSignature;
  }
  return fields;
}

/**
 * A document's hash, its signature when there is a stamp key, its QR code and its final XML (with the signature's
 * block when signed). A QR code over ZATCA's limits is a 422.
 */
export function sealDocument(doc: EInvoiceDocument, key: StampKey | null, issuedAt: Date): { hash: string; signature: string | null; qr: string; xml: string } {
  const hash = invoiceHash(buildUbl(doc));
  const signature = key ? signHash(hash, key.privateKey) : null;
  let qr: string;
  try {
    qr = encodeQr(qrFieldsOf(doc, hash, signature, key));
  } catch (error) {
    if (error instanceof QrTooLongError) {
      throw new AppError(422, 'E_INVOICE_QR_TOO_LONG', 'errors.eInvoices.qrTooLong', { field: error.field });
    }
    throw error;
  }
  const xml = buildUbl(doc, {
    qr, ...(key && signature ? { signatureExtension: signatureExtension(hash, signature, key, issuedAt.toISOString().slice(0, 19)) } : {}),
  });
  return { hash, signature, qr, xml };
}

/**
 * Records an issued document in its unit's chain, in the issuing transaction `tx` (a no-op while the company has
 * e-invoicing off). `secret` (the server's) opens the stamp key of a signing company (409 E_INVOICE_KEY_UNREADABLE,
 * nothing issued, when it was sealed under another). Returns the QR text, or null when off.
 */
export async function recordEInvoice(
  tx: Db, secret: string | undefined, companyId: string, kind: DocumentKind, documentId: string, clinicId: string, issuedAt: Date,
): Promise<string | null> {
  const settings = await findSettings(tx, companyId);
  if (!settings?.enabled) return null;
  const { icv, pih } = await advanceChain(tx, companyId, clinicId, FIRST_PIH);
  // A patient is a person: the document is a simplified one, naming them as the buyer.
  const patient = kind === 'invoice' ? (await invoiceForDocument(tx, companyId, documentId))?.patient : (await creditNoteForDocument(tx, companyId, documentId))?.patient;
  const parties: Parties = { seller: sellerOf(settings), buyer: { name: patient ?? '' }, simplified: true };
  const facts: ChainFacts = { uuid: randomUUID(), icv, pih, issuedAt, parties };
  const doc = await documentOf(tx, companyId, kind, documentId, facts);
  if (!doc) throw new Error(`e-invoice: ${kind} ${documentId} not found in its own transaction`);
  const key = stampOf(settings, secret);
  const { hash, signature, qr, xml } = sealDocument(doc, key, issuedAt);
  const eInvoiceId = await insertEInvoice(tx, { companyId, clinicId, kind, documentId, uuid: facts.uuid, icv, pih, hash, signature, qr, xml, parties, issuedAt });
  // Once onboarded with the authority, the document is sent to it (reporting or clearance) by a job.
  if (settings.onboardingStatus === 'onboarded') await planSubmission(tx, companyId, eInvoiceId, parties.simplified, issuedAt);
  await setChainHash(tx, companyId, clinicId, hash);
  return qr;
}
