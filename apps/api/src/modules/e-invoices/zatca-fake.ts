import { createSign, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AsnConvert } from '@peculiar/asn1-schema';
import { DOMParser } from '@xmldom/xmldom';
import {
  AlgorithmIdentifier, AttributeTypeAndValue, AttributeValue, Certificate, Name, RelativeDistinguishedName, SubjectPublicKeyInfo, TBSCertificate, Validity, Version,
} from '@peculiar/asn1-x509';
import { OID, readCsr } from './zatca-csr.js';
import { invoiceHash, verifyHashSignature } from './zatca-crypto.js';

/*
 * A local stand-in for ZATCA's e-invoicing API, for tests (a real HTTP server on a random port, never the network):
 * it checks the one-time password, issues certificates for the CSR's own key (signed by a throwaway authority key, so
 * the documents' signatures verify with the certificate), checks each document's hash against its XML and its
 * signature when present, checks each line's arithmetic as the authority's business rules do, and can be told to refuse
 * or to fail with 503 for the next calls. Like the authority's duplicate check it remembers each document it accepted
 * (by its hash; ZATCA keeps them 24 hours, the fake for its life): the same document sent again is answered 409
 * "already reported" (reporting) or 208 with the cleared invoice (clearance). It can also be told to accept a document
 * and lose the answer (the connection closes), as a time-out after the authority received it would.
 */

export interface FakeSeen { path: string; invoiceHash: string; uuid: string; xml: string; hashValid: boolean; signatureValid: boolean | null; clearanceStatus: string | undefined }

export interface FakeZatca {
  url: string;
  otp: string;
  seen: FakeSeen[];
  /** Every call's path, in order. */
  calls: string[];
  /** The next `n` calls answer `status` (503: the authority is down), with `body` (by default a "Service unavailable" message). */
  failNext(n: number, status?: number, body?: Record<string, unknown>): void;
  /** The next `n` reports or clearances are accepted (and remembered), but the connection closes before the answer. */
  loseAnswerNext(n: number): void;
  /** Whether a clearance sent again answers 208 without the cleared invoice, as some versions of the API do. */
  repeatsWithoutClearedInvoice(on: boolean): void;
  /** The next report or clearance is refused (400, NOT_REPORTED / NOT_CLEARED) with this error. */
  refuseNext(code: string, message: string): void;
  /** The next compliance check fails with this error. */
  failComplianceNext(code: string, message: string): void;
  close(): Promise<void>;
}

const authority = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });

function certificateFor(spki: Buffer, cn: string): string {
  const name = (v: string) => new Name([new RelativeDistinguishedName([new AttributeTypeAndValue({ type: OID.commonName, value: new AttributeValue({ utf8String: v }) })])]);
  const now = Date.now();
  const tbs = new TBSCertificate({
    version: Version.v3, serialNumber: new Uint8Array([0x01, ...randomBytes(8)]).buffer, signature: new AlgorithmIdentifier({ algorithm: OID.ecdsaSha256 }),
    issuer: name('Fake ZATCA CA'), validity: new Validity({ notBefore: new Date(now - 86_400_000), notAfter: new Date(now + 365 * 86_400_000) }),
    subject: name(cn), subjectPublicKeyInfo: AsnConvert.parse(spki, SubjectPublicKeyInfo),
  });
  const signature = createSign('sha256').update(Buffer.from(AsnConvert.serialize(tbs))).sign(authority.privateKey);
  const cert = new Certificate({ tbsCertificate: tbs, signatureAlgorithm: new AlgorithmIdentifier({ algorithm: OID.ecdsaSha256 }), signatureValue: new Uint8Array(signature).buffer });
  return Buffer.from(AsnConvert.serialize(cert)).toString('base64');
}

const tokenOf = (certBase64: string) => Buffer.from(certBase64).toString('base64');

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const tag = (xml: string, name: string) => new RegExp(`<${name}[^>]*>([^<]*)</${name}>`).exec(xml)?.[1] ?? null;

/** A decimal as written in the XML, as an integer of millionths (exact: no floating point); an unreadable one throws. */
function micros(text: string | null | undefined): bigint {
  const m = /^\s*(-?)(\d+)(?:\.(\d{0,6}))?\s*$/.exec(text ?? '');
  if (!m) throw new Error(`not a decimal: ${text}`);
  return (m[1] ? -1n : 1n) * (BigInt(m[2]!) * 1_000_000n + BigInt((m[3] ?? '').padEnd(6, '0')));
}

const children = (el: Element, name: string) => Array.from(el.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).tagName === name);
const childText = (el: Element | undefined, name: string) => (el ? children(el, name)[0]?.textContent ?? null : null);

const LINE_RULE = { code: 'BR-KSA-EN16931-11', message: 'Invoice line net amount must equal quantity x net price + charges - allowances' };

/**
 * The line rules the authority applies (BR-KSA-EN16931-11, BR-CO-10): each line's net amount is its quantity times its
 * net price (per base quantity), plus its charges, minus its allowances; the lines add up to the document's line total.
 * The first broken rule, or null.
 */
export function lineArithmeticError(xml: string): { code: string; message: string } | null {
  const dom = new DOMParser({ errorHandler: { warning: () => undefined, error: () => undefined, fatalError: () => undefined } }).parseFromString(xml, 'text/xml');
  let sum = 0n;
  try {
    for (const line of Array.from(dom.getElementsByTagName('cac:InvoiceLine'))) {
      const quantity = micros(childText(line, 'cbc:InvoicedQuantity'));
      const amount = micros(childText(line, 'cbc:LineExtensionAmount'));
      const price = children(line, 'cac:Price')[0];
      const unit = micros(childText(price, 'cbc:PriceAmount'));
      const base = childText(price, 'cbc:BaseQuantity') === null ? 1_000_000n : micros(childText(price, 'cbc:BaseQuantity'));
      let adjustments = 0n;
      for (const ac of children(line, 'cac:AllowanceCharge')) {
        const value = micros(childText(ac, 'cbc:Amount'));
        adjustments += childText(ac, 'cbc:ChargeIndicator') === 'true' ? value : -value;
      }
      // quantity x price / base = amount - adjustments, in millionths, compared without rounding.
      if (base <= 0n || quantity * unit !== (amount - adjustments) * base) return LINE_RULE;
      sum += amount;
    }
    const total = dom.getElementsByTagName('cac:LegalMonetaryTotal')[0];
    if (total && micros(childText(total, 'cbc:LineExtensionAmount')) !== sum) {
      return { code: 'BR-CO-10', message: 'Sum of Invoice line net amount must equal the sum of the line amounts' };
    }
  } catch {
    return LINE_RULE;
  }
  return null;
}

/** The hash and the signature of a document as the authority checks them. */
function checkDocument(body: Record<string, unknown>) {
  const xml = Buffer.from(String(body.invoice ?? ''), 'base64').toString('utf8');
  const hash = String(body.invoiceHash ?? '');
  let hashValid: boolean;
  try {
    hashValid = invoiceHash(xml) === hash && tag(xml, 'cbc:UUID') === body.uuid;
  } catch {
    hashValid = false;
  }
  const signature = tag(xml, 'ds:SignatureValue');
  const cert = tag(xml, 'ds:X509Certificate');
  let signatureValid: boolean | null = null;
  if (signature && cert) {
    try {
      const spki = new X509Certificate(Buffer.from(cert, 'base64')).publicKey.export({ type: 'spki', format: 'der' });
      signatureValid = verifyHashSignature(hash, signature, spki);
    } catch {
      signatureValid = false;
    }
  }
  return { xml, hash, hashValid, signatureValid };
}

const validation = (errors: { code: string; message: string }[] = [], warnings: { code: string; message: string }[] = []) => ({
  infoMessages: [{ type: 'INFO', code: 'XSD_ZATCA_VALID', category: 'XSD validation', message: 'Complied with UBL 2.1 standards in line with ZATCA specifications', status: 'PASS' }],
  warningMessages: warnings.map((w) => ({ type: 'WARNING', status: 'WARNING', category: 'BR', ...w })),
  errorMessages: errors.map((e) => ({ type: 'ERROR', status: 'ERROR', category: 'BR', ...e })),
  status: errors.length ? 'ERROR' : warnings.length ? 'WARNING' : 'PASS',
});

/** The authority's answers to a document it accepted before (its duplicate check). */
const REPEATED_REPORT = {
  validationResults: {
    infoMessages: [], warningMessages: [], status: 'ERROR',
    errorMessages: [{ type: 'ERROR', code: 'Invoice-Errors', category: 'Duplicate-Invoice', message: 'Invoice was already Reported successfully earlier.', status: 'ERROR' }],
  },
  reportingStatus: 'NOT_REPORTED',
};
const repeatedClearance = (clearedInvoice: string | null) => ({
  validationResults: {
    infoMessages: [], errorMessages: [], status: 'WARNING',
    warningMessages: [{ type: 'WARNING', code: 'Invoice-Warning', category: 'Duplicate-Invoice', message: 'Invoice Hash Previously submitted.', status: 'WARNING' }],
  },
  clearanceStatus: 'CLEARED', clearedInvoice,
});

/** Starts the fake on `port` (0: any free one) of the loopback interface. */
export async function startFakeZatca(otp = '123456', port = 0): Promise<FakeZatca> {
  let failures: { n: number; status: number; body?: Record<string, unknown> | undefined } = { n: 0, status: 503 };
  let lostAnswers = 0;
  let repeatWithoutInvoice = false;
  /** The documents accepted, by hash: the cleared invoice of a clearance (base64), null for a report. */
  const accepted = new Map<string, string | null>();
  let refusal: { code: string; message: string } | null = null;
  let complianceFailure: { code: string; message: string } | null = null;
  const issued = new Map<string, { secret: string; kind: 'compliance' | 'production'; spki: Buffer; requestId: string; checks: number }>();
  const seen: FakeSeen[] = [];
  const calls: string[] = [];

  const credentials = (req: IncomingMessage) => {
    const [token, secret] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8').split(':');
    const found = issued.get(token ?? '');
    return found && found.secret === secret ? found : null;
  };

  const issue = (spki: Buffer, kind: 'compliance' | 'production', requestId: string) => {
    const cert = certificateFor(spki, kind === 'compliance' ? 'Fake compliance CSID' : 'Fake production CSID');
    const token = tokenOf(cert);
    const secret = randomBytes(16).toString('base64');
    issued.set(token, { secret, kind, spki, requestId, checks: 0 });
    return { requestID: requestId, dispositionMessage: 'ISSUED', binarySecurityToken: token, secret, errors: null };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0]!;
      calls.push(path);
      const body = await readJson(req);
      if (failures.n > 0) {
        failures.n -= 1;
        return send(res, failures.status, failures.body ?? { message: 'Service unavailable' });
      }
      if (req.headers['accept-version'] !== 'V2') return send(res, 400, { code: 'Invalid-Version', message: 'Accept-Version V2 is required' });
      if (path === '/compliance') {
        if (req.headers.otp !== otp) return send(res, 400, { errors: [{ code: 'Invalid-OTP', message: 'The provided OTP is invalid or has expired' }] });
        let csr: ReturnType<typeof readCsr>;
        try {
          csr = readCsr(Buffer.from(String(body.csr ?? ''), 'base64').toString('utf8'));
        } catch {
          return send(res, 400, { errors: [{ code: 'Invalid-CSR', message: 'The CSR cannot be read' }] });
        }
        if (!csr.signatureValid || !csr.template.endsWith('ZATCA-Code-Signing') || !csr.san[OID.uid]) {
          return send(res, 400, { errors: [{ code: 'Invalid-CSR', message: 'The CSR is missing required fields' }] });
        }
        return send(res, 200, issue(csr.spki, 'compliance', String(1_000_000_000 + issued.size)));
      }
      const caller = credentials(req);
      if (!caller) return send(res, 401, { message: 'Unauthorized' });
      if (path === '/production/csids') {
        if (caller.kind !== 'compliance' || body.compliance_request_id !== caller.requestId) return send(res, 400, { errors: [{ code: 'Invalid-Request-ID', message: 'Unknown compliance request' }] });
        if (caller.checks === 0) return send(res, 400, { errors: [{ code: 'Missing-Compliance-Steps', message: 'The compliance steps are not complete' }] });
        return send(res, 200, issue(caller.spki, 'production', `${caller.requestId}9`));
      }
      const doc = checkDocument(body);
      const standard = /<cbc:InvoiceTypeCode name="01/.test(doc.xml);
      if (path === '/compliance/invoices') {
        if (caller.kind !== 'compliance') return send(res, 401, { message: 'Unauthorized' });
        caller.checks += 1;
        const failure = complianceFailure ?? (doc.hashValid && doc.signatureValid !== false ? lineArithmeticError(doc.xml) : { code: 'invalid-invoice-hash', message: 'The invoice hash or signature is invalid' });
        complianceFailure = null;
        return send(res, 200, { validationResults: validation(failure ? [failure] : []), ...(standard ? { clearanceStatus: failure ? 'NOT_CLEARED' : 'CLEARED' } : { reportingStatus: failure ? 'NOT_REPORTED' : 'REPORTED' }) });
      }
      const clearance = path === '/invoices/clearance/single';
      if (!clearance && path !== '/invoices/reporting/single') return send(res, 404, { message: 'Not found' });
      if (caller.kind !== 'production') return send(res, 401, { message: 'Unauthorized' });
      seen.push({ path, invoiceHash: doc.hash, uuid: String(body.uuid ?? ''), xml: doc.xml, hashValid: doc.hashValid, signatureValid: doc.signatureValid, clearanceStatus: req.headers['clearance-status'] as string | undefined });
      if (accepted.has(doc.hash)) {
        return clearance ? send(res, 208, repeatedClearance(repeatWithoutInvoice ? null : accepted.get(doc.hash) ?? null)) : send(res, 409, REPEATED_REPORT);
      }
      const failure = refusal ?? (doc.hashValid && doc.signatureValid !== false ? lineArithmeticError(doc.xml) : { code: 'invalid-invoice-hash', message: 'The invoice hash does not match the document' });
      refusal = null;
      if (failure) return send(res, 400, { validationResults: validation([failure]), ...(clearance ? { clearanceStatus: 'NOT_CLEARED', clearedInvoice: null } : { reportingStatus: 'NOT_REPORTED' }) });
      const clearedInvoice = clearance ? Buffer.from(doc.xml).toString('base64') : null;
      accepted.set(doc.hash, clearedInvoice);
      if (lostAnswers > 0) {
        lostAnswers -= 1;
        return void req.socket.destroy();
      }
      return send(res, 200, { validationResults: validation(), ...(clearance ? { clearanceStatus: 'CLEARED', clearedInvoice } : { reportingStatus: 'REPORTED' }) });
    })().catch(() => send(res, 500, { message: 'fake failed' }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    otp,
    seen,
    calls,
    failNext: (n, status = 503, body) => { failures = { n, status, body }; },
    loseAnswerNext: (n) => { lostAnswers = n; },
    repeatsWithoutClearedInvoice: (on) => { repeatWithoutInvoice = on; },
    refuseNext: (code, message) => { refusal = { code, message }; },
    failComplianceNext: (code, message) => { complianceFailure = { code, message }; },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
