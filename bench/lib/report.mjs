// The bench's targets, its printed table and its result files.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './server.mjs';

/** The issue's targets: every read at >= 0.60 of its SQL ceiling and p95 <= 25 ms at half its saturation rate. */
export const READ_TARGET = { minRatioToSql: 0.6, maxOpenP95Ms: 25 };
/** Diagnosis code search: p95 <= 50 ms at half rate (and, being a read, >= 0.60 of its SQL ceiling). */
export const CODE_SEARCH_TARGET = { minRatioToSql: 0.6, maxOpenP95Ms: 50 };
/** Booking: p95 <= 40 ms at half rate, and no double booking. */
export const BOOKING_TARGET = { maxOpenP95Ms: 40, maxDoubleBookings: 0 };

/** The machine's load, as `uptime` prints it, and the 1-minute load average. */
export function machineLoad() {
  let line;
  try {
    line = execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    line = `load average: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}`;
  }
  return { uptime: line, load1: Number(os.loadavg()[0].toFixed(2)), at: new Date().toISOString() };
}

/** Whether a row meets its target: true, false, or null when it has none (or a figure is missing). */
export function judge(row) {
  const t = row.target;
  if (!t) return null;
  const checks = [];
  // A read answered without a statement (a kept answer) has no ceiling to be held against.
  if (t.minRatioToSql !== undefined && row.sql_statements !== 0) checks.push(row.ratio_to_sql === null ? null : row.ratio_to_sql >= t.minRatioToSql);
  if (t.maxOpenP95Ms !== undefined) checks.push(row.open?.p95_ms == null ? null : row.open.p95_ms <= t.maxOpenP95Ms && row.open.errors === 0);
  if (t.maxDoubleBookings !== undefined) checks.push(row.double_bookings == null ? null : row.double_bookings <= t.maxDoubleBookings);
  if (checks.includes(false)) return false;
  return checks.includes(null) ? null : true;
}

export function targetText(t) {
  if (!t) return '—';
  const parts = [];
  if (t.minRatioToSql !== undefined) parts.push(`≥ ${t.minRatioToSql} of SQL`);
  if (t.maxOpenP95Ms !== undefined) parts.push(`p95 ≤ ${t.maxOpenP95Ms} ms at half rate`);
  if (t.maxDoubleBookings !== undefined) parts.push('no double booking');
  return parts.join(', ');
}

const metText = (m) => (m === true ? 'met' : m === false ? 'not met' : '—');

/**
 * Labels a run's figures with the machine's load when it started: idle below a load average of 1. The load at its end
 * is the run's own (the bench keeps both cores busy) and is kept beside it.
 */
export function loadLabel(start, end) {
  const state = start.load1 < 1 ? 'idle' : 'loaded';
  return `${state} (load average ${start.load1} at start, ${end?.load1 ?? '?'} at end, the run's own load)`;
}

export function printTable(rows, heading) {
  console.log(heading);
  console.table(rows.map((r) => ({
    scenario: r.scenario,
    'sat. req/s': r.rps,
    'ratio to SQL': r.ratio_to_sql ?? (r.sql_statements === 0 ? 'no SQL' : ''),
    'open p50': r.open?.p50_ms ?? '',
    'open p95': r.open?.p95_ms ?? '',
    'open p99': r.open?.p99_ms ?? '',
    'offered/achieved': r.open ? `${r.open.offered_rps}/${r.open.achieved_rps}` : '',
    'CPU ms/req: server': r.server_cpu_ms,
    database: r.db_cpu_ms ?? 'in server',
    target: targetText(r.target),
    '': metText(r.met),
  })));
}

/** The short table (`<tier>-<db>[.<label>].json`) and everything (`.details.json`). */
export function writeResults({ tier, dbKind, label, rows, details }) {
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const out = path.join(root, 'bench/results', `${tier}-${dbKind}${label ? `.${label}` : ''}.json`);
  const short = rows.map((r) => ({
    scenario: r.scenario, rps: r.rps, ratio_to_sql: r.ratio_to_sql,
    open_p50_ms: r.open?.p50_ms ?? null, open_p95_ms: r.open?.p95_ms ?? null, open_p99_ms: r.open?.p99_ms ?? null,
    open_offered_rps: r.open?.offered_rps ?? null, open_achieved_rps: r.open?.achieved_rps ?? null,
    server_cpu_ms: r.server_cpu_ms, db_cpu_ms: r.db_cpu_ms,
    p50_ms: r.p50_ms, p95_ms: r.p95_ms, p99_ms: r.p99_ms, rss_mb: r.rss_mb, ...(r.bytes ? { bytes: r.bytes } : {}),
    ...(r.booked !== undefined ? { booked: r.booked, refused: r.refused, double_bookings: r.double_bookings ?? null } : {}),
    target: targetText(r.target), met: metText(r.met), machine: details.machine.label,
  }));
  writeFileSync(out, JSON.stringify(short, null, 2) + '\n');
  writeFileSync(out.replace(/\.json$/, '.details.json'), JSON.stringify(details, null, 2) + '\n');
  return out;
}
