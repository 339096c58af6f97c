import { describe, expect, it } from 'vitest';
import { currencyMinorDigits, formatMinor } from '@clinic/shared';
import {
  computeLine, creditNoteDisplayNumber, creditNoteTax, invoiceDisplayNumber, invoiceTotals, issuedStatus, lineCovered, lineProblem,
  matchInsurer, mulDivRound, priceToMinor, processingFee, type LineInput,
} from './billing.domain.js';

const line = (o: Partial<LineInput>): LineInput => ({ kind: 'item', service: null, description: 'Item', quantity: 1, unitPrice: 0, discount: 0, ...o });

describe('rounding', () => {
  it('rounds each division once, halves away from zero', () => {
    expect(mulDivRound(1, 1, 2)).toBe(1); // 0.5 -> 1
    expect(mulDivRound(-1, 1, 2)).toBe(-1); // -0.5 -> -1
    expect(mulDivRound(3, 1, 4)).toBe(1); // 0.75 -> 1
    expect(mulDivRound(1, 1, 4)).toBe(0); // 0.25 -> 0
    expect(mulDivRound(333, 1500, 10_000)).toBe(50); // 49.95 -> 50
    expect(mulDivRound(330, 1500, 10_000)).toBe(50); // 49.5 -> 50
    expect(mulDivRound(329, 1500, 10_000)).toBe(49); // 49.35 -> 49
  });

  it('stays exact past 2^53 in the intermediate product', () => {
    // 10^12 x 9999 / 10^4 = 999,900,000,000 exactly; the product (~10^16) is not a safe double.
    expect(mulDivRound(1_000_000_000_000, 9999, 10_000)).toBe(999_900_000_000);
  });

  it('turns decimal prices into minor units of the currency', () => {
    expect(priceToMinor('150.00', 2)).toBe(15_000);
    expect(priceToMinor('0.05', 2)).toBe(5);
    expect(priceToMinor('12.345', 2)).toBe(1235);
    expect(priceToMinor('12.344', 2)).toBe(1234);
    expect(priceToMinor('150.00', 3)).toBe(150_000);
    expect(priceToMinor('150.50', 0)).toBe(151);
    expect(priceToMinor(99.99, 2)).toBe(9999);
  });

  it('knows the minor unit of the currencies the clinics use', () => {
    expect(currencyMinorDigits('SAR')).toBe(2);
    expect(currencyMinorDigits('kwd')).toBe(3);
    expect(currencyMinorDigits('JPY')).toBe(0);
    expect(formatMinor(1550, 2)).toBe('15.50');
    expect(formatMinor(-5, 2)).toBe('-0.05');
    expect(formatMinor(1234, 3)).toBe('1.234');
    expect(formatMinor(700, 0)).toBe('700');
  });
});

describe('lines and totals', () => {
  it('computes a line: 3 x 33.33 less 1.00 discount at 15% VAT', () => {
    const l = computeLine(line({ quantity: 3, unitPrice: 3333, discount: 100 }), 1500, null);
    // gross 99.99, net 98.99, tax 14.8485 -> 14.85, total 113.84
    expect(l).toMatchObject({ gross: 9999, net: 9899, tax: 1485, total: 11_384, covered: false, insurerShare: 0, patientShare: 11_384 });
  });

  it('rounds the tax per line, and the totals are the sums of the lines', () => {
    // Two lines of 0.10 at 15%: 0.015 each rounds to 0.02, so the tax is 0.04 (not round(0.03) on the sum).
    const lines = [computeLine(line({ unitPrice: 10 }), 1500, null), computeLine(line({ unitPrice: 10 }), 1500, null)];
    expect(lines.map((l) => l.tax)).toEqual([2, 2]);
    expect(invoiceTotals(lines)).toEqual({ subtotal: 20, discountTotal: 0, taxTotal: 4, total: 24, insurerShare: 0, patientShare: 24 });
  });

  it('splits a covered line: 80% of 172.50 (150.00 + 15% VAT)', () => {
    const l = computeLine(line({ kind: 'service', service: 's1', unitPrice: 15_000 }), 1500, 8000);
    expect(l).toMatchObject({ net: 15_000, tax: 2250, total: 17_250, covered: true, insurerShare: 13_800, patientShare: 3450 });
  });

  it('gives the patient the rounding remainder of an odd split', () => {
    // 0.05 at 0% VAT, 50% coverage: the insurer's half is 2.5 -> 3, the patient's the remaining 2.
    const l = computeLine(line({ unitPrice: 5 }), 0, 5000);
    expect([l.insurerShare, l.patientShare]).toEqual([3, 2]);
    expect(l.insurerShare + l.patientShare).toBe(l.total);
  });

  it('adds up an invoice with a covered service, an uncovered fee and a discount', () => {
    const lines = [
      computeLine(line({ kind: 'service', service: 's1', unitPrice: 20_000, discount: 2000 }), 1500, 7000), // net 180, tax 27, total 207, insurer 144.90
      computeLine(line({ unitPrice: 5000 }), 1500, null), // net 50, tax 7.50, total 57.50
    ];
    expect(invoiceTotals(lines)).toEqual({
      subtotal: 25_000, discountTotal: 2000, taxTotal: 3450, total: 26_450, insurerShare: 14_490, patientShare: 11_960,
    });
  });

  it('refuses a discount above the line and an amount beyond the bound', () => {
    expect(lineProblem(line({ quantity: 2, unitPrice: 100, discount: 201 }))).toBe('discountTooLarge');
    expect(lineProblem(line({ quantity: 2, unitPrice: 100, discount: 200 }))).toBeNull();
    expect(lineProblem(line({ quantity: 10_000, unitPrice: 1_000_000_000_000 }))).toBe('amountTooLarge');
  });
});

describe('insurance', () => {
  const contracts = [
    { companyName: 'Bupa', coveragePercentage: 80, coveredServices: ['General consultation'], contractStartDate: '2026-01-01', contractEndDate: '2026-12-31', isActive: true },
    { companyName: 'Tawuniya', coveragePercentage: 50, coveredServices: [], isActive: false },
  ];

  it('matches a card valid on the visit date with an insurer in contract', () => {
    expect(matchInsurer([{ insuranceType: 'bupa ', expiryDate: '2026-06-30' }], contracts, '2026-06-30'))
      .toEqual({ name: 'Bupa', coverageBasisPoints: 8000, cardExpiryDate: '2026-06-30', coveredServices: ['General consultation'] });
  });

  it('matches a card naming the insurer and a plan', () => {
    expect(matchInsurer([{ insuranceType: 'Bupa – Gold', expiryDate: '2026-06-30' }], contracts, '2026-06-30')?.name).toBe('Bupa');
    expect(matchInsurer([{ insuranceType: 'Bupapa', expiryDate: '2026-06-30' }], contracts, '2026-06-30')).toBeNull();
  });

  it('does not match an expired card, a visit outside the contract, or an inactive insurer', () => {
    expect(matchInsurer([{ insuranceType: 'Bupa', expiryDate: '2026-06-29' }], contracts, '2026-06-30')).toBeNull();
    expect(matchInsurer([{ insuranceType: 'Bupa', expiryDate: '2027-06-30' }], contracts, '2027-01-02')).toBeNull();
    expect(matchInsurer([{ insuranceType: 'Tawuniya', expiryDate: '2027-06-30' }], contracts, '2026-06-30')).toBeNull();
    expect(matchInsurer([{ insuranceType: 'Medgulf', expiryDate: '2027-06-30' }], contracts, '2026-06-30')).toBeNull();
  });

  it('covers service lines whose service is in the contract, by name or id', () => {
    const insurer = matchInsurer([{ insuranceType: 'Bupa', expiryDate: '2026-12-31' }], contracts, '2026-06-30');
    expect(lineCovered({ kind: 'service', service: 'id-1' }, 'General Consultation', insurer)).toBe(true);
    expect(lineCovered({ kind: 'service', service: 'id-2' }, 'Dental cleaning', insurer)).toBe(false);
    expect(lineCovered({ kind: 'item', service: null }, null, insurer)).toBe(false);
    expect(lineCovered({ kind: 'service', service: 'id-1' }, 'General consultation', null)).toBe(false);
  });
});

describe('after issue', () => {
  it('derives the status from the running figures', () => {
    expect(issuedStatus({ patientShare: 1000, creditedTotal: 0, paidTotal: 0 })).toBe('issued');
    expect(issuedStatus({ patientShare: 1000, creditedTotal: 0, paidTotal: 400 })).toBe('partially_paid');
    expect(issuedStatus({ patientShare: 1000, creditedTotal: 0, paidTotal: 1000 })).toBe('paid');
    expect(issuedStatus({ patientShare: 1000, creditedTotal: 300, paidTotal: 700 })).toBe('paid');
    expect(issuedStatus({ patientShare: 1000, creditedTotal: 1000, paidTotal: 0 })).toBe('credited');
    // Fully insured: nothing for the patient to pay.
    expect(issuedStatus({ patientShare: 0, creditedTotal: 0, paidTotal: 0 })).toBe('paid');
  });

  it('takes the credit note\'s tax in the invoice\'s proportion, and the fee as a percentage', () => {
    expect(creditNoteTax(11_500, 1500, 11_500)).toBe(1500);
    expect(creditNoteTax(1000, 1500, 11_500)).toBe(130); // 130.43 -> 130
    expect(creditNoteTax(1000, 0, 0)).toBe(0);
    expect(processingFee(10_000, 2.5)).toBe(250);
    expect(processingFee(333, 1.75)).toBe(6); // 5.8275 -> 6
    expect(processingFee(10_000, 0)).toBe(0);
    expect(processingFee(100, 150)).toBe(100); // never more than the payment
    expect(processingFee(100, 1e9)).toBe(100);
  });

  it('numbers invoices and credit notes with the clinic\'s public id', () => {
    expect(invoiceDisplayNumber('CLN-000003', 17)).toBe('CLN-000003-000017');
    expect(creditNoteDisplayNumber('CLN-000003', 2)).toBe('CLN-000003-CN-000002');
  });
});
