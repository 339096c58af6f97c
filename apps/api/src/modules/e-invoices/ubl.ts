import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';

/*
 * The UBL 2.1 XML of an issued document as ZATCA's data dictionary describes it: a tax invoice (type 388) or a credit
 * note (381, which ZATCA writes as an Invoice element referring to the invoice it corrects), simplified (to a patient,
 * "0200000") or standard ("0100000"). The chain fields travel inside it: ICV (the unit's counter) and PIH (the hash of
 * the unit's previous document). The QR code and the signature are added after hashing, and the hash leaves them out.
 */

export const UBL_NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
} as const;

export type EInvoiceParty = {
  name: string;
  vatNumber?: string | null;
  /** Commercial registration number. */
  crn?: string | null;
  street?: string | null;
  buildingNumber?: string | null;
  district?: string | null;
  city?: string | null;
  postalCode?: string | null;
  /** ISO 3166-1 alpha-2. */
  country?: string | null;
};

export interface EInvoiceLine {
  name: string;
  quantity: number;
  /** Minor units. */
  unitPrice: number;
  discount: number;
  /** Taxable amount (after discount) and its VAT, minor units. */
  net: number;
  tax: number;
}

export interface EInvoiceDocument {
  kind: 'invoice' | 'credit_note';
  simplified: boolean;
  /** The document's own number as printed. */
  number: string;
  uuid: string;
  icv: number;
  /** Base64 hash of the unit's previous document (the first one's is the hash of "0"). */
  pih: string;
  /** Clinic-local issue date and time: YYYY-MM-DD and HH:mm:ss. */
  issueDate: string;
  issueTime: string;
  currency: string;
  minorDigits: number;
  vatRateBasisPoints: number;
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  lines: EInvoiceLine[];
  /** Minor units: sum of nets, VAT, total with VAT. */
  taxExclusive: number;
  tax: number;
  taxInclusive: number;
  /** A credit note: the invoice it corrects and why. */
  billingReference?: string;
  reason?: string;
}

/** A minor-unit amount as ZATCA writes it: two decimals (or the currency's digits, if more). */
export function amountText(minor: number, minorDigits: number): string {
  const digits = Math.max(2, minorDigits);
  const value = minor / 10 ** minorDigits;
  return value.toFixed(digits);
}

const percentText = (basisPoints: number) => (basisPoints / 100).toFixed(2);

/** Standard-rated when the company charges VAT; otherwise outside its scope (with ZATCA's reason code). */
function taxCategory(basisPoints: number): { id: string; exemption?: { code: string; reason: string } } {
  return basisPoints > 0 ? { id: 'S' } : { id: 'O', exemption: { code: 'VATEX-SA-OOS', reason: 'Not subject to VAT' } };
}

/**
 * Typed text as XML character data: characters XML 1.0 forbids dropped, and every "&" escaped here, since the
 * builder leaves an "&" that looks like an entity ("&x;", "&#60;") as it is, which no parser reads back as typed.
 */
export function xmlText(s: string): string {
  return s.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '').replace(/&/g, '&amp;');
}

function party(parent: XMLBuilder, p: EInvoiceParty): void {
  const el = parent.ele('cac:Party');
  if (p.crn) el.ele('cac:PartyIdentification').ele('cbc:ID', { schemeID: 'CRN' }).txt(xmlText(p.crn));
  const address = el.ele('cac:PostalAddress');
  if (p.street) address.ele('cbc:StreetName').txt(xmlText(p.street));
  if (p.buildingNumber) address.ele('cbc:BuildingNumber').txt(xmlText(p.buildingNumber));
  if (p.district) address.ele('cbc:CitySubdivisionName').txt(xmlText(p.district));
  if (p.city) address.ele('cbc:CityName').txt(xmlText(p.city));
  if (p.postalCode) address.ele('cbc:PostalZone').txt(xmlText(p.postalCode));
  address.ele('cac:Country').ele('cbc:IdentificationCode').txt(xmlText(p.country || 'SA'));
  const scheme = el.ele('cac:PartyTaxScheme');
  if (p.vatNumber) scheme.ele('cbc:CompanyID').txt(xmlText(p.vatNumber));
  scheme.ele('cac:TaxScheme').ele('cbc:ID').txt('VAT');
  el.ele('cac:PartyLegalEntity').ele('cbc:RegistrationName').txt(xmlText(p.name));
}

function taxCategoryElement(parent: XMLBuilder, name: 'cac:TaxCategory' | 'cac:ClassifiedTaxCategory', basisPoints: number, withSchemes: boolean): void {
  const category = taxCategory(basisPoints);
  const el = parent.ele(name);
  el.ele('cbc:ID', withSchemes ? { schemeID: 'UN/ECE 5305', schemeAgencyID: '6' } : {}).txt(category.id);
  el.ele('cbc:Percent').txt(percentText(basisPoints));
  if (category.exemption && name === 'cac:TaxCategory') {
    el.ele('cbc:TaxExemptionReasonCode').txt(category.exemption.code);
    el.ele('cbc:TaxExemptionReason').txt(category.exemption.reason);
  }
  el.ele('cac:TaxScheme').ele('cbc:ID', withSchemes ? { schemeID: 'UN/ECE 5153', schemeAgencyID: '6' } : {}).txt('VAT');
}

const reference = (parent: XMLBuilder, id: string, binary: string) =>
  parent.ele('cac:AdditionalDocumentReference').ele('cbc:ID').txt(id).up()
    .ele('cac:Attachment').ele('cbc:EmbeddedDocumentBinaryObject', { mimeCode: 'text/plain' }).txt(binary);

function lineItem(el: XMLBuilder, line: EInvoiceLine, basisPoints: number): void {
  const item = el.ele('cac:Item');
  item.ele('cbc:Name').txt(xmlText(line.name));
  taxCategoryElement(item, 'cac:ClassifiedTaxCategory', basisPoints, false);
}

/**
 * A line as documents issued before the line allowance were written (the price after discount spread over the
 * quantity, and the discount repeated under the price): kept only so the chain check rebuilds those documents as they
 * were hashed. New documents never use it.
 */
function legacyLine(el: XMLBuilder, line: EInvoiceLine, basisPoints: number, money: (minor: number) => string, cur: { currencyID: string }): void {
  el.ele('cac:TaxTotal').ele('cbc:TaxAmount', cur).txt(money(line.tax)).up().ele('cbc:RoundingAmount', cur).txt(money(line.net + line.tax));
  lineItem(el, line, basisPoints);
  const price = el.ele('cac:Price');
  price.ele('cbc:PriceAmount', cur).txt(money(line.quantity ? line.net / line.quantity : line.net));
  price.ele('cac:AllowanceCharge').ele('cbc:ChargeIndicator').txt('false').up()
    .ele('cbc:AllowanceChargeReason').txt('discount').up()
    .ele('cbc:Amount', cur).txt(money(line.discount));
}

/**
 * The document's XML without its QR code and signature (what is hashed), or with them: `qr` adds the QR reference
 * after PIH and `signatureExtension` the UBLExtensions block (built by the signer); `legacyLines` writes the lines as
 * documents issued before the line allowance were (for the chain check only).
 */
export function buildUbl(doc: EInvoiceDocument, extras: { qr?: string; signatureExtension?: (root: XMLBuilder) => void; legacyLines?: boolean } = {}): string {
  const money = (minor: number) => amountText(minor, doc.minorDigits);
  const cur = { currencyID: doc.currency };
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(UBL_NS.invoice, 'Invoice')
    .att('xmlns:cac', UBL_NS.cac).att('xmlns:cbc', UBL_NS.cbc).att('xmlns:ext', UBL_NS.ext);
  extras.signatureExtension?.(root);
  root.ele('cbc:ProfileID').txt('reporting:1.0');
  root.ele('cbc:ID').txt(xmlText(doc.number));
  root.ele('cbc:UUID').txt(doc.uuid);
  root.ele('cbc:IssueDate').txt(doc.issueDate);
  root.ele('cbc:IssueTime').txt(doc.issueTime);
  root.ele('cbc:InvoiceTypeCode', { name: doc.simplified ? '0200000' : '0100000' }).txt(doc.kind === 'invoice' ? '388' : '381');
  root.ele('cbc:DocumentCurrencyCode').txt(doc.currency);
  root.ele('cbc:TaxCurrencyCode').txt(doc.currency);
  if (doc.kind === 'credit_note' && doc.billingReference) {
    root.ele('cac:BillingReference').ele('cac:InvoiceDocumentReference').ele('cbc:ID').txt(xmlText(doc.billingReference));
  }
  root.ele('cac:AdditionalDocumentReference').ele('cbc:ID').txt('ICV').up().ele('cbc:UUID').txt(String(doc.icv));
  reference(root, 'PIH', doc.pih);
  if (extras.qr) reference(root, 'QR', extras.qr);
  if (extras.signatureExtension) {
    root.ele('cac:Signature').ele('cbc:ID').txt('urn:oasis:names:specification:ubl:signature:Invoice').up()
      .ele('cbc:SignatureMethod').txt('urn:oasis:names:specification:ubl:dsig:enveloped:xades');
  }
  party(root.ele('cac:AccountingSupplierParty'), doc.seller);
  party(root.ele('cac:AccountingCustomerParty'), doc.buyer);
  if (doc.kind === 'credit_note') {
    root.ele('cac:PaymentMeans').ele('cbc:PaymentMeansCode').txt('10').up().ele('cbc:InstructionNote').txt(xmlText(doc.reason || 'Correction'));
  }
  root.ele('cac:TaxTotal').ele('cbc:TaxAmount', cur).txt(money(doc.tax));
  const taxTotal = root.ele('cac:TaxTotal');
  taxTotal.ele('cbc:TaxAmount', cur).txt(money(doc.tax));
  const sub = taxTotal.ele('cac:TaxSubtotal');
  sub.ele('cbc:TaxableAmount', cur).txt(money(doc.taxExclusive));
  sub.ele('cbc:TaxAmount', cur).txt(money(doc.tax));
  taxCategoryElement(sub, 'cac:TaxCategory', doc.vatRateBasisPoints, true);
  const totals = root.ele('cac:LegalMonetaryTotal');
  totals.ele('cbc:LineExtensionAmount', cur).txt(money(doc.taxExclusive));
  totals.ele('cbc:TaxExclusiveAmount', cur).txt(money(doc.taxExclusive));
  totals.ele('cbc:TaxInclusiveAmount', cur).txt(money(doc.taxInclusive));
  totals.ele('cbc:AllowanceTotalAmount', cur).txt(money(0));
  totals.ele('cbc:PrepaidAmount', cur).txt(money(0));
  totals.ele('cbc:PayableAmount', cur).txt(money(doc.taxInclusive));
  doc.lines.forEach((line, i) => {
    const el = root.ele('cac:InvoiceLine');
    el.ele('cbc:ID').txt(String(i + 1));
    el.ele('cbc:InvoicedQuantity', { unitCode: 'PCE' }).txt(line.quantity.toFixed(6));
    el.ele('cbc:LineExtensionAmount', cur).txt(money(line.net));
    if (extras.legacyLines) {
      legacyLine(el, line, doc.vatRateBasisPoints, money, cur);
      return;
    }
    // The line's discount is a line allowance, where UBL puts it (after the amounts, before TaxTotal), so that the
    // line amount is exactly quantity x price - allowance (BR-KSA-EN16931-11, BR-24).
    if (line.discount) {
      el.ele('cac:AllowanceCharge').ele('cbc:ChargeIndicator').txt('false').up()
        .ele('cbc:AllowanceChargeReason').txt('discount').up()
        .ele('cbc:Amount', cur).txt(money(line.discount));
    }
    el.ele('cac:TaxTotal').ele('cbc:TaxAmount', cur).txt(money(line.tax)).up().ele('cbc:RoundingAmount', cur).txt(money(line.net + line.tax));
    lineItem(el, line, doc.vatRateBasisPoints);
    // The unit price as charged, before the line's discount: exact, from minor units.
    el.ele('cac:Price').ele('cbc:PriceAmount', cur).txt(money(line.unitPrice));
  });
  // Compact: with no whitespace between elements, leaving the QR code and the signature out of the hash leaves
  // nothing behind that would change it.
  return root.end({ prettyPrint: false });
}
