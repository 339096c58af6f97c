import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, version } from './columns.js';
import { companies } from './core.js';
import { clinics } from './organisation.js';

/*
 * Saudi e-invoicing (modules/e-invoices): a company's ZATCA settings, each unit's chain head (a unit is a clinic: its
 * invoice counter value and the hash of its last document), and the record of every issued invoice and credit note
 * (its UUID, counter value, previous hash, hash, QR code and XML), append-only.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** ZATCA e-invoicing of a company: off by default; the seller as registered, and the stamp key once onboarded. */
export const eInvoiceSettings = pgTable('e_invoice_settings', {
  companyId: uuid('company_id').primaryKey().references(() => companies.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  sellerName: text('seller_name').notNull().default(''),
  vatNumber: text('vat_number').notNull().default(''),
  /** Commercial registration number. */
  crn: text('crn'),
  street: text('street'),
  buildingNumber: text('building_number'),
  district: text('district'),
  city: text('city'),
  postalCode: text('postal_code'),
  /** The secp256k1 private key of the cryptographic stamp, PEM, encrypted (lib/secret-box.ts); null: phase 1 only. */
  stampKeyEnc: text('stamp_key_enc'),
  /** The stamp's certificate (ZATCA's CSID), base64 DER. */
  certificate: text('certificate'),
  /** 'none' | 'simulation' | 'production': where documents are reported, once onboarded. */
  environment: text('environment').notNull().default('none'),
  /**
   * Onboarding with the authority: 'none' | 'compliance' (a compliance certificate, its checks pending) |
   * 'onboarded' (a production certificate: documents are reported or cleared).
   */
  onboardingStatus: text('onboarding_status').notNull().default('none'),
  /** The certificate's binary security token as the authority returned it (base64), sent with every call. */
  csidToken: text('csid_token'),
  /** The certificate's secret for the authority's API, encrypted (lib/secret-box.ts). */
  csidSecretEnc: text('csid_secret_enc'),
  /** The compliance request's id, kept to ask for the production certificate. */
  complianceRequestId: text('compliance_request_id'),
  onboardedAt: at('onboarded_at'),
  version: version(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A unit's chain head: the last counter value given and the hash of that document. */
export const eInvoiceChain = pgTable('e_invoice_chain', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  clinicId: uuid('clinic_id').notNull(),
  lastIcv: bigint('last_icv', { mode: 'number' }).notNull().default(0),
  lastHash: text('last_hash').notNull(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.clinicId] }),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('cascade'),
]);

/** One issued document of a unit, as reported: never changed or deleted (migration 0057 refuses it). */
export const eInvoices = pgTable('e_invoices', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  clinicId: uuid('clinic_id').notNull(),
  /** 'invoice' | 'credit_note' */
  kind: text('kind').notNull(),
  /** The invoice's or credit note's id. */
  documentId: uuid('document_id').notNull(),
  uuid: uuid('uuid').notNull(),
  icv: bigint('icv', { mode: 'number' }).notNull(),
  pih: text('pih').notNull(),
  hash: text('hash').notNull(),
  signature: text('signature'),
  qr: text('qr').notNull(),
  xml: text('xml').notNull(),
  /** The seller and buyer as the document named them, so the chain check can rebuild it from the live figures. */
  parties: jsonb('parties').$type<{ seller: Record<string, unknown>; buyer: Record<string, unknown>; simplified: boolean }>().notNull(),
  issuedAt: at('issued_at').notNull(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('e_invoices_icv_uq').on(t.companyId, t.clinicId, t.icv),
  uniqueIndex('e_invoices_document_uq').on(t.companyId, t.kind, t.documentId),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('restrict'),
]);

/**
 * Sending one e-invoice to the authority once onboarded: reporting (simplified, within 24 hours) or clearance
 * (standard, before it is given to the buyer). A job per row does the call; its answer is kept.
 */
export const eInvoiceSubmissions = pgTable('e_invoice_submissions', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  eInvoiceId: uuid('e_invoice_id').notNull(),
  /** reporting | clearance */
  mode: text('mode').notNull(),
  /** pending | reported | cleared | warning | rejected | failed */
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  /** The authority's validation results (info, warning and error messages), as answered. */
  response: jsonb('response').$type<Record<string, unknown>>(),
  /** Clearance: the cleared XML the authority stamped, which is the document given to the buyer. */
  clearedXml: text('cleared_xml'),
  lastError: text('last_error'),
  /**
   * Set by an attempt that could not reach the authority (network, time-out, 5xx), null after any other outcome: once
   * the submission has failed, the resend sweep queues it again from this time, while its document is under 24 hours old.
   */
  resendAfter: at('resend_after'),
  submittedAt: at('submitted_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  version: version(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('e_invoice_submissions_document_uq').on(t.companyId, t.eInvoiceId),
  index('e_invoice_submissions_status_idx').on(t.companyId, t.status, t.createdAt).where(sql`${t.status} in ('pending', 'failed')`),
  foreignKey({ columns: [t.companyId, t.eInvoiceId], foreignColumns: [eInvoices.companyId, eInvoices.id] }).onDelete('restrict'),
]);
