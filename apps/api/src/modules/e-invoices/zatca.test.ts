import { createHash, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { amountText, buildUbl, type EInvoiceDocument } from './ubl.js';
import { FIRST_PIH, hashedContent, invoiceHash, signatureExtension, signHash, stampKey, verifyHashSignature } from './zatca-crypto.js';
import { decodeQr, encodeQr, QR_MAX_CHARACTERS, QrTooLongError } from './zatca-qr.js';
import { testStamp } from './test-stamp.js';

const ARABIC_SELLER = 'مجمع الشفاء الطبي';

const doc = (over: Partial<EInvoiceDocument> = {}): EInvoiceDocument => ({
  kind: 'invoice', simplified: true, number: 'CLN-000001-INV-000001', uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be', icv: 1, pih: FIRST_PIH,
  issueDate: '2026-11-29', issueTime: '09:15:30', currency: 'SAR', minorDigits: 2, vatRateBasisPoints: 1500,
  seller: { name: ARABIC_SELLER, vatNumber: '300234567800003', crn: '1010234567', street: 'طريق الملك فهد', buildingNumber: '1234', district: 'العليا', city: 'الرياض', postalCode: '12211' },
  buyer: { name: 'ليلى حداد' },
  lines: [{ name: 'كشف عام', quantity: 1, unitPrice: 20000, discount: 0, net: 20000, tax: 3000 }],
  taxExclusive: 20000, tax: 3000, taxInclusive: 23000, ...over,
});

describe('ZATCA QR code (TLV, base64)', () => {
  it('counts lengths in UTF-8 bytes, so an Arabic seller name decodes back whole', () => {
    const qr = encodeQr({ sellerName: ARABIC_SELLER, vatNumber: '300234567800003', timestamp: '2026-11-29T09:15:30', total: '230.00', vatTotal: '30.00' });
    const bytes = Buffer.from(qr, 'base64');
    // Tag 1, then its length: the name's bytes, not its characters (Arabic letters take two bytes each).
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(Buffer.byteLength(ARABIC_SELLER, 'utf8'));
    expect(bytes[1]).toBeGreaterThan(ARABIC_SELLER.length);
    expect(decodeQr(qr)).toEqual({ sellerName: ARABIC_SELLER, vatNumber: '300234567800003', timestamp: '2026-11-29T09:15:30', total: '230.00', vatTotal: '30.00' });
  });

  it('refuses a field over 255 bytes and a code over 700 characters instead of printing a wrong one', () => {
    const fields = { vatNumber: '300234567800003', timestamp: '2026-11-29T09:15:30', total: '230.00', vatTotal: '30.00' };
    // 128 Arabic letters: 128 characters but 256 bytes.
    expect(() => encodeQr({ ...fields, sellerName: 'م'.repeat(128) })).toThrow(QrTooLongError);
    expect(() => encodeQr({ ...fields, sellerName: 'م'.repeat(127) })).not.toThrow();
    const big = new Uint8Array(250);
    expect(() => encodeQr({ ...fields, sellerName: 'م'.repeat(120), invoiceHash: 'h'.repeat(44), signature: 's'.repeat(96), publicKey: big })).toThrow(/700/);
    expect(QR_MAX_CHARACTERS).toBe(700);
  });

  it('writes amounts with two decimals from minor units', () => {
    expect(amountText(23000, 2)).toBe('230.00');
    expect(amountText(5, 2)).toBe('0.05');
    expect(amountText(1234, 3)).toBe('1.234');
  });
});

describe('the UBL document, its hash and its signature', () => {
  it('carries the chain fields and hashes without its QR code and signature', () => {
    const plain = buildUbl(doc());
    expect(plain).toContain('<cbc:InvoiceTypeCode name="0200000">388</cbc:InvoiceTypeCode>');
    expect(plain).toContain('<cbc:UUID>1</cbc:UUID>');
    expect(plain).toContain(FIRST_PIH);
    expect(plain).toContain('<cbc:TaxInclusiveAmount currencyID="SAR">230.00</cbc:TaxInclusiveAmount>');
    expect(FIRST_PIH).toBe(createHash('sha256').update('0').digest('base64'));
    const hash = invoiceHash(plain);
    // Adding the QR reference does not change the hash; changing a figure does.
    expect(invoiceHash(buildUbl(doc(), { qr: 'AQQ=' }))).toBe(hash);
    expect(invoiceHash(buildUbl(doc({ taxInclusive: 23001 })))).not.toBe(hash);
    expect(hashedContent(buildUbl(doc(), { qr: 'AQQ=' }))).not.toContain('AQQ=');
  });

  it('writes a credit note as type 381 referring to its invoice, with the reason', () => {
    const xml = buildUbl(doc({ kind: 'credit_note', billingReference: 'CLN-000001-INV-000001', reason: 'Overcharged' }));
    expect(xml).toContain('>381</cbc:InvoiceTypeCode>');
    expect(xml).toContain('<cac:InvoiceDocumentReference>');
    expect(xml).toContain('<cbc:InstructionNote>Overcharged</cbc:InstructionNote>');
  });

  it('signs the hash with a secp256k1 stamp, and the XAdES block leaves the hash unchanged', () => {
    const stamp = testStamp();
    const key = stampKey(stamp.privateKeyPem, stamp.certificatePem);
    expect(key.certificateSignature?.length).toBeGreaterThan(60);
    const hash = invoiceHash(buildUbl(doc()));
    const signature = signHash(hash, key.privateKey);
    expect(verifyHashSignature(hash, signature, key.publicKeyDer)).toBe(true);
    expect(verifyHashSignature(invoiceHash(buildUbl(doc({ tax: 1 }))), signature, key.publicKeyDer)).toBe(false);
    const signed = buildUbl(doc(), { qr: 'AQQ=', signatureExtension: signatureExtension(hash, signature, key, '2026-11-29T09:15:30') });
    expect(signed).toContain(`<ds:SignatureValue>${signature}</ds:SignatureValue>`);
    expect(signed).toContain(`<ds:DigestValue>${hash}</ds:DigestValue>`);
    expect(signed).toContain('<ds:X509Certificate>');
    expect(invoiceHash(signed)).toBe(hash);
  });

  it('refuses a stamp key on another curve', () => {
    const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => stampKey(p256, null)).toThrow(/secp256k1/);
  });
});
