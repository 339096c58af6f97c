/**
 * Billing arithmetic: line totals, VAT, insurance split, credit note tax and processing fees, on integer minor units.
 * The rules are written down in docs/billing.md ("Rounding rules"); each division is rounded once, half away from
 * zero, on exact integers (BigInt), so no binary fraction ever reaches an amount.
 */
import {
  BASIS_POINTS, MONEY_MAX, type InvoiceLineKind, type InvoiceLineRecord, type InvoiceStatus,
} from '@clinic/shared';

/** round(a x b / d), halves away from zero, exactly. `d` > 0. */
export function mulDivRound(a: number, b: number, d: number): number {
  const n = BigInt(a) * BigInt(b);
  const den = BigInt(d);
  const negative = n < 0n;
  const abs = negative ? -n : n;
  let q = abs / den;
  if ((abs % den) * 2n >= den) q += 1n;
  return Number(negative ? -q : q);
}

/** A decimal price ("150.00", 150.5) in minor units of a currency with `digits` decimals, rounded half up. */
export function priceToMinor(price: string | number, digits: number): number {
  const text = typeof price === 'number' ? price.toFixed(6) : price.trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new RangeError(`not a price: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const padded = fraction.padEnd(digits + 1, '0');
  let minor = BigInt(whole!) * 10n ** BigInt(digits) + (digits > 0 ? BigInt(padded.slice(0, digits)) : 0n);
  if (Number(padded[digits]) >= 5) minor += 1n;
  return Number(sign === '-' ? -minor : minor);
}

/** A percentage with at most two decimals (15, 15.5) in basis points (1500, 1550). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export interface LineInput {
  kind: InvoiceLineKind;
  service: string | null;
  description: string;
  quantity: number;
  unitPrice: number;
  discount: number;
}

export type LineProblem = 'discountTooLarge' | 'amountTooLarge';

/** What is wrong with a line's figures, or null. */
export function lineProblem(line: LineInput): LineProblem | null {
  const gross = line.quantity * line.unitPrice;
  if (!Number.isSafeInteger(gross) || gross > MONEY_MAX) return 'amountTooLarge';
  if (line.discount > gross) return 'discountTooLarge';
  return null;
}

/**
 * One line: gross = quantity x unit price, net = gross - discount, tax = round(net x VAT), total = net + tax, and
 * when covered the insurer's share round(total x coverage), the patient's the rest.
 */
export function computeLine(line: LineInput, vatBasisPoints: number, coverageBasisPoints: number | null): InvoiceLineRecord {
  const gross = line.quantity * line.unitPrice;
  const net = gross - line.discount;
  const tax = mulDivRound(net, vatBasisPoints, BASIS_POINTS);
  const total = net + tax;
  const covered = coverageBasisPoints !== null;
  const insurerShare = covered ? mulDivRound(total, coverageBasisPoints, BASIS_POINTS) : 0;
  return {
    kind: line.kind, service: line.service, description: line.description, quantity: line.quantity, unitPrice: line.unitPrice,
    discount: line.discount, gross, net, tax, total, covered, insurerShare, patientShare: total - insurerShare,
  };
}

export interface InvoiceTotals {
  subtotal: number;
  discountTotal: number;
  taxTotal: number;
  total: number;
  insurerShare: number;
  patientShare: number;
}

/** Sums of the lines: the totals always add up to the lines (tax is never recomputed on the sum). */
export function invoiceTotals(lines: readonly InvoiceLineRecord[]): InvoiceTotals {
  const sum = (pick: (l: InvoiceLineRecord) => number) => lines.reduce((s, l) => s + pick(l), 0);
  return {
    subtotal: sum((l) => l.gross),
    discountTotal: sum((l) => l.discount),
    taxTotal: sum((l) => l.tax),
    total: sum((l) => l.total),
    insurerShare: sum((l) => l.insurerShare),
    patientShare: sum((l) => l.patientShare),
  };
}

/** A patient's insurance card as the patient record keeps it. */
export interface InsuranceCard { insuranceType: string; expiryDate: string }
/** An insurer row of a clinic's or the company's contracts. */
export interface InsurerContract {
  companyName: string;
  coveragePercentage?: number | null | undefined;
  coveredServices?: readonly string[] | undefined;
  contractStartDate?: string | null | undefined;
  contractEndDate?: string | null | undefined;
  isActive?: boolean | undefined;
}
export interface MatchedInsurer {
  name: string;
  coverageBasisPoints: number;
  cardExpiryDate: string;
  coveredServices: string[];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
/** A card names an insurer by its name, or by its name and a plan after a space ("Bupa Arabia – Gold"). */
const cardNames = (cardType: string, insurer: string) => {
  const card = cardType.trim().toLowerCase();
  const name = insurer.trim().toLowerCase();
  return Boolean(name) && (card === name || card.startsWith(`${name} `));
};

/**
 * The insurance that splits a visit: the first card, valid on the visit date, naming an active insurer whose
 * contract runs on that date and has a coverage percentage. Null when none does.
 */
export function matchInsurer(cards: readonly InsuranceCard[], contracts: readonly InsurerContract[], visitDate: string): MatchedInsurer | null {
  for (const card of cards) {
    if (!card.insuranceType || !card.expiryDate || card.expiryDate < visitDate) continue;
    const contract = contracts.find((c) => cardNames(card.insuranceType, c.companyName)
      && c.isActive !== false
      && typeof c.coveragePercentage === 'number' && c.coveragePercentage > 0
      && (!c.contractStartDate || c.contractStartDate <= visitDate)
      && (!c.contractEndDate || visitDate <= c.contractEndDate));
    if (contract) {
      return {
        name: contract.companyName,
        coverageBasisPoints: Math.min(BASIS_POINTS, percentToBasisPoints(contract.coveragePercentage!)),
        cardExpiryDate: card.expiryDate,
        coveredServices: [...(contract.coveredServices ?? [])],
      };
    }
  }
  return null;
}

/** A service line is covered when its service's name or id is in the insurer's covered services. */
export function lineCovered(line: { kind: InvoiceLineKind; service: string | null }, serviceName: string | null, insurer: MatchedInsurer | null): boolean {
  if (!insurer || line.kind !== 'service' || !line.service) return false;
  return insurer.coveredServices.some((s) => same(s, line.service!) || (serviceName !== null && same(s, serviceName)));
}

/**
 * The status of an issued invoice from its running figures: paid once nothing is left of the patient's share
 * (after credit notes), credited when credit notes cover it all and nothing was paid, partly paid in between.
 */
export function issuedStatus(f: { patientShare: number; creditedTotal: number; paidTotal: number }): Exclude<InvoiceStatus, 'draft'> {
  const owed = f.patientShare - f.creditedTotal;
  if (owed <= 0 && f.creditedTotal > 0 && f.paidTotal <= 0) return 'credited';
  if (f.paidTotal >= owed) return 'paid';
  if (f.paidTotal > 0) return 'partially_paid';
  return 'issued';
}

/** The tax part of a credit note of `amount`: the invoice's own proportion of tax. */
export function creditNoteTax(amount: number, invoiceTaxTotal: number, invoiceTotal: number): number {
  return invoiceTotal > 0 ? mulDivRound(amount, invoiceTaxTotal, invoiceTotal) : 0;
}

/** A card or online payment's fee: the method's `processingFees` percentage of the amount. */
export function processingFee(amount: number, feePercent: number): number {
  if (!Number.isFinite(feePercent) || feePercent <= 0) return 0;
  // A percentage is at most 100 (the settings and the database refuse more): the fee is never more than the payment.
  return mulDivRound(Math.abs(amount), percentToBasisPoints(Math.min(feePercent, 100)), BASIS_POINTS);
}

/** `<clinic public id>-000017`, and `<clinic public id>-CN-000003` for credit notes. */
export function invoiceDisplayNumber(clinicPublicId: string, n: number): string {
  return `${clinicPublicId}-${String(n).padStart(6, '0')}`;
}
export function creditNoteDisplayNumber(clinicPublicId: string, n: number): string {
  return `${clinicPublicId}-CN-${String(n).padStart(6, '0')}`;
}
