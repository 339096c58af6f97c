import { describe, expect, it } from 'vitest';
import { planAllows, planFromNumber, hasPermission } from './constants.js';
import { messagesAr, messagesEn, translate } from './messages/index.js';
import { pluralBase, pluralProblems } from './messages/plurals.js';
import { buildPagination, listCountCap, listQuerySchema, pageWindow } from './schemas/common.js';
import { loginInput } from './schemas/auth.js';
import { routes } from './contract/index.js';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`])).sort();
}

describe('message catalogue', () => {
  it('has the same keys in English and Arabic (a counted text once per plural form of each), with no empty text', () => {
    const bases = (tree: object) => [...new Set(keys(tree).map(pluralBase))].sort();
    expect(bases(messagesAr)).toEqual(bases(messagesEn));
    for (const k of keys(messagesAr)) expect(translate(k, 'ar').trim(), k).not.toBe('');
  });

  it('writes every counted text in all plural forms of its language, never as "(s)"', () => {
    const flat = (tree: object) => new Map(keys(tree).map((k) => [k, translate(k, tree === messagesAr ? 'ar' : 'en')]));
    expect(pluralProblems('en', flat(messagesEn))).toEqual([]);
    expect(pluralProblems('ar', flat(messagesAr))).toEqual([]);
    expect(pluralProblems('en', new Map([['a', '{{count}} visit(s)']]))).toEqual(['a: shows {{count}} but has no plural forms', 'a: "(s)" instead of plural forms']);
    expect(pluralProblems('ar', new Map([['a_one', 'x'], ['a_other', '{{count}} y']]))).toEqual(['a: has forms one, other; ar needs few, many, one, other, two, zero']);
  });

  it('picks the plural form of the count, in each language', () => {
    const said = (lang: string, count: number) => translate('errors.roleInUse', lang, { count });
    expect(said('en', 1)).toBe('This role is assigned to 1 user. Remove it from them before deleting it.');
    expect(said('en', 3)).toBe('This role is assigned to 3 users. Remove it from them before deleting it.');
    expect(said('ar', 1)).toContain('مستخدم واحد');
    expect(said('ar', 2)).toContain('مستخدمَين');
    expect(said('ar', 3)).toContain('3 مستخدمين');
    expect(said('ar', 11)).toContain('11 مستخدمًا');
    expect(said('ar', 100)).toContain('100 مستخدم.');
    // Without a count, the general form is used.
    expect(translate('errors.roleInUse', 'en')).toContain('{{count}} users');
  });

  it('fills placeholders and falls back to the key for unknown keys', () => {
    expect(translate('errors.tooManyAttempts', 'en', { minutes: 15 })).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    expect(translate('no.such.key', 'ar')).toBe('no.such.key');
  });
});

describe('plans and permissions', () => {
  it('orders plan tiers clinic < department < complex < company', () => {
    expect(planAllows('company', 'complex')).toBe(true);
    expect(planAllows('complex', 'company')).toBe(false);
    expect(planAllows('clinic', 'department')).toBe(false);
    expect(planAllows(null, 'company')).toBe(true);
    expect([1, 2, 3, 4, 9].map(planFromNumber)).toEqual(['clinic', 'company', 'complex', 'department', 'clinic']);
  });

  it('admin implies every permission', () => {
    expect(hasPermission(['admin'], 'patient_write')).toBe(true);
    expect(hasPermission(['patient_read'], 'patient_write', 'patient_read')).toBe(true);
    expect(hasPermission(['patient_read'], 'patient_write')).toBe(false);
  });
});

describe('list queries', () => {
  const q = listQuerySchema(['_id', 'name']);
  it('applies the documented defaults', () => {
    expect(q.parse({})).toMatchObject({ page: 1, limit: 10, sortBy: '_id', order: 'desc' });
  });
  it('refuses unknown sort fields and page sizes with message keys', () => {
    const r = q.safeParse({ sortBy: 'password', limit: '7' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message).sort()).toEqual(['errors.sortField', 'validation.invalidLimit']);
  });
  it('computes page windows and pagination blocks', () => {
    expect(pageWindow({ page: 3, limit: 5 })).toEqual({ page: 3, limit: 5, offset: 10 });
    expect(pageWindow({ page: 0, limit: 0, allData: true })).toEqual({ page: 1, limit: 1000, offset: 0 });
    expect(buildPagination(2, 10, 25)).toEqual({ current_page: 2, items_per_page: 10, has_next_page: true, has_previous_page: true, total_items: 25, total_pages: 3, total_exact: true });
    // A bounded count: the last known page is not the last page.
    expect(buildPagination(100, 10, 1000, false)).toMatchObject({ has_next_page: true, total_items: 1000, total_pages: 100, total_exact: false });
    expect(listCountCap({ offset: 0, limit: 10 })).toBe(1000);
    expect(listCountCap({ offset: 4990, limit: 10 })).toBe(5090);
    expect(listCountCap({ offset: 0, limit: 10 }, 100)).toBe(100);
  });
});

describe('sign-in form', () => {
  it('uses the spec messages', () => {
    const r = loginInput.safeParse({ email: '', password: '12' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['validation.usernameRequired', 'validation.passwordMin6']);
  });
});

describe('request bodies', () => {
  /** The object a body's schema checks, under its defaults, optionals, transforms and refinements. */
  function objectOf(schema: unknown): { type: string; catchall?: unknown; shape?: object } | undefined {
    let s = schema as { _zod?: { def: Record<string, unknown> } } | undefined;
    for (let i = 0; i < 10 && s?._zod; i++) {
      const def = s._zod.def;
      if (def.type === 'object') return def as { type: string; catchall?: unknown };
      s = (def.innerType ?? def.in ?? def.schema) as typeof s;
    }
    return s?._zod?.def as { type: string } | undefined;
  }

  it('refuses unknown fields in every JSON body of the contract, so a misspelt field is an error, never silently dropped', () => {
    const loose: string[] = [];
    for (const area of Object.values(routes)) {
      for (const route of Object.values(area) as Array<{ method: string; path: string; body?: unknown }>) {
        if (!route.body || route.body === 'form-data') continue;
        const def = objectOf(route.body);
        if (def?.type !== 'object' || !def.catchall) loose.push(`${route.method} ${route.path}`);
      }
    }
    expect(loose).toEqual([]);
  });
});
