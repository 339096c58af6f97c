import { and, count, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { creditNotes, eInvoices, invoices } from '../../db/schema/index.js';
import { chainHeads, chainSlice, findSettings, type EInvoiceRow } from './e-invoices.repository.js';
import { AppError } from '../../lib/errors.js';
import { openSealed } from './sealed-secrets.js';
import { documentOf, STAMP_KEY_PURPOSE, type ChainFacts, type DocumentKind } from './e-invoices.service.js';
import { buildUbl } from './ubl.js';
import { FIRST_PIH, invoiceHash, stampKey, verifyHashSignature } from './zatca-crypto.js';

/*
 * Walks each unit's chain of a company in counter order and reports the first break: a counter value missing or out
 * of order (a document deleted), a previous hash that is not the previous document's (a document replaced), a stored
 * XML whose hash is not the recorded one (the XML edited), a document whose live figures no longer give the recorded
 * hash (the invoice or credit note changed behind the application's back), a signature that does not verify, a chain
 * head past the last document, or an issued document missing from the chain.
 */

export interface ChainBreak {
  icv: number | null;
  document: string | null;
  reason: 'icv_gap' | 'pih_mismatch' | 'xml_altered' | 'document_altered' | 'document_missing' | 'signature_invalid' | 'head_mismatch' | 'unrecorded_document';
  detail: string;
}

export interface UnitReport {
  clinicId: string;
  clinic: string | null;
  documents: number;
  firstBreak: ChainBreak | null;
  /**
   * Whether signatures were verified: `checked` with the saved stamp, `no_stamp` when none is saved (documents from
   * before phase 2 carry none), `key_unreadable` when the stamp key was sealed under another server secret: counters,
   * hashes and figures are still checked, signatures are not.
   */
  signatures: 'checked' | 'no_stamp' | 'key_unreadable';
}

const SLICE = 500;

function factsOf(row: EInvoiceRow): ChainFacts {
  return { uuid: row.uuid, icv: row.icv, pih: row.pih, issuedAt: row.issuedAt, parties: row.parties as unknown as ChainFacts['parties'] };
}

async function checkDocument(db: Db, companyId: string, row: EInvoiceRow, publicKey: Buffer | null): Promise<ChainBreak | null> {
  const at = { icv: row.icv, document: row.documentId };
  if (invoiceHash(row.xml) !== row.hash) return { ...at, reason: 'xml_altered', detail: 'the stored XML does not hash to the recorded hash' };
  const doc = await documentOf(db, companyId, row.kind as DocumentKind, row.documentId, factsOf(row));
  if (!doc) return { ...at, reason: 'document_missing', detail: `the ${row.kind} it records is gone` };
  // A document issued before lines carried their discount as a line allowance was hashed with the earlier line layout.
  if (invoiceHash(buildUbl(doc)) !== row.hash && invoiceHash(buildUbl(doc, { legacyLines: true })) !== row.hash) {
    return { ...at, document: doc.number, reason: 'document_altered', detail: `${doc.number} no longer matches what was issued` };
  }
  if (row.signature && publicKey && !verifyHashSignature(row.hash, row.signature, publicKey)) {
    return { ...at, document: doc.number, reason: 'signature_invalid', detail: 'the signature does not verify with the stamp key' };
  }
  return null;
}

/** Issued invoices and credit notes of the unit since its chain began that have no record in it. */
async function unrecorded(db: Db, companyId: string, clinicId: string, since: Date): Promise<number> {
  const missingInvoices = await db.select({ n: count() }).from(invoices).where(and(
    eq(invoices.companyId, companyId), eq(invoices.clinicId, clinicId), isNotNull(invoices.issuedAt), gte(invoices.issuedAt, since),
    sql`not exists (select 1 from ${eInvoices} e where e.company_id = ${invoices.companyId} and e.kind = 'invoice' and e.document_id = ${invoices.id})`,
  ));
  const missingNotes = await db.select({ n: count() }).from(creditNotes).where(and(
    eq(creditNotes.companyId, companyId), eq(creditNotes.clinicId, clinicId), gte(creditNotes.createdAt, since),
    sql`not exists (select 1 from ${eInvoices} e where e.company_id = ${creditNotes.companyId} and e.kind = 'credit_note' and e.document_id = ${creditNotes.id})`,
  ));
  return (missingInvoices[0]?.n ?? 0) + (missingNotes[0]?.n ?? 0);
}

export async function verifyChains(db: Db, secret: string, companyId: string): Promise<UnitReport[]> {
  const settings = await findSettings(db, companyId);
  let publicKey: Buffer | null = null;
  let signatures: UnitReport['signatures'] = 'no_stamp';
  if (settings?.stampKeyEnc) {
    try {
      publicKey = stampKey(openSealed(secret, STAMP_KEY_PURPOSE, settings.stampKeyEnc), settings.certificate).publicKeyDer;
      signatures = 'checked';
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      signatures = 'key_unreadable';
    }
  }
  const reports: UnitReport[] = [];
  for (const head of await chainHeads(db, companyId)) {
    const report: UnitReport = { clinicId: head.clinicId, clinic: head.clinic, documents: 0, firstBreak: null, signatures };
    reports.push(report);
    let expectedIcv = 1;
    let previousHash = FIRST_PIH;
    let first: Date | null = null;
    walk: for (;;) {
      const slice = await chainSlice(db, companyId, head.clinicId, expectedIcv - 1, SLICE);
      for (const row of slice) {
        first ??= row.issuedAt;
        if (row.icv !== expectedIcv) {
          report.firstBreak = { icv: expectedIcv, document: null, reason: 'icv_gap', detail: `counter value ${expectedIcv} is missing (the next is ${row.icv})` };
          break walk;
        }
        if (row.pih !== previousHash) {
          report.firstBreak = { icv: row.icv, document: row.documentId, reason: 'pih_mismatch', detail: 'its previous hash is not the previous document\'s' };
          break walk;
        }
        const broken = await checkDocument(db, companyId, row, publicKey);
        if (broken) {
          report.firstBreak = broken;
          break walk;
        }
        report.documents += 1;
        expectedIcv += 1;
        previousHash = row.hash;
      }
      if (slice.length < SLICE) break;
    }
    if (report.firstBreak) continue;
    if (head.lastIcv !== expectedIcv - 1 || head.lastHash !== previousHash) {
      report.firstBreak = { icv: expectedIcv, document: null, reason: 'head_mismatch', detail: `the chain says ${head.lastIcv} documents, ${expectedIcv - 1} were found` };
      continue;
    }
    const missing = first ? await unrecorded(db, companyId, head.clinicId, first) : 0;
    if (missing) report.firstBreak = { icv: null, document: null, reason: 'unrecorded_document', detail: `${missing} issued document(s) are not in the chain` };
  }
  return reports;
}
