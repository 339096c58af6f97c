#!/usr/bin/env node
// npm run test:cluster
//
// Starts the local cluster (scripts/cluster) with the demo organisation and holds a bounded load of mixed reads and
// writes through nginx -- bookings, patient edits, uploads of a small image -- while it
//   1. SIGKILLs one API server and later restarts it, then restarts all three one by one with SIGTERM;
//   2. SIGKILLs the primary PostgreSQL node (its pg_autoctl keeper and postgres together, so nothing restarts it),
//      waits for the standby's promotion, then starts the old primary's keeper again so it rejoins as the standby.
// Then it checks that every acknowledged (2xx) write is in the database, that no doctor is double-booked and that
// the rolling restart answered no 5xx, prints a table per phase, writes bench/results/cluster-<time>.json, stops the
// cluster and exits non-zero when a check failed. CHAOS_CLIENTS (default 6) sets the load; CHAOS_KEEP=1 leaves the
// cluster running afterwards.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { patientInput } from '@clinic/shared';
import {
  DATABASE_URL, NODES, PORTS, PUBLIC_URL, ROOT, down, healthyPair, log, nodeStates, nudgeCheckpoints, psql, signalGroup,
  restartApiPlanned, sleep, startApi, startNode, up, waitApi, waitFor,
} from './lib.mjs';

const CLIENTS = Number(process.env.CHAOS_CLIENTS ?? 6);
const started = Date.now();
const runId = new Date().toISOString().replace(/[:.]/g, '-');
const tag = `chaos-${Date.now().toString(36)}`;

// ---- the load ----------------------------------------------------------------------------------------------

let phase = 'warm-up';
let stopLoad = false;
/** Every request: phase, kind, status (0 for a network error), start and end (ms since the run started). */
const requests = [];
const acknowledged = { bookings: [], edits: new Map(), uploads: [] };

async function call(method, url, { token, json, form, raw } = {}) {
  const t0 = Date.now() - started;
  const p = phase;
  let status;
  let body = null;
  let bytes = null;
  try {
    const res = await fetch(PUBLIC_URL + url, {
      method,
      // A connection per request. nginx reloads during the planned restarts, and its old workers close their idle
      // kept-alive connections: a browser resends a request whose reused connection closed before any answer, a
      // script's fetch reports a network error instead.
      headers: {
        connection: 'close',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body: json ? JSON.stringify(json) : form,
      signal: AbortSignal.timeout(30_000),
    });
    status = res.status;
    if (raw && res.ok) bytes = Buffer.from(await res.arrayBuffer());
    else {
      const text = await res.text();
      try { body = text ? JSON.parse(text) : null; } catch { body = null; }
    }
  } catch {
    status = 0;
  }
  return { status, body, bytes, t0, t1: Date.now() - started, phase: p };
}

/** Failed requests outside the database failover, listed in the results for a look. */
const failures = [];
/** Refusals (4xx) by request and code: the load provokes some on purpose (two clients booking one slot). */
const refusals = {};

async function record(kind, r, what) {
  requests.push({ phase: r.phase, kind, status: r.status, t0: r.t0, t1: r.t1 });
  if (r.status >= 400 && r.status < 500) {
    const key = `${what} ${r.status} ${r.body?.message?.code ?? ''} ${Object.entries(r.body?.message?.fields ?? {}).map(([f, m]) => `${f}: ${m}`).join('; ')}`.trim();
    refusals[key] = (refusals[key] ?? 0) + 1;
  }
  if (r.status >= 500 || r.status === 0) {
    if (!['database failover'].includes(r.phase)) failures.push({ phase: r.phase, kind, what, status: r.status, code: r.body?.message?.code ?? null, t0: r.t0, t1: r.t1 });
    // As a browser does on a 503 with Retry-After: a pause before the next request.
    await sleep(300);
  }
  return r;
}

/** A valid 8x8 PNG whose pixels differ per upload, so every stored file is distinguishable. */
function png(seed) {
  const crc = (buf) => {
    let c = ~0;
    for (const b of buf) { c ^= b; for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1)); }
    return ~c >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(8, 0); ihdr.writeUInt32BE(8, 4); ihdr[8] = 8; ihdr[9] = 2;
  const rows = [];
  for (let y = 0; y < 8; y++) {
    rows.push(0);
    for (let x = 0; x < 8; x++) rows.push((seed * 31 + x * 7) & 255, (seed >> 3) & 255, (y * 29 + seed) & 255);
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.from(rows))), chunk('IEND', Buffer.alloc(0))]);
}

async function client(n, ctx) {
  const { token, places, patients } = ctx;
  // Each client edits patients of its own, so its edits never conflict with another client's.
  const mine = patients.filter((_, i) => i % CLIENTS === n);
  let i = 0;
  while (!stopLoad) {
    i++;
    const roll = (i * 7 + n * 3) % 20;
    if (roll < 9) {
      const url = [
        '/api/patients?limit=20',
        `/api/patients/${mine[i % mine.length]}`,
        '/api/appointments?status=scheduled&limit=20',
        '/api/services?allData=true',
      ][i % 4];
      await record('read', await call('GET', url, { token }), `GET ${url}`);
    } else if (roll < 13) {
      // Book the first free slot of a clinic's service: clients compete for the same slots on purpose.
      const place = places[(i + n) % places.length];
      const free = await record('read', await call('GET', `/api/appointments/next-free?clinic=${place.clinic}&service=${place.service}&limit=5`, { token }), 'GET next-free');
      const slot = free.status === 200 ? free.body?.data?.[(i + n) % Math.max(1, free.body.data.length)] : null;
      if (!slot) continue;
      const patient = patients[(i * 5 + n) % patients.length];
      const r = await record('booking', await call('POST', '/api/appointments', {
        token,
        json: { patient, doctor: slot.doctor._id, clinic: place.clinic, service: place.service, datetime: slot.datetime, reason: `Chaos booking ${tag}` },
      }), 'POST /api/appointments');
      if (r.status >= 200 && r.status < 300) acknowledged.bookings.push({ id: r.body.data._id, doctor: slot.doctor._id, datetime: slot.datetime });
    } else if (roll < 17) {
      const id = mine[i % mine.length];
      const got = await record('read', await call('GET', `/api/patients/${id}`, { token }), 'GET patient');
      if (got.status !== 200) continue;
      const p = got.body.data;
      const value = `${tag} ${n}-${i}`;
      const history = acknowledged.edits.get(id) ?? { acked: null, attempts: [] };
      acknowledged.edits.set(id, history);
      history.attempts.push(value);
      const r = await record('patient edit', await call('PUT', `/api/patients/${id}`, { token, json: { ...editable(p), address: value, version: p.version } }), 'PUT patient');
      if (r.status === 200) history.acked = { value, version: r.body.data.version, attemptIndex: history.attempts.length - 1 };
    } else {
      const id = mine[i % mine.length];
      const bytes = png(n * 100_000 + i);
      const form = new FormData();
      form.set('title', `Chaos scan ${n}-${i}`);
      form.set('file', new Blob([bytes], { type: 'image/png' }), `scan-${n}-${i}.png`);
      const r = await record('upload', await call('POST', `/api/patients/${id}/documents`, { token, form }), 'POST document');
      if (r.status === 201) acknowledged.uploads.push({ patient: id, url: r.body.data.file.url, sha256: createHash('sha256').update(bytes).digest('hex') });
    }
  }
}

/** The patient form's fields from a patient as read (the update takes the form plus the version). */
function editable(p) {
  const out = {};
  for (const k of Object.keys(patientInput.shape)) if (['string', 'number', 'boolean'].includes(typeof p[k]) && p[k] !== '') out[k] = p[k];
  return out;
}

// ---- the faults --------------------------------------------------------------------------------------------

const events = [];
function mark(what) {
  events.push({ at: Date.now() - started, what });
  log(what);
}

async function killOneApi() {
  phase = 'kill API server';
  mark('SIGKILL API server 2');
  signalGroup('api_2', 'SIGKILL');
  await sleep(8000);
  mark('restart API server 2');
  startApi(1);
  await waitApi(1);
  await sleep(3000);
}

async function rollingRestart() {
  phase = 'rolling restart';
  for (let i = 0; i < PORTS.api.length; i++) {
    mark(`API server ${i + 1} out of nginx's rotation, SIGTERM, restart`);
    await restartApiPlanned(i);
    mark(`API server ${i + 1} ready again and back in rotation`);
    await sleep(2000);
  }
}

async function failover() {
  phase = 'database failover';
  const primary = nodeStates().find((n) => n.reported === 'primary');
  if (!primary) throw new Error('no primary before the failover');
  const standby = NODES.find((n) => n !== primary.name);
  const standbyPort = PORTS.nodes[standby];
  const killedAt = Date.now() - started;
  mark(`SIGKILL PostgreSQL primary ${primary.name} (keeper and postgres)`);
  signalGroup(`node_${primary.name}`, 'SIGKILL');
  await waitFor(`promotion of ${standby}`, () => psql(standbyPort, 'show transaction_read_only') === 'off', 90_000);
  const promotedAt = Date.now() - started;
  mark(`${standby} accepts writes`);
  await sleep(8000);
  phase = 'old primary rejoins';
  mark(`start ${primary.name}'s keeper again`);
  startNode(primary.name);
  await waitFor(`${primary.name} as the new standby`, () => { nudgeCheckpoints(); return healthyPair(); }, 120_000);
  mark(`${primary.name} is the synchronous standby of ${standby}`);
  return { killed: primary.name, promoted: standby, killedAt, promotedAt };
}

// ---- the checks ------------------------------------------------------------------------------------------

function sqlList(values) {
  return values.map((v) => `'${String(v).replace(/'/g, "''")}'`).join(',');
}

async function verify(token) {
  const checks = [];
  const primaryPort = PORTS.nodes[nodeStates().find((n) => n.reported === 'primary').name];

  const ids = acknowledged.bookings.map((b) => b.id);
  const found = ids.length ? Number(psql(primaryPort, `select count(*) from appointments where id in (${sqlList(ids)})`)) : 0;
  checks.push({ check: 'acknowledged bookings present', ok: found === ids.length, detail: `${found} of ${ids.length}` });

  const overlaps = Number(psql(primaryPort, `
    select count(*) from appointments a join appointments b
      on a.doctor_id = b.doctor_id and a.id < b.id
     and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
   where a.status in ('scheduled', 'arrived', 'in_consultation') and b.status in ('scheduled', 'arrived', 'in_consultation')
     and not a.overbooked and not b.overbooked
     and (a.reason = 'Chaos booking ${tag}' or b.reason = 'Chaos booking ${tag}')`));
  checks.push({ check: 'no double booking', ok: overlaps === 0, detail: `${overlaps} overlapping pairs` });

  let editsOk = 0;
  const editProblems = [];
  const acked = [...acknowledged.edits.entries()].filter(([, h]) => h.acked);
  for (const [id, h] of acked) {
    const r = await call('GET', `/api/patients/${id}`, { token });
    const p = r.body?.data;
    // The last acknowledged edit, or an edit tried after it whose answer was lost, is what the record holds.
    const later = h.attempts.slice(h.acked.attemptIndex + 1);
    const ok = p && p.version >= h.acked.version
      && (p.version === h.acked.version ? p.address === h.acked.value : later.includes(p.address));
    if (ok) editsOk++;
    else editProblems.push({ id, expected: h.acked, got: p ? { version: p.version, address: p.address } : r.status });
  }
  checks.push({ check: 'acknowledged patient edits present', ok: editsOk === acked.length, detail: `${editsOk} of ${acked.length}`, problems: editProblems.slice(0, 5) });

  let same = 0;
  const uploadProblems = [];
  for (const u of acknowledged.uploads) {
    const r = await call('GET', u.url, { token, raw: true });
    const sha = r.bytes ? createHash('sha256').update(r.bytes).digest('hex') : null;
    if (sha === u.sha256) same++;
    else uploadProblems.push({ url: u.url, status: r.status });
  }
  checks.push({ check: 'acknowledged uploads byte-identical', ok: same === acknowledged.uploads.length, detail: `${same} of ${acknowledged.uploads.length}`, problems: uploadProblems.slice(0, 5) });

  const rolling5xx = requests.filter((r) => r.phase === 'rolling restart' && r.status >= 500).length;
  const rollingNet = requests.filter((r) => r.phase === 'rolling restart' && r.status === 0).length;
  checks.push({ check: 'no 5xx during the rolling restart', ok: rolling5xx === 0 && rollingNet === 0, detail: `${rolling5xx} 5xx, ${rollingNet} network errors` });
  return checks;
}

/** Seconds without any successful write: from the kill to the end of the first 2xx write sent after it. */
function unavailability(fail) {
  const writes = requests.filter((r) => r.kind !== 'read');
  const firstOk = writes.filter((r) => r.t0 >= fail.killedAt && r.status >= 200 && r.status < 300).sort((a, b) => a.t1 - b.t1)[0];
  const lastOkBefore = writes.filter((r) => r.t1 <= fail.killedAt && r.status >= 200 && r.status < 300).sort((a, b) => b.t1 - a.t1)[0];
  const failedAfter = requests.filter((r) => r.t0 >= fail.killedAt && (r.status >= 500 || r.status === 0));
  const lastFail = failedAfter.sort((a, b) => b.t1 - a.t1)[0];
  return {
    promotionSeconds: +((fail.promotedAt - fail.killedAt) / 1000).toFixed(1),
    writesUnavailableSeconds: firstOk ? +((firstOk.t1 - fail.killedAt) / 1000).toFixed(1) : null,
    lastFailedRequestSeconds: lastFail ? +((lastFail.t1 - fail.killedAt) / 1000).toFixed(1) : 0,
    lastWriteBeforeKillSeconds: lastOkBefore ? +((fail.killedAt - lastOkBefore.t1) / 1000).toFixed(1) : null,
  };
}

function table(rows, columns) {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells) => cells.map((c, i) => String(c ?? '').padEnd(widths[i])).join('  ');
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(columns.map((c) => r[c])))].join('\n');
}

// ---- the run -------------------------------------------------------------------------------------------------

let exitCode = 1;
try {
  log('fresh cluster');
  await down();
  await up();
  const login = await call('POST', '/api/auth/login', { json: { email: 'admin', password: 'Demo@1234' } });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  const token = login.body.data.accessToken;
  const services = (await call('GET', '/api/services?allData=true', { token })).body.data;
  const places = services.filter((s) => s.clinic?._id && (s.doctors ?? []).length).map((s) => ({ clinic: s.clinic._id, service: s._id }));
  const patients = (await call('GET', '/api/patients?allData=true', { token })).body.data.map((p) => p._id);
  if (!places.length || patients.length < CLIENTS) throw new Error('the demo organisation has no bookable services or too few patients');
  log(`load: ${CLIENTS} clients through nginx on ${PUBLIC_URL}; ${places.length} bookable services, ${patients.length} patients`);

  const load = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n, { token, places, patients })));
  await sleep(8000);
  await killOneApi();
  await rollingRestart();
  phase = 'steady';
  await sleep(4000);
  const fail = await failover();
  phase = 'after failover';
  await sleep(6000);
  stopLoad = true;
  await load;

  const phases = [...new Set(requests.map((r) => r.phase))];
  const perPhase = phases.map((p) => {
    const rs = requests.filter((r) => r.phase === p);
    return {
      phase: p,
      requests: rs.length,
      '2xx': rs.filter((r) => r.status >= 200 && r.status < 300).length,
      '4xx': rs.filter((r) => r.status >= 400 && r.status < 500).length,
      '5xx': rs.filter((r) => r.status >= 500).length,
      'network errors': rs.filter((r) => r.status === 0).length,
      'failed writes': rs.filter((r) => r.kind !== 'read' && (r.status >= 500 || r.status === 0)).length,
    };
  });
  const outage = unavailability(fail);
  const checks = await verify(token);
  const statusCounts = {};
  for (const r of requests) statusCounts[r.status] = (statusCounts[r.status] ?? 0) + 1;

  process.stdout.write(`\n${table(perPhase, ['phase', 'requests', '2xx', '4xx', '5xx', 'network errors', 'failed writes'])}\n\n`);
  process.stdout.write(`failover: ${fail.killed} killed, ${fail.promoted} promoted after ${outage.promotionSeconds} s; ` +
    `writes unavailable for ${outage.writesUnavailableSeconds} s; last failed request ${outage.lastFailedRequestSeconds} s after the kill\n\n`);
  process.stdout.write(`${table(checks.map((c) => ({ ...c, ok: c.ok ? 'ok' : 'FAILED' })), ['check', 'ok', 'detail'])}\n\n`);

  const result = {
    run: runId,
    clients: CLIENTS,
    durationSeconds: Math.round((Date.now() - started) / 1000),
    databaseUrl: DATABASE_URL,
    events,
    phases: perPhase,
    statusCounts,
    failuresOutsideFailover: failures,
    refusals,
    failover: { ...fail, ...outage },
    acknowledged: { bookings: acknowledged.bookings.length, patientEdits: [...acknowledged.edits.values()].filter((h) => h.acked).length, uploads: acknowledged.uploads.length },
    checks,
  };
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `cluster-${runId}.json`);
  writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  log(`results in ${path.relative(ROOT, file)}`);
  exitCode = checks.every((c) => c.ok) ? 0 : 1;
} catch (err) {
  log(`chaos run failed: ${err instanceof Error ? err.stack : String(err)}`);
  stopLoad = true;
} finally {
  if (process.env.CHAOS_KEEP === '1') log('cluster left running (CHAOS_KEEP=1); npm run cluster -- down stops it');
  else await down({ keep: exitCode !== 0 }).catch(() => {});
}
process.exit(exitCode);
