import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time opens the embedded database: the server while it runs, or the backup and restore commands.
 * The holder keeps DATA_DIR/db.lock, a small JSON file with its process id; another process that finds the file
 * and the process still alive is refused. A lock left behind by a process that died (a crash, a power cut) is
 * recognised as stale and taken over: the process id no longer runs, or (on Linux) it now belongs to another
 * process, started at another time or since another boot.
 */
export const LOCK_FILE = 'db.lock';

export type LockHolder = 'server' | 'backup' | 'restore' | 'files:migrate' | 'company' | 'invoices:verify';

interface LockRecord {
  pid: number;
  holder: LockHolder;
  since: string;
  host: string;
  nonce: string;
  /** Linux only: the boot this process runs in and its start time in clock ticks since that boot. */
  bootId?: string | undefined;
  startTicks?: string | undefined;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly record: Pick<LockRecord, 'pid' | 'holder' | 'since' | 'host'>,
  ) {
    const who = record.holder === 'server' ? 'the Clinic server' : `a ${record.holder} command`;
    super(
      `The data folder ${dataDir} (its embedded database) is in use by ${who} (process ${record.pid} on ${record.host}, since ${record.since}). ` +
        `Stop it first and try again; if no such process runs any more, remove ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataLock {
  readonly file: string;
  /** Removes the lock file if it is still this holder's. Safe to call more than once. */
  release(): void;
}

/** Lock files this process holds, so a second acquire in the same process is refused like any other. */
const heldHere = new Set<string>();

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  return readText('/proc/sys/kernel/random/boot_id');
}

/** Field 22 of /proc/PID/stat: when the process started, in clock ticks since boot. */
function startTicks(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote this record still runs (as far as this machine can tell). */
function holderRuns(file: string, record: LockRecord): boolean {
  if (record.host !== os.hostname()) return true; // a folder shared with another machine: cannot check, assume so
  if (record.pid === process.pid) return heldHere.has(file);
  if (!Number.isInteger(record.pid) || record.pid <= 0 || !alive(record.pid)) return false;
  if (record.bootId && bootId() && record.bootId !== bootId()) return false;
  if (record.startTicks && startTicks(record.pid) && record.startTicks !== startTicks(record.pid)) return false;
  return true;
}

function parse(text: string | undefined): LockRecord | undefined {
  if (!text) return undefined;
  try {
    const r = JSON.parse(text) as LockRecord;
    return typeof r.pid === 'number' && typeof r.nonce === 'string' ? r : undefined;
  } catch {
    return undefined;
  }
}

/** How many times a process finds a stale lock, or waits for another process taking one over, before giving up. */
const TAKEOVER_ATTEMPTS = 100;
/** A takeover guard older than this was left by a process that died while taking over (it takes microseconds). */
const TAKEOVER_GUARD_STALE_MS = 10_000;

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes the lock file if it still holds `staleText`, the record judged stale. Several processes may find the same
 * stale lock at once: removing it by name, one of them could remove the lock another has just taken in its place, and
 * both would then hold the folder. So a takeover happens under a guard file that one process at a time creates; under
 * it, the lock is removed only while it is still the stale one. A process that finds the guard waits and looks again.
 */
function removeStale(file: string, staleText: string): void {
  const guard = `${file}.takeover`;
  let fd: number;
  try {
    fd = openSync(guard, 'wx', 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    try {
      if (Date.now() - statSync(guard).mtimeMs > TAKEOVER_GUARD_STALE_MS) unlinkSync(guard);
    } catch { /* gone meanwhile */ }
    pause(20);
    return;
  }
  try {
    if (readText(file) === staleText) {
      try { unlinkSync(file); } catch { /* already gone */ }
    }
  } finally {
    closeSync(fd);
    try { unlinkSync(guard); } catch { /* already gone */ }
  }
}

/**
 * Takes DATA_DIR/db.lock for this process, or throws DataDirLockedError naming the live holder. The file appears
 * with its content in one step (written aside, then hard-linked into place), so another process never reads it
 * half-written. The lock is also released when the process exits normally.
 */
export function acquireDataLock(dataDir: string, holder: LockHolder): DataLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const record: LockRecord = {
    pid: process.pid,
    holder,
    since: new Date().toISOString(),
    host: os.hostname(),
    nonce: randomBytes(12).toString('hex'),
    bootId: bootId(),
    startTicks: startTicks(process.pid),
  };
  const aside = `${file}.${process.pid}.${record.nonce}`;
  const fd = openSync(aside, 'wx', 0o644);
  try {
    writeSync(fd, JSON.stringify(record) + '\n');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(aside, file);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const text = readText(file);
      const existing = parse(text);
      if (existing && holderRuns(file, existing)) throw new DataDirLockedError(dataDir, existing);
      if (attempt >= TAKEOVER_ATTEMPTS) {
        throw new DataDirLockedError(dataDir, existing ?? { pid: 0, holder: 'server', since: 'unknown', host: os.hostname() });
      }
      // Stale: its process is gone. Remove it and try again. A lock that was gone when read is not removed: another
      // process may have linked its own in place since, and removing "whatever is there now" would take it from it.
      if (text !== undefined) removeStale(file, text);
    }
  } finally {
    try { unlinkSync(aside); } catch { /* already gone */ }
  }
  heldHere.add(file);
  const release = () => {
    if (!heldHere.delete(file)) return;
    process.removeListener('exit', release);
    if (parse(readText(file))?.nonce === record.nonce) {
      try { unlinkSync(file); } catch { /* already gone */ }
    }
  };
  process.on('exit', release);
  return { file, release };
}
