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

/** The authority could not be reached or failed on its side (5xx): trying again later may succeed. */
export class ZatcaUnreachable extends Error {}

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
  body: Record<string, unknown>;
}

export function zatcaBaseUrl(config: Pick<Config, 'zatca'>, environment: ZatcaEnvironment): string {
  return environment === 'production' ? config.zatca.productionUrl : config.zatca.simulationUrl;
}

const text = (v: unknown, max = 1000) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v)).slice(0, max);

function messagesOf(body: Record<string, unknown>): ZatcaMessage[] {
  const out: ZatcaMessage[] = [];
  const v = (body.validationResults ?? {}) as Record<string, unknown>;
  const add = (type: ZatcaMessage['type'], list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const m of list.slice(0, 50)) {
      const item = (m ?? {}) as Record<string, unknown>;
      out.push({ type, code: text(item.code, 100), message: text(item.message) });
    }
  };
  add('info', v.infoMessages);
  add('warning', v.warningMessages);
  add('error', v.errorMessages);
  // Refusals outside validation (a wrong OTP, a bad request) come as `errors` or as one code and message.
  add('error', body.errors);
  if (!out.length && (body.message || body.code)) out.push({ type: 'error', code: text(body.code, 100), message: text(body.message) });
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
      throw new ZatcaUnreachable('the answer was too large');
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
      throw new ZatcaUnreachable(name === 'TimeoutError' ? 'no answer in time' : `connection failed: ${error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error)}`);
    }
    let parsed: Record<string, unknown> = {};
    try {
      const value: unknown = raw ? JSON.parse(raw) : {};
      if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value as Record<string, unknown>;
    } catch {
      parsed = { message: raw.slice(0, 300) };
    }
    if (res.status >= 500 || res.status === 429) throw new ZatcaUnreachable(`the authority answered ${res.status}`);
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
    const cleared = typeof body.clearedInvoice === 'string' ? Buffer.from(body.clearedInvoice, 'base64').toString('utf8') : null;
    return { status, validation, messages: messagesOf(body), clearedXml: cleared, body };
  }

  /** A compliance check of one sample document, with the compliance certificate. */
  async complianceCheck(compliance: ZatcaCredentials, doc: ZatcaDocument): Promise<ZatcaResult> {
    const { body } = await this.post('/compliance/invoices', ZatcaClient.payload(doc), ZatcaClient.basic(compliance));
    return ZatcaClient.result(body);
  }

  /**
   * Reports a simplified document or clears a standard one with the production certificate. A refusal of the
   * document itself (400, NOT_REPORTED / NOT_CLEARED) is answered as a result, not thrown.
   */
  async submit(production: ZatcaCredentials, mode: 'reporting' | 'clearance', doc: ZatcaDocument): Promise<ZatcaResult> {
    const path = mode === 'reporting' ? '/invoices/reporting/single' : '/invoices/clearance/single';
    try {
      const { body } = await this.post(path, ZatcaClient.payload(doc), { ...ZatcaClient.basic(production), 'clearance-status': '1' }, [200, 202]);
      return ZatcaClient.result(body);
    } catch (error) {
      if (error instanceof ZatcaRefused && error.httpStatus === 400 && Object.keys(error.body).length) {
        const r = ZatcaClient.result(error.body);
        return { ...r, validation: 'ERROR', status: r.status || (mode === 'reporting' ? 'NOT_REPORTED' : 'NOT_CLEARED') };
      }
      throw error;
    }
  }
}
