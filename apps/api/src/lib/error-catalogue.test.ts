import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@clinic/shared';

/*
 * The API answers only codes of the shared catalogue: every code its source writes where an error is made (AppError,
 * sendError and the helpers that build them, `code: '…'` in a domain refusal, the *Code types, the code maps, a
 * defaulted ErrorCode parameter) must have an entry, and every entry must still be answered somewhere. The compiler
 * checks the call sites too; this reads the text, so a code that reaches the envelope some other way is caught.
 */

const SRC = path.resolve(import.meta.dirname, '..');
const CODE = /'([A-Z][A-Z0-9_]{3,})'/g;
/** Calls whose arguments carry a code. */
const MAKERS = /\b(?:new AppError|sendError|unauthorized|conflict|ruleError|err|fail|fieldFail)\(/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sources(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

/** The text from an opening parenthesis (or brace) to its match. */
function balanced(text: string, open: number): string {
  const pair = text[open] === '(' ? ['(', ')'] : ['{', '}'];
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === pair[0]) depth++;
    else if (text[i] === pair[1] && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

const literals = (text: string) => [...text.matchAll(CODE)].map((m) => m[1]!);

/** Every code the file writes where an error is made, with where. */
function codesIn(file: string): Array<{ code: string; at: string }> {
  const text = readFileSync(file, 'utf8');
  const at = (index: number) => `${path.relative(SRC, file)}:${text.slice(0, index).split('\n').length}`;
  const found: Array<{ code: string; at: string }> = [];
  const add = (snippet: string, index: number) => literals(snippet).forEach((code) => found.push({ code, at: at(index) }));
  for (const m of text.matchAll(MAKERS)) add(balanced(text, m.index + m[0].length - 1), m.index);
  // `code: '…'` is also a lab test's code in the demo's order catalogue, a FHIR coding's code and the local fake tax
  // authority's message codes: not read there.
  const dataCodes = /^(seed|modules\/fhir)\/|zatca-fake\.ts$/.test(path.relative(SRC, file));
  for (const m of text.matchAll(dataCodes ? /\bErrorCode = '[A-Z][A-Z0-9_]*'/g : /\bcode: '[A-Z][A-Z0-9_]*'|\bErrorCode = '[A-Z][A-Z0-9_]*'/g)) add(m[0], m.index);
  for (const m of text.matchAll(/\btype \w*Code =[^;]*;/g)) add(m[0], m.index);
  for (const m of text.matchAll(/\{[^{}]*\}\s*as const satisfies Record<[^>]*ErrorCode>/g)) add(m[0], m.index);
  return found;
}

const used = sources(SRC).flatMap(codesIn);

describe('error catalogue (API)', () => {
  it('reads the codes from every way the API makes an error', () => {
    const codes = new Set(used.map((u) => u.code));
    // One of each: AppError, a helper, sendError, `code:` in a domain refusal, a *Code type, a code map.
    for (const code of ['DOCTOR_DOUBLE_BOOKED', 'TOKEN_EXPIRED', 'VALIDATION_FAILED', 'PLAN_LIMIT_REACHED', 'CLINIC_HOLIDAY', 'PATIENT_NOT_FOUND', 'ALREADY_INVOICED']) {
      expect(codes.has(code), code).toBe(true);
    }
  });

  it('has a catalogue entry (status and message) for every code the API answers', () => {
    const missing = used.filter((u) => !Object.hasOwn(ERROR_CODES, u.code)).map((u) => `${u.code} (${u.at})`);
    expect(missing).toEqual([]);
  });

  it('lists no code the API never answers', () => {
    const codes = new Set(used.map((u) => u.code));
    // STALE_RECORD is made through the shared constant of the same name.
    expect(Object.keys(ERROR_CODES).filter((code) => !codes.has(code) && code !== 'STALE_RECORD')).toEqual([]);
  });
});
