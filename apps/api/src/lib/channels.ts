import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';

/**
 * The ways a message (a reminder, an invitation) leaves the server. E-mail through SMTP (nodemailer); SMS through an
 * HTTP gateway whose URL, Authorization header and body template come from the environment, with a preset for
 * Twilio's Messages API. A channel without configuration is off: its callers record the message as skipped.
 */

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A calendar entry attached as appointment.ics. */
  ics?: string;
  language: string;
}

const transports = new Map<string, Transporter>();

/** A name or address of this machine itself. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** How the SMTP server of `url` is reached (nodemailer's transport options). */
export function smtpOptions(url: string) {
  const u = new URL(url);
  const ignoreTLS = u.searchParams.get('ignoreTLS') === 'true';
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : u.protocol === 'smtps:' ? 465 : 587,
    secure: u.protocol === 'smtps:',
    ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
    // A relay on this machine may go without TLS (smtp://localhost:25); any other server must take STARTTLS, or
    // someone on the way could strip it and read the password and the mails (patients' links among them). A relay
    // on a trusted network without TLS says so with ?ignoreTLS=true.
    ignoreTLS,
    requireTLS: u.protocol !== 'smtps:' && !ignoreTLS && !isLoopbackHost(u.hostname),
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

function transport(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(smtpOptions(url));
    transports.set(url, t);
  }
  return t;
}

/** Sends one e-mail; returns the server's answer. Throws with the server's answer when it refuses. */
export async function sendEmail(config: Pick<Config, 'smtpUrl' | 'smtpFrom'>, m: EmailMessage): Promise<string> {
  if (!config.smtpUrl) throw new Error('e-mail is not configured');
  const info = await transport(config.smtpUrl).sendMail({
    from: config.smtpFrom,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    headers: { 'Content-Language': m.language },
    attachments: m.ics ? [{ filename: 'appointment.ics', content: m.ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] : [],
  });
  return `${info.messageId ?? ''} ${info.response ?? ''}`.trim().slice(0, 500);
}

const PRESETS = {
  generic: { contentType: 'application/json', body: '{"to":"{{to}}","from":"{{from}}","text":"{{text}}"}' },
  twilio: { contentType: 'application/x-www-form-urlencoded', body: 'To={{to}}&From={{from}}&Body={{text}}' },
} as const;

/** The gateway's request body: the template with each value escaped for the body's kind (JSON or a form). */
export function smsBody(template: string, contentType: string, values: Record<'to' | 'from' | 'text', string>): string {
  const escape = contentType.includes('json') ? (v: string) => JSON.stringify(v).slice(1, -1) : encodeURIComponent;
  return template.replace(/\{\{(to|from|text)\}\}/g, (_, k: 'to' | 'from' | 'text') => escape(values[k]));
}

/**
 * An SMS that certainly did not go: the gateway refused it (a non-2xx answer), or was never reached (no connection).
 * Any other failure (a time-out, a connection lost before the answer) may come after the gateway took the message.
 */
export class SmsNotSent extends Error {}

/** Connection errors that mean the request never reached the gateway. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Sends one SMS; returns the gateway's status and answer. Throws SmsNotSent on a refusal (non-2xx) or when the gateway
 * could not be reached, another error when there was no answer (the message may have gone).
 */
export async function sendSms(config: Pick<Config, 'sms'>, to: string, text: string): Promise<string> {
  const sms = config.sms;
  if (!sms.url) throw new SmsNotSent('SMS is not configured');
  const preset = PRESETS[sms.preset];
  const template = sms.body ?? preset.body;
  const contentType = sms.body?.trim().startsWith('{') ? 'application/json' : sms.body ? 'application/x-www-form-urlencoded' : preset.contentType;
  let res: Response;
  try {
    res = await fetch(sms.url, {
      method: 'POST',
      headers: { 'content-type': contentType, ...(sms.auth ? { authorization: sms.auth } : {}) },
      body: smsBody(template, contentType, { to, from: sms.from ?? '', text }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code && NOT_CONNECTED.has(code)) throw new SmsNotSent(`gateway not reached: ${code}`, { cause: err });
    throw err;
  }
  const answer = (await res.text().catch(() => '')).replace(/\s+/g, ' ').slice(0, 300);
  if (!res.ok) throw new SmsNotSent(`gateway ${res.status}: ${answer}`);
  return `${res.status} ${answer}`.trim();
}
