import type { Config } from '../../config.js';

/*
 * ZATCA's e-invoicing API (Fatoora) as its developer portal documents it: the compliance certificate for a CSR and a
 * one-time password, the compliance checks on sample documents, the production certificate, then reporting
 * (simplified documents) and clearance (standard ones). Every call is bounded in time and in the size of what it
 * reads back; what goes wrong is one of two errors: the authority refused (with its own message), or it could not be
 * reached (network, time-out, 5xx), which the caller may try again.
 */

export type ZatcaEnvironment = 'simulation' | 'production';

export const ZATCA_TIMEOUT_MS = 10_000;
/** The most of an answer read (a cleared invoice is the largest: the document itself, base64). */
const MAX_ANSWER_BYTES = 2_000_000;

export interface ZatcaMessage { type: 'info' | 'warning' | 'error'; code: string; message: string }

/** The authority answered and said no: its message as given. */
export class ZatcaRefused extends Error {
  constructor(readonly httpStatus: number, message: string, readonly messages: ZatcaMessage[] = [], readonly body: Record<string, unknown> = {}) {
    super(message);
  }
}

/** Why the authority could not be heard: each has its message under `errors.eInvoices`. */
export type UnreachableReason = 'noAnswerInTime' | 'connectionFailed' | 'answerTooLarge' | 'authorityError';

/** The authority could not be reached or failed on its side (5xx): trying again later may succeed. */
export class ZatcaUnreachable extends Error {
  /** `status`: the authority's HTTP status, when it answered one. */
  constructor(readonly reason: UnreachableReason, message: string, readonly status?: number) {
    super(message);
  }
}

/** A certificate the authority issued (compliance or production CSID). */
export interface ZatcaCsid {
  requestId: string;
  /** The binary security token as answered (base64 of the certificate's base64), the user name of later calls. */
  token: string;
  secret: string;
  /** The certificate, base64 DER. */
  certificate: string;
}

export interface ZatcaCredentials { token: string; secret: string }

export interface ZatcaDocument { invoiceHash: string; uuid: string; xml: string }

/** The answer to a report, a clearance or a compliance check. */
export interface ZatcaResult {
  /** REPORTED, CLEARED, NOT_REPORTED, NOT_CLEARED, or PASS/WARNING/ERROR of the validation. */
  status: string;
  validation: 'PASS' | 'WARNING' | 'ERROR';
  messages: ZatcaMessage[];
  /** Clearance: the cleared document, XML. */
  clearedXml: string | null;
  /** The authority had already accepted this very document (same hash) and said so instead of accepting it again. */
  duplicate: boolean;
  body: Record<string, unknown>;
}

/**
 * The category of the message with which ZATCA's duplicate check answers a document whose hash it already accepted
 * (within 24 hours): a report is answered 409 ("Invoice was already Reported successfully earlier."), a clearance 208
 * ("Invoice Hash Previously submitted.", with the cleared invoice).
 */
const DUPLICATE_CATEGORY = 'Duplicate-Invoice';
/** The reporting status some versions of the API answer to a repeated report (409) instead of the duplicate message. */
const REPORTED_EARLIER = 'REPORTED_SUCCESSFULLY_EARLIER';

export function zatcaBaseUrl(config: Pick<Config, 'zatca'>, environment: ZatcaEnvironment): string {
  return environment === 'production' ? config.zatca.productionUrl : config.zatca.simulationUrl;
}

const text = (v: unknown, max = 1000) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v)).slice(0, max);

const isDuplicateMessage = (m: unknown) => !!m && typeof m === 'object' && (m as Record<string, unknown>).category === DUPLICATE_CATEGORY;

/** The validation messages of an answer; `duplicateAs` (when given) is the type the duplicate check's message is kept as. */
function messagesOf(body: Record<string, unknown>, duplicateAs?: ZatcaMessage['type']): ZatcaMessage[] {
  const out: ZatcaMessage[] = [];
  const v = (body.validationResults ?? {}) as Record<string, unknown>;
  const add = (type: ZatcaMessage['type'], list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const m of list.slice(0, 50)) {
      const item = (m ?? {}) as Record<string, unknown>;
      out.push({ type: duplicateAs && isDuplicateMessage(item) ? duplicateAs : type, code: text(item.code, 100), message: text(item.message) });
    }
  };
  add('info', v.infoMessages);
  add('warning', v.warningMessages);
  add('error', v.errorMessages);
  // Refusals outside validation (a wrong OTP, a bad request) come as `errors` or as one code and message.
  add('error', body.errors);
  // (A repeated report may carry only its reporting status and such a message: the duplicate check's.)
  if (!out.length && (body.message || body.code)) out.push({ type: duplicateAs ?? 'error', code: text(body.code, 100), message: text(body.message) });
  return out;
}

/** The authority's own words for a refusal: its error messages, else its first message, else the HTTP status. */
function reasonOf(status: number, messages: ZatcaMessage[]): string {
  const errors = messages.filter((m) => m.type === 'error');
  const chosen = errors.length ? errors : messages;
  const joined = chosen.map((m) => m.message || m.code).filter(Boolean).join('; ');
  return (joined || `HTTP ${status}`).slice(0, 500);
}

async function readBounded(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new ZatcaUnreachable('answerTooLarge', 'the answer was too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export class ZatcaClient {
  constructor(private readonly baseUrl: string, private readonly timeoutMs = ZATCA_TIMEOUT_MS) {}

  /** POST a JSON body; answers the parsed body and status, or throws ZatcaRefused / ZatcaUnreachable. */
  private async post(path: string, body: unknown, headers: Record<string, string>, accept: number[] = [200]): Promise<{ status: number; body: Record<string, unknown> }> {
    let res: Response;
    let raw: string;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': 'en', 'accept-version': 'V2', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
      raw = await readBounded(res);
    } catch (error) {
      if (error instanceof ZatcaUnreachable) throw error;
      const name = error instanceof Error ? error.name : '';
      throw name === 'TimeoutError' ? new ZatcaUnreachable('noAnswerInTime', 'no answer in time')
        : new ZatcaUnreachable('connectionFailed', `connection failed: ${error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error)}`);
    }
    let parsed: Record<string, unknown> = {};
    try {
      const value: unknown = raw ? JSON.parse(raw) : {};
      if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value as Record<string, unknown>;
    } catch {
      parsed = { message: raw.slice(0, 300) };
    }
    if (res.status >= 500 || res.status === 429) throw new ZatcaUnreachable('authorityError', `the authority answered ${res.status}`, res.status);
    if (!accept.includes(res.status)) {
      const messages = messagesOf(parsed);
      throw new ZatcaRefused(res.status, reasonOf(res.status, messages), messages, parsed);
    }
    return { status: res.status, body: parsed };
  }

  private static basic(c: ZatcaCredentials) {
    return { authorization: `Basic ${Buffer.from(`${c.token}:${c.secret}`).toString('base64')}` };
  }

  private static csid(body: Record<string, unknown>): ZatcaCsid {
    const token = text(body.binarySecurityToken, 20_000);
    const secret = text(body.secret, 1000);
    if (!token || !secret) throw new ZatcaRefused(200, text(body.dispositionMessage) || 'no certificate in the answer', messagesOf(body), body);
    return { requestId: text(body.requestID, 100), token, secret, certificate: Buffer.from(token, 'base64').toString('utf8').trim() };
  }

  /** The compliance certificate for a CSR (PEM), with the portal's one-time password. */
  async complianceCsid(otp: string, csrPem: string): Promise<ZatcaCsid> {
    const { body } = await this.post('/compliance', { csr: Buffer.from(csrPem).toString('base64') }, { otp });
    return ZatcaClient.csid(body);
  }

  /** The production certificate, once the compliance checks passed. */
  async productionCsid(compliance: ZatcaCredentials, complianceRequestId: string): Promise<ZatcaCsid> {
    const { body } = await this.post('/production/csids', { compliance_request_id: complianceRequestId }, ZatcaClient.basic(compliance));
    return ZatcaClient.csid(body);
  }

  private static payload(doc: ZatcaDocument) {
    return { invoiceHash: doc.invoiceHash, uuid: doc.uuid, invoice: Buffer.from(doc.xml, 'utf8').toString('base64') };
  }

  private static result(body: Record<string, unknown>): ZatcaResult {
    const v = (body.validationResults ?? {}) as Record<string, unknown>;
    const validation = v.status === 'ERROR' ? 'ERROR' : v.status === 'WARNING' ? 'WARNING' : 'PASS';
    const status = text(body.reportingStatus ?? body.clearanceStatus ?? v.status, 50);
    return { status, validation, messages: messagesOf(body), clearedXml: ZatcaClient.clearedXml(body), duplicate: false, body };
  }

  private static clearedXml(body: Record<string, unknown>): string | null {
    return typeof body.clearedInvoice === 'string' && body.clearedInvoice ? Buffer.from(body.clearedInvoice, 'base64').toString('utf8') : null;
  }

  /** Whether the answer's messages, other than the duplicate check's, hold an error or a warning. */
  private static validationBesidesDuplicate(body: Record<string, unknown>): ZatcaResult['validation'] {
    const v = (body.validationResults ?? {}) as Record<string, unknown>;
    const others = (list: unknown) => (Array.isArray(list) ? list.filter((m) => !isDuplicateMessage(m)).length : 0);
    return others(v.errorMessages) ? 'ERROR' : others(v.warningMessages) ? 'WARNING' : 'PASS';
  }

  /**
   * A report answered 409 by the duplicate check: ZATCA reported this very document (same hash) earlier, and only the
   * answer to that first report was lost (a time-out, or a server stopped before it recorded it). Only the duplicate
   * check's own answer (its message category, or the reporting status some versions give instead) counts, with no other
   * error beside it: any other 409 stays a refusal.
   */
  private static repeatedReport(body: Record<string, unknown>): ZatcaResult | null {
    const v = (body.validationResults ?? {}) as Record<string, unknown>;
    const lists = [v.infoMessages, v.warningMessages, v.errorMessages].filter(Array.isArray) as unknown[][];
    const flagged = lists.some((list) => list.some(isDuplicateMessage)) || body.reportingStatus === REPORTED_EARLIER;
    const otherErrors = Array.isArray(body.errors) && body.errors.length > 0;
    if (!flagged || otherErrors || ZatcaClient.validationBesidesDuplicate(body) === 'ERROR') return null;
    return { status: REPORTED_EARLIER, validation: ZatcaClient.validationBesidesDuplicate(body), messages: messagesOf(body, 'info'), clearedXml: null, duplicate: true, body };
  }

  /**
   * A clearance answered 208 by the duplicate check: ZATCA cleared this very document earlier. The answer carries the
   * cleared invoice again; its duplicate message is then only information. Without the cleared invoice (some versions
   * of the API) the message stays a warning, so the row says that the cleared XML is not on file.
   */
  private static repeatedClearance(body: Record<string, unknown>): ZatcaResult {
    const clearedXml = ZatcaClient.clearedXml(body);
    const status = text(body.clearanceStatus, 50) || 'CLEARED';
    return {
      status, validation: ZatcaClient.validationBesidesDuplicate(body), messages: messagesOf(body, clearedXml ? 'info' : 'warning'), clearedXml, duplicate: true, body,
    };
  }

  /** A compliance check of one sample document, with the compliance certificate. */
  async complianceCheck(compliance: ZatcaCredentials, doc: ZatcaDocument): Promise<ZatcaResult> {
    const { body } = await this.post('/compliance/invoices', ZatcaClient.payload(doc), ZatcaClient.basic(compliance));
    return ZatcaClient.result(body);
  }

  /**
   * Reports a simplified document or clears a standard one with the production certificate. A refusal of the
   * document itself (400, NOT_REPORTED / NOT_CLEARED) is answered as a result, not thrown. A document the authority
   * had already accepted (its duplicate check: 409 to a report, 208 to a clearance) is answered as accepted, with
   * `duplicate` set.
   */
  async submit(production: ZatcaCredentials, mode: 'reporting' | 'clearance', doc: ZatcaDocument): Promise<ZatcaResult> {
    const path = mode === 'reporting' ? '/invoices/reporting/single' : '/invoices/clearance/single';
    try {
      const accept = mode === 'clearance' ? [200, 202, 208] : [200, 202];
      const { status, body } = await this.post(path, ZatcaClient.payload(doc), { ...ZatcaClient.basic(production), 'clearance-status': '1' }, accept);
      return status === 208 ? ZatcaClient.repeatedClearance(body) : ZatcaClient.result(body);
    } catch (error) {
      if (error instanceof ZatcaRefused && error.httpStatus === 400 && Object.keys(error.body).length) {
        const r = ZatcaClient.result(error.body);
        return { ...r, validation: 'ERROR', status: r.status || (mode === 'reporting' ? 'NOT_REPORTED' : 'NOT_CLEARED') };
      }
      const repeated = error instanceof ZatcaRefused && error.httpStatus === 409 && mode === 'reporting' ? ZatcaClient.repeatedReport(error.body) : null;
      if (repeated) return repeated;
      throw error;
    }
  }
}
