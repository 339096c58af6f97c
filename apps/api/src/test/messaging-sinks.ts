/**
 * A real SMTP server, a fake SMS gateway and a fake WhatsApp Cloud API on local ports, for tests: what the server sends arrives here.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { randomBytes } from 'node:crypto';
import { employeeRoles, employees } from '../db/schema/index.js';
import type { Db } from '../db/client.js';
import { hashPassword } from '../lib/password.js';
import { nextPublicId } from '../lib/public-id.js';
import { TEST_PASSWORD } from './harness.js';
import { employeeClinics } from '../db/schema/index.js';

export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  /** While set, every message is refused with this SMTP answer (e.g. '451 try later'). */
  refuse: string | null;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = { url: '', messages: [], refuse: null, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (sink.refuse) {
          const [code, ...text] = sink.refuse.split(' ');
          const err = new Error(text.join(' ')) as Error & { responseCode: number };
          err.responseCode = Number(code);
          return callback(err);
        }
        simpleParser(Buffer.concat(chunks)).then((m) => { sink.messages.push(m); callback(); }, (e: Error) => callback(e));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  sink.url = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

export interface SmsGateway {
  url: string;
  requests: Array<{ headers: IncomingMessage['headers']; body: string }>;
  /** The status the gateway answers with (200 by default). */
  status: number;
  /** While set, the gateway takes each message and drops the connection without answering (it died mid-request). */
  drop?: boolean;
  close(): Promise<void>;
}

export async function startSmsGateway(): Promise<SmsGateway> {
  const gateway: SmsGateway = { url: '', requests: [], status: 200, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      gateway.requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (gateway.drop) return void req.socket.destroy();
      res.writeHead(gateway.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(gateway.status < 300 ? { sid: `SM${gateway.requests.length}`, status: 'queued' } : { error: 'unknown number' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`;
  gateway.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return gateway;
}

export interface WhatsAppCloud {
  /** The API base, as WHATSAPP_API_URL (…/v21.0). */
  apiUrl: string;
  phoneNumberId: string;
  token: string;
  /** Every request that arrived, its body parsed. */
  requests: Array<{ path: string; headers: IncomingMessage['headers']; body: unknown }>;
  /** What a request got wrong against Meta's documented shape (empty: every request was well formed). */
  problems: string[];
  /** While set, every message is refused with this Meta error (code and message), HTTP 400. */
  refuse: { code: number; message: string; details: string } | null;
  /** While set, runs with the id of each message accepted before the answer goes (Meta's webhook can be that quick). */
  beforeAnswer: ((messageId: string) => Promise<void>) | null;
  close(): Promise<void>;
}

/** What a Cloud API template message must look like (graph.facebook.com/<version>/<phone number id>/messages). */
function whatsAppProblems(cloud: WhatsAppCloud, req: IncomingMessage, raw: string): string[] {
  const problems: string[] = [];
  if (req.method !== 'POST') problems.push(`method ${req.method}`);
  if (req.url !== `/v21.0/${cloud.phoneNumberId}/messages`) problems.push(`path ${req.url}`);
  if (req.headers.authorization !== `Bearer ${cloud.token}`) problems.push('authorization');
  if (!String(req.headers['content-type']).startsWith('application/json')) problems.push('content-type');
  let b: { messaging_product?: unknown; to?: unknown; type?: unknown; template?: { name?: unknown; language?: { code?: unknown }; components?: unknown } };
  try {
    b = JSON.parse(raw) as typeof b;
  } catch {
    return [...problems, 'body is not JSON'];
  }
  if (b.messaging_product !== 'whatsapp') problems.push('messaging_product');
  if (typeof b.to !== 'string' || !/^\d{8,15}$/.test(b.to)) problems.push(`to ${String(b.to)}`);
  if (b.type !== 'template') problems.push('type');
  if (typeof b.template?.name !== 'string' || typeof b.template.language?.code !== 'string') problems.push('template name or language');
  const components = (b.template?.components ?? []) as Array<{ type?: unknown; parameters?: Array<{ type?: unknown; text?: unknown }> }>;
  for (const c of components) {
    if (c.type !== 'body' || !Array.isArray(c.parameters)) problems.push('component');
    else if (!c.parameters.every((p) => p.type === 'text' && typeof p.text === 'string' && p.text.length > 0)) problems.push('parameters');
  }
  return problems;
}

/** A fake of Meta's WhatsApp Cloud API on a local port: checks each request's shape and answers as Meta does. */
export async function startWhatsAppCloud(): Promise<WhatsAppCloud> {
  const cloud: WhatsAppCloud = { apiUrl: '', phoneNumberId: '106540352242922', token: 'EAAG-test-token', requests: [], problems: [], refuse: null, beforeAnswer: null, close: async () => {} };
  // Message ids are unique for the fake's life, as Meta's are (the tests empty `requests` between them).
  let accepted = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const problems = whatsAppProblems(cloud, req, raw);
      cloud.problems.push(...problems);
      let parsed: unknown = null;
      try { parsed = JSON.parse(raw); } catch { /* recorded as a problem */ }
      cloud.requests.push({ path: req.url ?? '', headers: req.headers, body: parsed });
      const to = (parsed as { to?: string } | null)?.to ?? '';
      const error = problems.length
        ? { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, error_data: { messaging_product: 'whatsapp', details: problems.join(', ') } }
        : cloud.refuse && { message: cloud.refuse.message, type: 'OAuthException', code: cloud.refuse.code, error_data: { messaging_product: 'whatsapp', details: cloud.refuse.details } };
      const id = error ? '' : `wamid.TEST${++accepted}`;
      const answer = () => {
        res.writeHead(error ? 400 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(error
          ? { error: { ...error, fbtrace_id: 'AbCdEf' } }
          : { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id }] }));
      };
      if (error || !cloud.beforeAnswer) answer();
      else void cloud.beforeAnswer(id).finally(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cloud.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  cloud.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return cloud;
}

/** The server's WhatsApp settings pointing at a fake Cloud API. */
export function whatsAppConfigFor(cloud: WhatsAppCloud) {
  return {
    apiUrl: cloud.apiUrl, phoneNumberId: cloud.phoneNumberId, token: cloud.token,
    templates: { code: 'clinic_code', reminder: 'clinic_reminder', queue: 'clinic_queue' }, languages: { en: 'en', ar: 'ar' },
  };
}

/** A signed-in-able staff member with one of the organisation's roles. */
export async function insertStaff(db: Db, companyId: string, opts: { roleId: string; employeeType?: string; clinics?: string[]; name?: string }) {
  const username = `staff_${randomBytes(4).toString('hex')}`;
  const [row] = await db.insert(employees).values({
    companyId,
    publicId: await nextPublicId(db, companyId, 'employee', 'EMP'),
    name: opts.name ?? username,
    username,
    email: `${username}@example.test`,
    passwordHash: await hashPassword(TEST_PASSWORD),
    employeeType: opts.employeeType ?? 'Employee',
  }).returning();
  await db.insert(employeeRoles).values({ companyId, employeeId: row!.id, roleId: opts.roleId });
  if (opts.clinics?.length) await db.insert(employeeClinics).values(opts.clinics.map((clinicId) => ({ companyId, employeeId: row!.id, clinicId })));
  return { ...row!, username };
}
