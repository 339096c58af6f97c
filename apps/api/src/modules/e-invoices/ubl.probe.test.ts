import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { buildUbl, type EInvoiceDocument } from './ubl.js';
import { FIRST_PIH, invoiceHash } from './zatca-crypto.js';

/* Names the company and its patients type reach the UBL sent to the tax authority: they stay text, never markup. */

const doc = (over: Partial<EInvoiceDocument> = {}): EInvoiceDocument => ({
  kind: 'invoice', simplified: true, number: 'CLN-000001-INV-000001', uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be', icv: 1, pih: FIRST_PIH,
  issueDate: '2026-11-29', issueTime: '09:15:30', currency: 'SAR', minorDigits: 2, vatRateBasisPoints: 1500,
  seller: { name: 'North Clinic', vatNumber: '300234567800003', crn: '1010234567', street: 'King Fahd Road', buildingNumber: '1234', district: 'Olaya', city: 'Riyadh', postalCode: '12211' },
  buyer: { name: 'Layla Haddad' },
  lines: [{ name: 'General consultation', quantity: 1, unitPrice: 20000, discount: 0, net: 20000, tax: 3000 }],
  taxExclusive: 20000, tax: 3000, taxInclusive: 23000, ...over,
});

/** What a strict parser refuses and xmldom lets through: an undeclared entity, a character XML 1.0 forbids. */
const strictProblems = (xml: string) => [
  ...Array.from(xml.matchAll(/&(?!amp;|lt;|gt;|quot;|apos;)[^;\s<]*;?/g), (m) => `reference ${m[0]}`),
  ...(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.test(xml) ? ['character XML forbids'] : []),
];

function parsed(xml: string) {
  const errors: string[] = [];
  const dom = new DOMParser({ errorHandler: { error: (msg: string) => errors.push(msg), fatalError: (msg: string) => errors.push(msg) } }).parseFromString(xml, 'text/xml');
  return { dom, errors };
}
const texts = (dom: ReturnType<DOMParser['parseFromString']>, tag: string) => Array.from(dom.getElementsByTagName(tag)).map((e) => e.textContent);

describe('names with markup in the UBL', () => {
  it('a seller, patient and service named with < & ]]> and a closing tag read back as the same text', () => {
    const seller = 'Clinic <b> & Co ]]> </cbc:RegistrationName><cbc:X>';
    const buyer = '"><!ENTITY x SYSTEM "file:///etc/passwd">&x;';
    const line = '<![CDATA[ injected ]]> &amp;';
    const xml = buildUbl(doc({ seller: { ...doc().seller, name: seller, street: '<street>' }, buyer: { name: buyer }, lines: [{ ...doc().lines[0]!, name: line }] }));
    const { dom, errors } = parsed(xml);
    expect(errors).toEqual([]);
    expect(texts(dom, 'cbc:RegistrationName')).toEqual([seller, buyer]);
    expect(texts(dom, 'cbc:Name')).toContain(line);
    expect(dom.getElementsByTagName('cbc:X').length).toBe(0);
    expect(xml).not.toContain('<!ENTITY');
    expect(strictProblems(xml)).toEqual([]);
  });

  it('an entity-shaped name (&x;, &#60;, &amp;) is sent as typed, not as an undeclared entity or another character', () => {
    const names = ['R&D; Clinic', 'Tom &#60; Jones', 'AT&amp;T'];
    const xml = buildUbl(doc({ buyer: { name: names[0]! }, seller: { ...doc().seller, name: names[1]! }, lines: [{ ...doc().lines[0]!, name: names[2]! }] }));
    expect(strictProblems(xml)).toEqual([]);
    const { dom } = parsed(xml);
    expect(texts(dom, 'cbc:RegistrationName')).toEqual([names[1], names[0]]);
    expect(texts(dom, 'cbc:Name')).toContain(names[2]);
  });

  it('a name with control characters still makes well-formed XML with a stable hash', () => {
    const xml = buildUbl(doc({ buyer: { name: 'Layla\u0001\u0008\u000B\u001F Haddad\uFFFE\uD800' } }));
    expect(strictProblems(xml)).toEqual([]);
    expect(texts(parsed(xml).dom, 'cbc:RegistrationName')).toContain('Layla Haddad');
    expect(invoiceHash(xml)).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });
});
