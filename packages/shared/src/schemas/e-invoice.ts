import { z } from 'zod';
import { pageQuerySchema } from './common.js';

/*
 * Saudi e-invoicing (ZATCA): a company's settings (the seller as registered with the authority) and its cryptographic
 * stamp (a secp256k1 key and, once onboarded, the authority's certificate).
 */

/** A Saudi VAT registration number: 15 digits, starting and ending with 3. */
export const SAUDI_VAT_NUMBER = /^3\d{13}3$/;
export const SELLER_NAME_MAX = 120;

const optionalText = (max: number) => z.string().trim().max(max, 'validation.eInvoices.tooLong').nullable().optional();
/** Empty (not given) or matching the pattern. */
const optionalPattern = (pattern: RegExp, message: string) =>
  z.string().trim().refine((v) => v === '' || pattern.test(v), message).nullable().optional();

export const eInvoiceSettingsView = z.object({
  enabled: z.boolean(),
  sellerName: z.string(),
  vatNumber: z.string(),
  crn: z.string().nullable(),
  street: z.string().nullable(),
  buildingNumber: z.string().nullable(),
  district: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** 1: the QR code's five fields; 2: documents are also signed with the stamp key. */
  phase: z.union([z.literal(1), z.literal(2)]),
  certificate: z.object({ subject: z.string(), validTo: z.string() }).nullable(),
  environment: z.enum(['none', 'simulation', 'production']),
  /** Onboarding with the authority: none, compliance (checks under way or failed), onboarded (documents are sent). */
  onboardingStatus: z.enum(['none', 'compliance', 'onboarded']),
  onboardedAt: z.string().nullable(),
  version: z.number(),
});
export type EInvoiceSettingsView = z.infer<typeof eInvoiceSettingsView>;

export const eInvoiceSettingsInput = z.strictObject({
  enabled: z.boolean(),
  sellerName: z.string().trim().min(1, 'validation.required').max(SELLER_NAME_MAX, 'validation.eInvoices.tooLong'),
  vatNumber: z.string().trim().regex(SAUDI_VAT_NUMBER, 'validation.eInvoices.vatNumber'),
  crn: optionalText(20),
  street: optionalText(120),
  buildingNumber: optionalPattern(/^\d{4}$/, 'validation.eInvoices.buildingNumber'),
  district: optionalText(120),
  city: optionalText(120),
  postalCode: optionalPattern(/^\d{5}$/, 'validation.eInvoices.postalCode'),
  /** The version loaded; absent before the first save. */
  version: z.number().int().positive().optional(),
});
export type EInvoiceSettingsInput = z.infer<typeof eInvoiceSettingsInput>;

/** The stamp: a PEM secp256k1 private key and, optionally, its certificate (PEM or base64 DER). */
export const eInvoiceStampInput = z.strictObject({
  privateKey: z.string().trim().min(1, 'validation.required').max(10_000, 'validation.eInvoices.tooLong'),
  certificate: z.string().trim().max(20_000, 'validation.eInvoices.tooLong').nullable().optional(),
});

/**
 * POST /api/e-invoicing/onboard: onboarding with the authority in one step: a new stamp key and its CSR (the
 * company's VAT number and this installation as the e-invoicing unit), the compliance certificate for the portal's
 * one-time password, the compliance checks on sample documents, then the production certificate.
 */
export const eInvoiceOnboardInput = z.strictObject({
  otp: z.string().trim().regex(/^\d{6}$/, 'validation.eInvoices.otp'),
  environment: z.enum(['simulation', 'production'], { error: 'validation.invalidValue' }),
});
export type EInvoiceOnboardInput = z.infer<typeof eInvoiceOnboardInput>;

export const E_INVOICE_SUBMISSION_STATUSES = ['pending', 'reported', 'cleared', 'warning', 'rejected', 'failed'] as const;
export type EInvoiceSubmissionStatus = (typeof E_INVOICE_SUBMISSION_STATUSES)[number];

export const eInvoiceSubmissionRecord = z.object({
  _id: z.string(),
  document: z.object({ kind: z.enum(['invoice', 'credit_note']), _id: z.string(), displayNumber: z.string().nullable() }),
  icv: z.number(),
  /** reporting (simplified) or clearance (standard). */
  mode: z.enum(['reporting', 'clearance']),
  status: z.enum(E_INVOICE_SUBMISSION_STATUSES),
  attempts: z.number(),
  /** The authority's validation messages, as answered. */
  messages: z.array(z.object({ type: z.enum(['info', 'warning', 'error']), code: z.string(), message: z.string() })),
  lastError: z.string().nullable(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type EInvoiceSubmissionRecord = z.infer<typeof eInvoiceSubmissionRecord>;

export const eInvoiceSubmissionListQuery = pageQuerySchema.extend({
  status: z.enum(E_INVOICE_SUBMISSION_STATUSES, { error: 'validation.invalidValue' }).optional(),
});
