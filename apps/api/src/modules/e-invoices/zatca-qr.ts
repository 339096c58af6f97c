/*
 * The QR code ZATCA asks on every Saudi tax invoice, receipt and note: base64 of TLV fields (one byte of tag, one byte
 * of length, then the value's UTF-8 bytes). Phase 1: seller name, VAT number, time stamp, total with VAT, VAT total.
 * Phase 2 adds the invoice hash, the ECDSA signature, the public key and, for simplified invoices, the signature of
 * the stamp's certificate by ZATCA's certificate authority. Lengths are counted in bytes: an Arabic name takes about
 * twice as many bytes as characters, and a field over 255 bytes, or a code over ZATCA's 700 characters, is refused
 * rather than printed wrong.
 */

/** ZATCA's limit on the base64 text in the QR code. */
export const QR_MAX_CHARACTERS = 700;
/** One byte of length. */
export const TLV_VALUE_MAX_BYTES = 255;

export const QR_TAGS = {
  sellerName: 1,
  vatNumber: 2,
  timestamp: 3,
  total: 4,
  vatTotal: 5,
  invoiceHash: 6,
  signature: 7,
  publicKey: 8,
  certificateSignature: 9,
} as const;
export type QrField = keyof typeof QR_TAGS;

export interface QrFields {
  sellerName: string;
  vatNumber: string;
  /** Issue date and time, ISO 8601 (the document's IssueDate 'T' IssueTime). */
  timestamp: string;
  /** Decimal texts as printed, e.g. "1150.00". */
  total: string;
  vatTotal: string;
  /** Phase 2: base64 SHA-256 of the canonical XML. */
  invoiceHash?: string;
  /** Phase 2: base64 ECDSA signature of the hash. */
  signature?: string;
  /** Phase 2: the public key, DER (SubjectPublicKeyInfo) bytes. */
  publicKey?: Uint8Array;
  /** Phase 2, simplified documents: the signature bytes of the stamp's certificate. */
  certificateSignature?: Uint8Array;
}

export class QrTooLongError extends Error {
  constructor(readonly field: QrField | 'code', readonly length: number) {
    super(field === 'code' ? `the QR code would be ${length} characters (at most ${QR_MAX_CHARACTERS})` : `${field} is ${length} bytes (at most ${TLV_VALUE_MAX_BYTES})`);
  }
}

const utf8 = new TextEncoder();

/** The base64 QR text of these fields, in tag order; throws QrTooLongError over a limit. */
export function encodeQr(fields: QrFields): string {
  const parts: Buffer[] = [];
  for (const [name, tag] of Object.entries(QR_TAGS) as Array<[QrField, number]>) {
    const value = fields[name];
    if (value === undefined) continue;
    const bytes = typeof value === 'string' ? utf8.encode(value) : value;
    if (bytes.length > TLV_VALUE_MAX_BYTES) throw new QrTooLongError(name, bytes.length);
    parts.push(Buffer.from([tag, bytes.length]), Buffer.from(bytes));
  }
  const text = Buffer.concat(parts).toString('base64');
  if (text.length > QR_MAX_CHARACTERS) throw new QrTooLongError('code', text.length);
  return text;
}

/** The fields of a QR text (as a scanner reads it): texts for tags 1-7, bytes for 8 and 9. Throws on a malformed code. */
export function decodeQr(text: string): Partial<QrFields> {
  const bytes = Buffer.from(text, 'base64');
  const out: Partial<Record<QrField, string | Uint8Array>> = {};
  const byTag = new Map<number, QrField>(Object.entries(QR_TAGS).map(([k, v]) => [v, k as QrField]));
  let i = 0;
  while (i < bytes.length) {
    if (i + 2 > bytes.length) throw new Error('truncated TLV header');
    const tag = bytes[i]!;
    const length = bytes[i + 1]!;
    const value = bytes.subarray(i + 2, i + 2 + length);
    if (value.length !== length) throw new Error(`truncated TLV value of tag ${tag}`);
    const name = byTag.get(tag);
    if (!name) throw new Error(`unknown TLV tag ${tag}`);
    out[name] = tag >= 8 ? new Uint8Array(value) : value.toString('utf8');
    i += 2 + length;
  }
  return out as Partial<QrFields>;
}
