import { z } from 'zod';
import { booleanText, idSchema, listQuerySchema, numberish, pageQuerySchema, percentSchema, refSchema } from './common.js';
import { calendarDate } from './dates.js';
import { versionInput, versionSchema } from './version.js';

/*
 * Billing: invoices, credit notes, payments and refunds, cash boxes and their daily close, insurance claims.
 * Every amount is an integer number of minor units of the company's currency (halalas, cents, fils): 15.50 SAR is
 * 1550. Rates are basis points (15% is 1500). The rounding rules are written down in docs/billing.md.
 */

/** Largest amount of any one figure (minor units): ten billion major units at two decimals. */
export const MONEY_MAX = 1_000_000_000_000;
export const INVOICE_LINES_MAX = 100;
export const LINE_QUANTITY_MAX = 10_000;
/** Basis points in 100%. */
export const BASIS_POINTS = 10_000;

export const INVOICE_STATUSES = ['draft', 'issued', 'partially_paid', 'paid', 'credited'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_LINE_KINDS = ['service', 'item'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];
export const PAYMENT_METHODS = ['cash', 'card', 'online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const CLAIM_STATUSES = ['open', 'submitted', 'paid', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** Claim status changes a user may make (PATCH /api/claims/{id}); paid and rejected are final. */
export const CLAIM_TRANSITIONS: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  open: ['submitted', 'rejected'],
  submitted: ['paid', 'rejected'],
  paid: [],
  rejected: [],
};
export const CASH_BOX_TRANSACTION_KINDS = ['payment', 'refund', 'close_difference'] as const;
export type CashBoxTransactionKind = (typeof CASH_BOX_TRANSACTION_KINDS)[number];

/**
 * Digits after the decimal point of a currency's minor unit (ISO 4217): three for the dinars and rials below,
 * none for yen and won, two for every other currency.
 */
export function currencyMinorDigits(currency: string): number {
  const code = currency.toUpperCase();
  if (['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'].includes(code)) return 3;
  if (['JPY', 'KRW', 'CLP', 'ISK', 'VND', 'XAF', 'XOF'].includes(code)) return 0;
  return 2;
}

/** Minor units as a plain decimal text (1550, 2 digits -> "15.50"; -5 -> "-0.05"). */
export function formatMinor(amount: number, digits: number): string {
  const negative = amount < 0;
  const abs = Math.abs(amount);
  if (digits === 0) return `${negative ? '-' : ''}${abs}`;
  const scale = 10 ** digits;
  const whole = Math.floor(abs / scale);
  const frac = String(abs % scale).padStart(digits, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

const money = (error: string) =>
  numberish(z.number({ error }).int({ error }).min(0, { error }).max(MONEY_MAX, { error }));
const positiveMoney = (error: string) =>
  numberish(z.number({ error }).int({ error }).min(1, { error }).max(MONEY_MAX, { error }));
const uuid = (error: string) => z.uuid({ error });
const note = z.string({ error: 'validation.invalidType' }).trim().max(1000, { error: 'validation.tooLong' });

/* ------------------------------------------------------------------------------------------------------------------ */
/* Settings                                                                                                           */

/**
 * GET/PUT /api/billing/settings: the company's currency (ISO 4217 code) and VAT rate (percent, up to two decimals:
 * 15 or 15.5). The tax number printed on invoices is the company's commercial record tax number.
 */
export const billingSettingsInput = z.strictObject({
  currency: z.string({ error: 'validation.billing.currencyInvalid' }).trim().toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: 'validation.billing.currencyInvalid' }),
  vatRatePercent: percentSchema,
  version: versionInput,
});
export type BillingSettingsInput = z.input<typeof billingSettingsInput>;
export type BillingSettingsValues = z.output<typeof billingSettingsInput>;

export const billingSettingsRecord = z.object({
  currency: z.string(),
  minorDigits: z.number(),
  vatRateBasisPoints: z.number(),
  vatRatePercent: z.number(),
  /** From the company's commercial record; null until it is filled in. */
  taxNumber: z.string().nullable(),
  /** 1 before the settings were ever saved (defaults: SAR, 0%). */
  version: versionSchema,
});
export type BillingSettingsRecord = z.infer<typeof billingSettingsRecord>;

/* ------------------------------------------------------------------------------------------------------------------ */
/* Invoices                                                                                                           */

/**
 * One line. A `service` line names a service of the invoice's clinic: its description and unit price default to the
 * service's name and price. An `item` line is free text with a price. `discount` is an amount (minor units) off the
 * line's quantity x unit price, at most that much.
 */
export const invoiceLineInput = z.strictObject({
  kind: z.enum(INVOICE_LINE_KINDS, { error: 'validation.billing.lineKindInvalid' }),
  service: uuid('validation.billing.serviceRequired').nullable().optional(),
  description: z.string({ error: 'validation.invalidType' }).trim().max(300, { error: 'validation.tooLong' }).optional(),
  quantity: numberish(z.number({ error: 'validation.billing.quantityInvalid' }).int({ error: 'validation.billing.quantityInvalid' })
    .min(1, { error: 'validation.billing.quantityInvalid' }).max(LINE_QUANTITY_MAX, { error: 'validation.billing.quantityInvalid' })).default(1),
  unitPrice: money('validation.billing.amountInvalid').optional(),
  discount: money('validation.billing.amountInvalid').default(0),
})
  .refine((l) => l.kind !== 'service' || Boolean(l.service), { error: 'validation.billing.serviceRequired', path: ['service'] })
  .refine((l) => l.kind !== 'item' || Boolean(l.description), { error: 'validation.billing.descriptionRequired', path: ['description'] })
  .refine((l) => l.kind !== 'item' || l.unitPrice !== undefined, { error: 'validation.billing.amountInvalid', path: ['unitPrice'] });
export type InvoiceLineInput = z.input<typeof invoiceLineInput>;
export type InvoiceLineValues = z.output<typeof invoiceLineInput>;

const lines = z.array(invoiceLineInput, { error: 'validation.billing.linesRequired' })
  .min(1, { error: 'validation.billing.linesRequired' }).max(INVOICE_LINES_MAX, { error: 'validation.billing.tooManyLines' });

/** POST /api/invoices: a draft by hand. `visitDate` defaults to today in the clinic's time zone. */
export const invoiceCreateInput = z.strictObject({
  patient: uuid('validation.billing.patientRequired'),
  clinic: uuid('validation.billing.clinicRequired'),
  doctor: uuid('validation.invalidValue').nullable().optional(),
  visitDate: calendarDate('validation.billing.visitDateInvalid').optional(),
  lines,
  note: note.default(''),
  /** False bills the patient for everything even when an insurance would cover it. */
  applyInsurance: z.boolean({ error: 'validation.invalidBoolean' }).default(true),
});
export type InvoiceCreateInput = z.input<typeof invoiceCreateInput>;
export type InvoiceCreate = z.output<typeof invoiceCreateInput>;

/** POST /api/invoices/from-appointment/{id}: a draft from the appointment (body optional). */
export const invoiceFromAppointmentInput = z.strictObject({
  applyInsurance: z.boolean({ error: 'validation.invalidBoolean' }).default(true),
  note: note.default(''),
}).default({ applyInsurance: true, note: '' });
export type InvoiceFromAppointment = z.output<typeof invoiceFromAppointmentInput>;

/** PUT /api/invoices/{id}: only while draft; replaces the lines (patient and clinic stay). */
export const invoiceUpdateInput = z.strictObject({
  doctor: uuid('validation.invalidValue').nullable().optional(),
  visitDate: calendarDate('validation.billing.visitDateInvalid').optional(),
  lines,
  note: note.default(''),
  applyInsurance: z.boolean({ error: 'validation.invalidBoolean' }).default(true),
  version: versionInput,
});
export type InvoiceUpdateInput = z.input<typeof invoiceUpdateInput>;
export type InvoiceUpdate = z.output<typeof invoiceUpdateInput>;

/** POST /api/invoices/{id}/issue and DELETE /api/invoices/{id}?version= (drafts only). */
export const invoiceVersionInput = z.strictObject({ version: versionInput });
export const invoiceVersionQuery = z.object({ version: versionInput });

export const invoiceLineRecord = z.object({
  kind: z.enum(INVOICE_LINE_KINDS),
  service: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  discount: z.number(),
  /** quantity x unitPrice */
  gross: z.number(),
  /** gross - discount (the taxable amount) */
  net: z.number(),
  tax: z.number(),
  /** net + tax */
  total: z.number(),
  /** The insurance covers this line (its service is in the insurer's contract). */
  covered: z.boolean(),
  insurerShare: z.number(),
  patientShare: z.number(),
});
export type InvoiceLineRecord = z.infer<typeof invoiceLineRecord>;

/** The insurance that splits the invoice: the insurer's name (as in the contract) and its coverage. */
export const invoiceInsurer = z.object({
  name: z.string(),
  coverageBasisPoints: z.number(),
  /** The patient's card (insurance type and expiry) it was matched with. */
  cardExpiryDate: z.string(),
});

/** An invoice in the list (and the head of the full record). */
export const invoiceSummary = z.object({
  _id: z.string(),
  /** Gapless per clinic, from 1, given when issued; null while draft. */
  number: z.number().nullable(),
  /** `<clinic public id>-<number, six digits>`, e.g. CLN-000003-000017; null while draft. */
  displayNumber: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  clinic: refSchema,
  patient: refSchema,
  doctor: refSchema.nullable(),
  appointment: z.string().nullable(),
  visitDate: z.string(),
  currency: z.string(),
  minorDigits: z.number(),
  vatRateBasisPoints: z.number(),
  taxNumber: z.string().nullable(),
  subtotal: z.number(),
  discountTotal: z.number(),
  taxTotal: z.number(),
  total: z.number(),
  insurer: invoiceInsurer.nullable(),
  insurerShare: z.number(),
  patientShare: z.number(),
  /** Sum of its credit notes. */
  creditedTotal: z.number(),
  /** Payments net of refunds. */
  paidTotal: z.number(),
  refundedTotal: z.number(),
  /** patientShare - creditedTotal - paidTotal; negative when money is owed back (refund due). */
  balanceDue: z.number(),
  note: z.string(),
  issuedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

/**
 * A document's Saudi e-invoice (when its company has e-invoicing on): its UUID, its place in the unit's chain (ICV),
 * the hash of its XML, whether it is signed (phase 2), and the QR payload (base64 TLV) its printouts show.
 */
export const eInvoiceRef = z.object({ uuid: z.string(), icv: z.number(), hash: z.string(), signed: z.boolean(), qr: z.string() });
export type EInvoiceRef = z.infer<typeof eInvoiceRef>;

export const creditNoteRecord = z.object({
  _id: z.string(),
  invoice: z.string(),
  /** Gapless per clinic in its own series, from 1. */
  number: z.number(),
  /** `<clinic public id>-CN-<number, six digits>` */
  displayNumber: z.string(),
  /** Tax-inclusive amount credited (minor units). */
  amount: z.number(),
  /** The tax part of `amount`. */
  taxAmount: z.number(),
  /** Refunds paid against this credit note so far. */
  refundedAmount: z.number(),
  reason: z.string(),
  eInvoice: eInvoiceRef.nullable().optional(),
  createdBy: refSchema.nullable(),
  createdAt: z.string(),
});
export type CreditNoteRecord = z.infer<typeof creditNoteRecord>;

export const paymentRecord = z.object({
  _id: z.string(),
  invoice: z.string(),
  /** `payment` (amount > 0) or `refund` (amount < 0). */
  kind: z.enum(['payment', 'refund']),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  /** Card and online: the processing fee the payment method charges (minor units); 0 for cash. */
  processingFee: z.number(),
  cashBox: refSchema.nullable(),
  /** Card and online: the company's or clinic's online payment method used (its company name). */
  paymentMethod: z.string().nullable(),
  creditNote: z.string().nullable(),
  reference: z.string(),
  createdBy: refSchema.nullable(),
  createdAt: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;

export const claimRecord = z.object({
  _id: z.string(),
  invoice: z.string(),
  invoiceNumber: z.string().nullable(),
  clinic: refSchema,
  patient: refSchema,
  insurer: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(CLAIM_STATUSES),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type ClaimRecord = z.infer<typeof claimRecord>;

/** GET /api/invoices/{id} and every invoice write: the full invoice. */
export const invoiceRecord = invoiceSummary.extend({
  lines: z.array(invoiceLineRecord),
  creditNotes: z.array(creditNoteRecord),
  payments: z.array(paymentRecord),
  claim: claimRecord.nullable(),
  eInvoice: eInvoiceRef.nullable(),
});
export type InvoiceRecord = z.infer<typeof invoiceRecord>;

export const invoiceSortFields = ['createdAt', 'visitDate', 'number', 'total', 'status', 'issuedAt'] as const;

/**
 * GET /api/invoices (and /api/invoices/export.csv): paged like other lists; filters by status, clinic, patient,
 * insurer name (exact, case-insensitive) and visit date `from`..`to` (inclusive); `search` matches the number or
 * the patient's name.
 */
export const invoiceListQuery = listQuerySchema(invoiceSortFields).extend({
  status: z.enum(INVOICE_STATUSES, { error: 'validation.invalidFilter' }).optional(),
  clinic: uuid('validation.invalidFilter').optional(),
  patient: uuid('validation.invalidFilter').optional(),
  insurer: z.string().trim().min(1, { error: 'validation.invalidFilter' }).max(120, { error: 'validation.invalidFilter' }).optional(),
  from: calendarDate('validation.invalidFilter').optional(),
  to: calendarDate('validation.invalidFilter').optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'validation.billing.rangeOrder', path: ['to'] });
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

/**
 * POST /api/invoices/{id}/credit-notes (issued invoices; permission billing_refund): credits `amount` (tax-inclusive,
 * at most the patient share not yet credited).
 */
export const creditNoteInput = z.strictObject({
  amount: positiveMoney('validation.billing.amountInvalid'),
  reason: z.string({ error: 'validation.billing.reasonRequired' }).trim().min(1, { error: 'validation.billing.reasonRequired' })
    .max(500, { error: 'validation.tooLong' }),
});
export type CreditNoteInput = z.input<typeof creditNoteInput>;
export type CreditNoteValues = z.output<typeof creditNoteInput>;

const paymentFields = {
  method: z.enum(PAYMENT_METHODS, { error: 'validation.billing.methodInvalid' }),
  amount: positiveMoney('validation.billing.amountInvalid'),
  /** Cash: the cash box (GET /api/cash-boxes) the money goes into or comes out of. */
  cashBox: uuid('validation.billing.cashBoxRequired').nullable().optional(),
  /** Card and online: the name of one of the company's or the clinic's online payment methods. */
  paymentMethod: z.string({ error: 'validation.billing.paymentMethodRequired' }).trim().max(120, { error: 'validation.tooLong' }).nullable().optional(),
  reference: z.string({ error: 'validation.invalidType' }).trim().max(120, { error: 'validation.tooLong' }).default(''),
};
const methodDetails = <T extends { method: PaymentMethod; cashBox?: string | null | undefined; paymentMethod?: string | null | undefined }>(p: T, ctx: z.RefinementCtx) => {
  if (p.method === 'cash' && !p.cashBox) ctx.addIssue({ code: 'custom', path: ['cashBox'], message: 'validation.billing.cashBoxRequired' });
  if (p.method !== 'cash' && !p.paymentMethod) ctx.addIssue({ code: 'custom', path: ['paymentMethod'], message: 'validation.billing.paymentMethodRequired' });
};

/** POST /api/invoices/{id}/payments (issued or partially paid invoices): at most the balance due. */
export const paymentInput = z.strictObject(paymentFields).superRefine(methodDetails);
export type PaymentInput = z.input<typeof paymentInput>;
export type PaymentValues = z.output<typeof paymentInput>;

/**
 * POST /api/invoices/{id}/refunds (permission billing_refund): money back against one of the invoice's credit notes,
 * at most what that note has not refunded yet and what was paid net of refunds. Stored as a negative payment.
 */
export const refundInput = z.strictObject({ ...paymentFields, creditNote: uuid('validation.billing.creditNoteRequired') }).superRefine(methodDetails);
export type RefundInput = z.input<typeof refundInput>;
export type RefundValues = z.output<typeof refundInput>;

/* ------------------------------------------------------------------------------------------------------------------ */
/* Cash boxes                                                                                                         */

/**
 * A cash box of the company profile or of a clinic (their `cashBoxes` rows, matched by name): its balance is the sum
 * of its transactions.
 */
export const cashBoxSummary = z.object({
  _id: z.string(),
  name: z.string(),
  /** Null for the company's own cash boxes. */
  clinic: refSchema.nullable(),
  pic: z.string().nullable(),
  location: z.string().nullable(),
  currency: z.string(),
  isActive: z.boolean(),
  balance: z.number(),
  /** The local date (company time zone) of the latest close, or null. */
  lastClosedOn: z.string().nullable(),
});
export type CashBoxSummary = z.infer<typeof cashBoxSummary>;

export const cashBoxTransaction = z.object({
  _id: z.string(),
  kind: z.enum(CASH_BOX_TRANSACTION_KINDS),
  amount: z.number(),
  /** Balance right after this transaction. */
  balanceAfter: z.number(),
  invoice: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  payment: z.string().nullable(),
  description: z.string(),
  createdBy: refSchema.nullable(),
  createdAt: z.string(),
});
export type CashBoxTransaction = z.infer<typeof cashBoxTransaction>;

export const cashBoxClose = z.object({
  _id: z.string(),
  /** Local date (company time zone) of the day closed. */
  date: z.string(),
  expected: z.number(),
  counted: z.number(),
  /** counted - expected (negative: short). */
  difference: z.number(),
  note: z.string(),
  closedBy: refSchema.nullable(),
  closedAt: z.string(),
});
export type CashBoxClose = z.infer<typeof cashBoxClose>;

/** GET /api/cash-boxes/{id}: the box, its latest transactions (newest first, at most 500) and latest closes (30). */
export const cashBoxDetails = cashBoxSummary.extend({
  transactions: z.array(cashBoxTransaction),
  closes: z.array(cashBoxClose),
  /** The close of the box's current local day (company time zone), once it is closed; null while it is open. */
  closedToday: cashBoxClose.nullable(),
});
export type CashBoxDetails = z.infer<typeof cashBoxDetails>;

/** POST /api/cash-boxes/{id}/close (permission cashbox_close): once per box per local day. */
export const cashBoxCloseInput = z.strictObject({
  counted: money('validation.billing.amountInvalid'),
  note: note.default(''),
});
export type CashBoxCloseInput = z.input<typeof cashBoxCloseInput>;
export type CashBoxCloseValues = z.output<typeof cashBoxCloseInput>;

/**
 * GET /api/cash-boxes/{id}/closes/{closeId}: the day-close (Z) report. Its day runs from the box's previous close (or
 * its first movement) to this close: `opening` is the balance then, `cashIn` the money paid in, `cashOut` the money
 * paid out (refunds, a negative amount); `opening + cashIn + cashOut` is the close's `expected`.
 */
export const cashBoxCloseReport = z.object({
  box: cashBoxSummary,
  close: cashBoxClose,
  opening: z.number(),
  cashIn: z.number(),
  cashOut: z.number(),
  /** How many movements the day had (payments and refunds). */
  movements: z.number(),
});
export type CashBoxCloseReport = z.infer<typeof cashBoxCloseReport>;
export const cashBoxCloseParams = z.object({ id: idSchema, closeId: idSchema });

export const cashBoxListQuery = pageQuerySchema.extend({
  clinic: uuid('validation.invalidFilter').optional(),
  includeInactive: booleanText.optional(),
});

/* ------------------------------------------------------------------------------------------------------------------ */
/* Claims                                                                                                             */

export const claimSortFields = ['createdAt', 'amount', 'status'] as const;
export const claimListQuery = listQuerySchema(claimSortFields).extend({
  status: z.enum(CLAIM_STATUSES, { error: 'validation.invalidFilter' }).optional(),
  clinic: uuid('validation.invalidFilter').optional(),
  insurer: z.string().trim().min(1, { error: 'validation.invalidFilter' }).max(120, { error: 'validation.invalidFilter' }).optional(),
});
export type ClaimListQuery = z.output<typeof claimListQuery>;

/** PATCH /api/claims/{id}: moves the claim along CLAIM_TRANSITIONS. */
export const claimUpdateInput = z.strictObject({
  status: z.enum(CLAIM_STATUSES, { error: 'validation.billing.claimStatusInvalid' }),
  note: note.optional(),
  version: versionInput,
});
export type ClaimUpdateInput = z.input<typeof claimUpdateInput>;
export type ClaimUpdate = z.output<typeof claimUpdateInput>;
