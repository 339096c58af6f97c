import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authChallenges, queueDisplays } from '../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { PAIRING_ALPHABET } from './display-credentials.js';
import { PAIRING_MAX_WRONG } from './queue-displays.service.js';
import { addDisplay, board, listen, openDisplayStream, pair, pairedDisplay, queueClinic, until, type QueueClinic } from './fixtures.js';

/*
 * The administration of a clinic's TV displays and the screen's pairing: a one-time code (used once, ten minutes,
 * replaced by a newer one), the token it gives, revocation (the board refuses the token and its open stream ends),
 * and a token of one organisation's display never reading another's.
 */

let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let q: QueueClinic;
let base: string;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createOrg(ctx, { name: 'Al Noor Medical' });
  other = await createOrg(ctx, { name: 'Dar Al Shifa' });
  q = await queueClinic(ctx.database.db, org.companyId);
  base = await listen(ctx);
});
afterAll(() => ctx?.close());

const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, token = org.token, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(token, lang) });
const errorOfBody = (res: { body: string }) => JSON.parse(res.body).message as { code: string; message: string; fields?: Record<string, string> };
const displayRow = async (id: string) => (await ctx.database.db.select().from(queueDisplays).where(eq(queueDisplays.id, id)))[0]!;

describe('pairing a display', () => {
  it('gives a one-time code of eight unambiguous characters that pairs the screen once, and lists the display as paired', async () => {
    const { display, code, expiresAt } = await addDisplay(ctx, org.token, { clinic: q.clinic.id, name: 'Waiting hall TV', room: null });
    expect(code).toMatch(new RegExp(`^[${PAIRING_ALPHABET}]{8}$`));
    expect(code).not.toMatch(/[01OI]/);
    expect(display.status).toBe('pairing');
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    // Only its hash is kept.
    expect(await ctx.database.db.select().from(authChallenges).where(eq(authChallenges.tokenHash, code))).toEqual([]);

    // Typed on a remote: lower case, with a dash in the middle.
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4).toLowerCase()}`;
    const paired = await pair(ctx, typed, { lang: 'ar' });
    expect(paired.statusCode, paired.body).toBe(200);
    expect(body(paired).message).toBe('اقترنت هذه الشاشة باسم «Waiting hall TV».');
    const token = body(paired).data.token as string;
    expect(token).toMatch(new RegExp(`^d1\\.${org.companyId}\\.${display._id}\\.[A-Za-z0-9_-]{43}$`));
    expect(body(paired).data.display).toEqual({ name: 'Waiting hall TV', clinic: 'Olaya Clinic', room: null });
    expect((await displayRow(display._id)).tokenHash).not.toContain(token.split('.')[3]);
    expect((await board(ctx, token)).statusCode).toBe(200);

    const again = await pair(ctx, code);
    expect(again.statusCode).toBe(400);
    expect(errorOfBody(again)).toMatchObject({ code: 'DISPLAY_CODE_INVALID', message: 'This pairing code is unknown, already used or expired. Ask an administrator for a new code.' });

    const list = body(await admin('GET', `/api/waiting-room/displays?clinic=${q.clinic.id}`));
    expect(list.data.find((d: { _id: string }) => d._id === display._id)).toMatchObject({ status: 'paired', clinic: { _id: q.clinic.id, name: 'Olaya Clinic' } });
    const audit = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.companyId, org.companyId), eq(auditLog.entityId, display._id)));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([['create', org.adminId], ['pair', null]]);
  });

  it('pairs one screen when two send the same code at once', async () => {
    const { code } = await addDisplay(ctx, org.token, { clinic: q.clinic.id, name: 'Twin screens' });
    const answers = await Promise.all([pair(ctx, code, { address: '203.0.113.31' }), pair(ctx, code, { address: '203.0.113.32' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const token = body(answers.find((a) => a.statusCode === 200)!).data.token as string;
    expect((await board(ctx, token)).statusCode).toBe(200);
  });

  it('refuses a wrong code and an expired one with a translated error, in English and Arabic', async () => {
    const wrong = await pair(ctx, 'ABCDEFGH', { lang: 'ar' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOfBody(wrong)).toMatchObject({ code: 'DISPLAY_CODE_INVALID', message: 'رمز الإقران هذا غير معروف أو مستخدم أو منتهي الصلاحية. اطلب رمزًا جديدًا من المسؤول.' });
    expect((await pair(ctx, 'not a code')).statusCode).toBe(400);

    const { display, code } = await addDisplay(ctx, org.token, { clinic: q.clinic.id, name: 'Lab corridor' });
    // Eleven minutes later: both the code and the display's pairing have lapsed.
    await ctx.database.query(`update auth_challenges set expires_at = now() - interval '1 minute' where purpose = 'display_pairing' and subject->>'displayId' = $1`, [display._id]);
    await ctx.database.query(`update queue_displays set pairing_expires_at = now() - interval '1 minute' where id = $1`, [display._id]);
    const late = await pair(ctx, code);
    expect(late.statusCode).toBe(400);
    expect(errorOfBody(late).code).toBe('DISPLAY_CODE_INVALID');
    const list = body(await admin('GET', `/api/waiting-room/displays?clinic=${q.clinic.id}`));
    expect(list.data.find((d: { _id: string }) => d._id === display._id)).toMatchObject({ status: 'unpaired', pairingExpiresAt: null });
  });

  it('limits wrong codes per address, in a translated message; other addresses and right codes are unaffected', async () => {
    const address = '198.51.100.23';
    for (let i = 0; i < PAIRING_MAX_WRONG; i++) expect((await pair(ctx, 'WXYZ2345', { address })).statusCode).toBe(400);
    const refused = await pair(ctx, 'WXYZ2345', { address, lang: 'ar' });
    expect(refused.statusCode).toBe(429);
    expect(errorOfBody(refused)).toMatchObject({ code: 'TOO_MANY_PAIRING_ATTEMPTS' });
    expect(errorOfBody(refused).message).toMatch(/^رموز إقران خاطئة كثيرة من هذا العنوان\. حاول بعد/);
    const { code } = await addDisplay(ctx, org.token, { clinic: q.clinic.id, name: 'Pharmacy' });
    expect((await pair(ctx, code, { address })).statusCode).toBe(429);
    expect((await pair(ctx, code, { address: '198.51.100.24' })).statusCode).toBe(200);
  });

  it('a new code replaces the screen: the paired token and the earlier unused code stop working, the new code pairs', async () => {
    const first = await pairedDisplay(ctx, org.token, { clinic: q.clinic.id, name: 'Dental wing' });
    const renewed = await admin('POST', `/api/waiting-room/displays/${first.id}/pairing-code`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(body(renewed).message).toBe('New pairing code for "Dental wing". The screen must be paired again.');
    expect(body(renewed).data.display.status).toBe('pairing');
    expect((await board(ctx, first.token)).statusCode).toBe(401);

    const newer = body(await admin('POST', `/api/waiting-room/displays/${first.id}/pairing-code`)).data.code as string;
    expect((await pair(ctx, body(renewed).data.code)).statusCode).toBe(400);
    const paired = await pair(ctx, newer);
    expect(paired.statusCode).toBe(200);
    expect((await board(ctx, body(paired).data.token)).statusCode).toBe(200);
  });
});

describe('revoking a display', () => {
  it('refuses its board (401, translated), ends its open stream, and cannot be undone or re-paired', async () => {
    const shown = await pairedDisplay(ctx, org.token, { clinic: q.clinic.id, name: 'Entrance TV' });
    const stream = await openDisplayStream(base, shown.token);
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.state.ended).toBe(false);

    const res = await admin('DELETE', `/api/waiting-room/displays/${shown.id}`, org.token, 'ar');
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe('أُلغيت الشاشة «Entrance TV». لم تعد تعرض قائمة الانتظار.');
    expect(await until(() => stream.state.ended)).toBe(true);
    const refused = await board(ctx, shown.token, 'ar');
    expect(refused.statusCode).toBe(401);
    expect(errorOfBody(refused)).toMatchObject({ code: 'DISPLAY_TOKEN_INVALID', message: 'هذه الشاشة لم تعد مقترنة: أُلغيت أو اقترنت من جديد. اطلب رمز إقران جديدًا من المسؤول.' });
    expect((await fetch(`${base}/api/public/display/live`, { headers: { 'x-display-token': shown.token } })).status).toBe(401);

    const row = await displayRow(shown.id);
    expect(row.revokedAt).toBeInstanceOf(Date);
    expect(row.tokenHash).toBeNull();
    expect(errorOfBody(await admin('POST', `/api/waiting-room/displays/${shown.id}/pairing-code`)).code).toBe('DISPLAY_REVOKED');
    expect((await admin('DELETE', `/api/waiting-room/displays/${shown.id}`)).statusCode).toBe(409);
    const audit = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, shown.id), eq(auditLog.action, 'revoke')));
    expect(audit.map((a) => a.actorId)).toEqual([org.adminId]);
    await stream.close();
  });
});

describe('one organisation\'s display never reads another\'s queue', () => {
  it('refuses another company\'s display token carrying this company\'s display id, and the display ids as another company\'s administrator', async () => {
    const mine = await pairedDisplay(ctx, org.token, { clinic: q.clinic.id, name: 'Hall A' });
    const theirClinic = await queueClinic(ctx.database.db, other.companyId, 'Dar Al Shifa Clinic');
    const theirs = await pairedDisplay(ctx, other.token, { clinic: theirClinic.clinic.id, name: 'Their hall' });
    const [, , , theirSecret] = theirs.token.split('.');
    for (const forged of [
      `d1.${org.companyId}.${mine.id}.${theirSecret}`,
      `d1.${other.companyId}.${mine.id}.${theirSecret}`,
      `d1.${org.companyId}.${theirs.id}.${theirSecret}`,
    ]) {
      expect((await board(ctx, forged)).statusCode, forged).toBe(401);
    }
    expect(body(await board(ctx, theirs.token)).data.clinic.name).toBe('Dar Al Shifa Clinic');
    expect(body(await board(ctx, mine.token)).data.clinic.name).toBe('Olaya Clinic');

    // The other organisation's administrator: the display is unknown, as any unknown id, and stays paired.
    expect((await admin('POST', `/api/waiting-room/displays/${mine.id}/pairing-code`, other.token)).statusCode).toBe(404);
    expect((await admin('DELETE', `/api/waiting-room/displays/${mine.id}`, other.token)).statusCode).toBe(404);
    expect(body(await admin('GET', `/api/waiting-room/displays?clinic=${q.clinic.id}`, other.token)).data).toEqual([]);
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/waiting-room/displays', headers: auth(other.token), payload: { clinic: q.clinic.id, name: 'Stolen' } });
    expect(refused.statusCode).toBe(404);
    expect((await board(ctx, mine.token)).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it('answers translated errors, never a 500', async () => {
    const noName = await ctx.app.inject({ method: 'POST', url: '/api/waiting-room/displays', headers: auth(org.token, 'ar'), payload: { clinic: q.clinic.id, name: ' ' } });
    expect(noName.statusCode).toBe(422);
    expect(errorOfBody(noName).fields?.name).toBeTruthy();
    const long = await ctx.app.inject({ method: 'POST', url: '/api/waiting-room/displays', headers: auth(org.token), payload: { clinic: q.clinic.id, name: 'x'.repeat(61) } });
    expect(errorOfBody(long).fields?.name).toBe('Use at most 60 characters.');
    const unknownClinic = await ctx.app.inject({
      method: 'POST', url: '/api/waiting-room/displays', headers: auth(org.token), payload: { clinic: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f', name: 'TV' },
    });
    expect(unknownClinic.statusCode).toBe(404);
    expect(errorOfBody(unknownClinic).message).toBe('This clinic does not exist.');
    for (const token of [undefined, '', 'garbage', `d1.${org.companyId}.x.y`, 'd1.' + 'a'.repeat(500)]) {
      const res = await board(ctx, token);
      expect(res.statusCode, String(token)).toBe(401);
      expect(errorOfBody(res).code).toBe('DISPLAY_TOKEN_INVALID');
    }
    const longCode = await pair(ctx, 'A'.repeat(40));
    expect(longCode.statusCode).toBe(422);
    expect(errorOfBody(longCode).fields?.code).toBe('Enter the code shown to the administrator.');
    expect((await admin('DELETE', '/api/waiting-room/displays/not-an-id')).statusCode).toBe(422);
    expect((await admin('GET', '/api/waiting-room/displays?limit=7')).statusCode).toBe(422);
  });
});
