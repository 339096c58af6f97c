import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { buildUbl, type EInvoiceDocument, type EInvoiceLine } from './ubl.js';
import { FIRST_PIH } from './zatca-crypto.js';
import { lineArithmeticError } from './zatca-fake.js';

/*
 * Each line of the UBL must add up as the authority checks it (BR-KSA-EN16931-11): line amount = quantity x price -
 * the line's allowances, exactly, including when the discount does not divide evenly over the quantity.
 */

const line = (name: string, quantity: number, unitPrice: number, discount: number): EInvoiceLine => {
  const net = quantity * unitPrice - discount;
  return { name, quantity, unitPrice, discount, net, tax: Math.round(net * 0.15) };
};

const LINES = [
  line('Physiotherapy session', 3, 1000, 1),
  line('Dressing', 7, 333, 5),
  line('General consultation', 1, 20000, 0),
  line('Bandage', 2, 4550, 100),
];

const doc = (lines: EInvoiceLine[] = LINES): EInvoiceDocument => {
  const taxExclusive = lines.reduce((s, l) => s + l.net, 0);
  const tax = lines.reduce((s, l) => s + l.tax, 0);
  return {
    kind: 'invoice', simplified: true, number: 'CLN-000001-INV-000001', uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be', icv: 1, pih: FIRST_PIH,
    issueDate: '2026-11-29', issueTime: '09:15:30', currency: 'SAR', minorDigits: 2, vatRateBasisPoints: 1500,
    seller: { name: 'North Clinic', vatNumber: '300234567800003' }, buyer: { name: 'Layla Haddad' },
    lines, taxExclusive, tax, taxInclusive: taxExclusive + tax,
  };
};

/** "29.99" as 2999: a two-decimal amount in minor units, read as text (no floating point). */
function minor(text: string | null): number {
  const m = /^(\d+)\.(\d{2})$/.exec(text ?? '');
  if (!m) throw new Error(`not a two-decimal amount: ${text}`);
  return Number(m[1]) * 100 + Number(m[2]);
}

/** "3.000000" as 3: the quantities here are whole. */
function whole(text: string | null): number {
  const m = /^(\d+)\.0+$/.exec(text ?? '');
  if (!m) throw new Error(`not a whole quantity: ${text}`);
  return Number(m[1]);
}

const elements = (el: Element) => Array.from(el.childNodes).filter((n): n is Element => n.nodeType === 1);
const child = (el: Element, name: string) => elements(el).filter((c) => c.tagName === name);
const text = (el: Element, name: string) => child(el, name)[0]?.textContent ?? null;

function invoiceLines(xml: string): Element[] {
  const errors: string[] = [];
  const dom = new DOMParser({ errorHandler: { error: (m: string) => errors.push(m), fatalError: (m: string) => errors.push(m) } }).parseFromString(xml, 'text/xml');
  expect(errors).toEqual([]);
  return Array.from(dom.getElementsByTagName('cac:InvoiceLine'));
}

describe('UBL invoice lines', () => {
  it('quantity x price - line allowance = line amount, exactly, for every line, and the lines add up to the total', () => {
    const xml = buildUbl(doc());
    const lines = invoiceLines(xml);
    expect(lines).toHaveLength(LINES.length);
    let sum = 0;
    lines.forEach((el, i) => {
      const quantity = whole(text(el, 'cbc:InvoicedQuantity'));
      const amount = minor(text(el, 'cbc:LineExtensionAmount'));
      const [price] = child(el, 'cac:Price');
      const unit = minor(text(price!, 'cbc:PriceAmount'));
      const allowances = child(el, 'cac:AllowanceCharge').reduce((total, ac) => {
        expect(text(ac, 'cbc:ChargeIndicator')).toBe('false');
        expect(text(ac, 'cbc:AllowanceChargeReason')).toBeTruthy();
        return total + minor(text(ac, 'cbc:Amount'));
      }, 0);
      expect(quantity * unit - allowances, `line ${i + 1}`).toBe(amount);
      expect(amount).toBe(LINES[i]!.net);
      // The price is the unit price as charged; the discount is the line's allowance, not repeated under the price.
      expect(unit).toBe(LINES[i]!.unitPrice);
      expect(allowances).toBe(LINES[i]!.discount);
      expect(child(price!, 'cac:AllowanceCharge')).toHaveLength(0);
      sum += amount;
    });
    expect(sum).toBe(doc().taxExclusive);
    expect(xml).toContain(`<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="SAR">${(sum / 100).toFixed(2)}</cbc:LineExtensionAmount>`);
    // The authority's line rules (as the local fake applies them) pass.
    expect(lineArithmeticError(xml)).toBeNull();
  });

  it('writes the line\'s elements in UBL 2.1 order, the allowance after the amounts and before TaxTotal', () => {
    const [discounted, plain] = invoiceLines(buildUbl(doc([LINES[0]!, LINES[2]!])));
    expect(elements(discounted!).map((e) => e.tagName)).toEqual([
      'cbc:ID', 'cbc:InvoicedQuantity', 'cbc:LineExtensionAmount', 'cac:AllowanceCharge', 'cac:TaxTotal', 'cac:Item', 'cac:Price',
    ]);
    expect(elements(child(discounted!, 'cac:AllowanceCharge')[0]!).map((e) => e.tagName)).toEqual(['cbc:ChargeIndicator', 'cbc:AllowanceChargeReason', 'cbc:Amount']);
    expect(elements(child(discounted!, 'cac:Price')[0]!).map((e) => e.tagName)).toEqual(['cbc:PriceAmount']);
    // A line without a discount has no allowance.
    expect(elements(plain!).map((e) => e.tagName)).toEqual(['cbc:ID', 'cbc:InvoicedQuantity', 'cbc:LineExtensionAmount', 'cac:TaxTotal', 'cac:Item', 'cac:Price']);
  });

  it('the earlier layout (kept only to check old documents) is what the authority refuses', () => {
    expect(lineArithmeticError(buildUbl(doc(), { legacyLines: true }))).toMatchObject({ code: 'BR-KSA-EN16931-11' });
  });
});
