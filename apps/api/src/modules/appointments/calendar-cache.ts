/**
 * The calendar's answers, kept per company and query while nothing they show has changed. A week of a busy clinic
 * is ~900 cards: writing and compressing them costs the server far more than the database's part, and every screen
 * open on the calendar asks again. Each request still reads the company's change stamp from the database
 * (`calendarStamp`, one primary-key read; raised by triggers whenever a committed change alters a card), so an answer
 * is never stale, whichever server or script made the change. Answers are kept compressed, once per encoding, and
 * carry an ETag made of the stamp, the same on every server.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface Entry {
  stamp: number;
  etag: string;
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Answers kept at most (least recently used first out): a few weeks of each clinic in use. */
export const CALENDAR_CACHE_ENTRIES = 64;

export class CalendarCache {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly max = CALENDAR_CACHE_ENTRIES) {}

  /** The kept answer for `key` if it was made under the company's current `stamp`. */
  get(key: string, stamp: number): Entry | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    if (entry.stamp !== stamp) return null;
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, stamp: number, body: unknown): Entry {
    const etag = `"cal-${stamp}-${createHash('sha1').update(key).digest('base64url').slice(0, 12)}"`;
    const entry: Entry = { stamp, etag, json: Buffer.from(JSON.stringify(body)) };
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The query's parameters in a fixed order, so the same calendar asked differently shares one entry. */
export function cacheKey(companyId: string, query: Record<string, unknown>): string {
  const parts = Object.keys(query).sort().map((k) => `${k}=${JSON.stringify(query[k])}`);
  return `${companyId}?${parts.join('&')}`;
}

/** Sends a kept answer: 304 when the browser has it, else compressed as it accepts (brotli, gzip) or plain. */
export function sendCached(req: FastifyRequest, reply: FastifyReply, entry: Entry) {
  const etag = entry.etag;
  reply.header('etag', etag).header('vary', 'accept-encoding').header('cache-control', 'private, no-cache');
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) {
    entry.br ??= brotliCompressSync(entry.json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
    return reply.header('content-encoding', 'br').send(entry.br);
  }
  if (/\bgzip\b/.test(accepts)) {
    entry.gzip ??= gzipSync(entry.json);
    return reply.header('content-encoding', 'gzip').send(entry.gzip);
  }
  return reply.send(entry.json);
}
