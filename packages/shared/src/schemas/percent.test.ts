import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as shared from '../index.js';
import { translate } from '../messages/index.js';

/**
 * Every percentage is 0..100: the VAT rate, an insurer's coverage and a payment method's processing fee, wherever a
 * form or the API takes them. The fields are found by walking every input schema the package exports, so a new
 * percentage field that does not use `percentSchema` fails here.
 */

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; options?: z.ZodType[] };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * A name that says percentage (amounts such as a discount or a consultation fee are minor units, not percentages; a
 * VAT number is an identifier).
 */
const PERCENT_NAME = /percent|processingFee|^coverage(?!Details)|^vat(?!Number)/i;

function percentFields(schema: z.ZodType, path: string, out: Map<string, z.ZodType>, seen = new Set<z.ZodType>()) {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = defOf(schema);
  if (def.type === 'object') {
    for (const [key, field] of Object.entries(def.shape ?? {})) {
      if (PERCENT_NAME.test(key)) out.set(`${path}.${key}`, field);
      else percentFields(field, `${path}.${key}`, out, seen);
    }
    return;
  }
  const inner = [def.element, def.innerType, def.in, def.out, ...(def.options ?? [])].filter(Boolean) as z.ZodType[];
  for (const s of inner) percentFields(s, def.type === 'array' ? `${path}[]` : path, out, seen);
}

const inputs = Object.entries(shared).filter(([name, value]) =>
  /(Input|Row|Query|Values)$/.test(name) && typeof value === 'object' && value !== null && '_zod' in value);
const fields = new Map<string, z.ZodType>();
for (const [name, schema] of inputs) percentFields(schema as z.ZodType, name, fields);

const MESSAGE = translate(shared.PERCENT_MESSAGE, 'en');

describe('percentages are 0 to 100 everywhere', () => {
  it('finds every percentage field of the forms and the API', () => {
    expect([...fields.keys()].sort()).toEqual([
      'billingSettingsInput.vatRatePercent',
      'clinicInput.insuranceCompany[].coveragePercentage',
      'clinicInput.onlinePaymentMethods[].processingFees',
      'clinicUpdateInput.insuranceCompany[].coveragePercentage',
      'clinicUpdateInput.onlinePaymentMethods[].processingFees',
      'companyInput.insuranceCompany[].coveragePercentage',
      'companyInput.onlinePaymentMethods[].processingFees',
      'companyUpdateInput.insuranceCompany[].coveragePercentage',
      'companyUpdateInput.onlinePaymentMethods[].processingFees',
      'complexInput.insuranceCompany[].coveragePercentage',
      'complexInput.onlinePaymentMethods[].processingFees',
      'complexUpdateInput.insuranceCompany[].coveragePercentage',
      'complexUpdateInput.onlinePaymentMethods[].processingFees',
      'doctorShareRuleInput.percent',
      'doctorShareRuleInput.tiers[].percent',
      'insuranceRow.coveragePercentage',
      'paymentMethodRow.processingFees',
    ]);
    expect(translate(shared.PERCENT_MESSAGE, 'ar')).not.toBe(shared.PERCENT_MESSAGE);
  });

  const table = [...fields.entries()].flatMap(([path, schema]) => [
    ...[-1, 100.01, 1e9, 150, 12.345, Number.POSITIVE_INFINITY, 'abc'].map((value) => ({ path, schema, value, ok: false })),
    ...[0, 100, 15, 2.5, '7.25', '١٥'].map((value) => ({ path, schema, value, ok: true })),
  ]);

  it.each(table)('$path: $value is ok=$ok', ({ schema, value, ok }) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(ok);
    if (!ok) expect(translate(result.error!.issues[0]!.message, 'en')).toBe(MESSAGE);
  });
});
