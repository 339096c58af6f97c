/**
 * A real SMTP server and a fake SMS gateway on local ports, for tests: what the server sends arrives here.
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
  close(): Promise<void>;
}

export async function startSmsGateway(): Promise<SmsGateway> {
  const gateway: SmsGateway = { url: '', requests: [], status: 200, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      gateway.requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(gateway.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(gateway.status < 300 ? { sid: `SM${gateway.requests.length}`, status: 'queued' } : { error: 'unknown number' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`;
  gateway.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return gateway;
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
