import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { getVitalRanges, saveVitalRanges } from './ranges-api';
import { getVitals, markVitalsInError, recordVitals } from './vitals-api';

const id = 'a/b 1';

describe('the vitals requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => getVitals(id),
      () => getVitals(id, { vital: 'temperature', limit: 500, from: '2026-01-01T00:00:00Z' }),
      () => recordVitals(id, { temperature: 101.3, temperatureUnit: 'F', weight: 154, weightUnit: 'lb', heightUnit: 'cm', glucoseUnit: 'mmol/L' }),
      () => markVitalsInError(id, 'v 2', 'Wrong patient'),
      () => getVitalRanges(),
      () => saveVitalRanges({ adult: { pulse: { low: 50, high: 110, criticalLow: 40, criticalHigh: 150 } }, child: {} }),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/patients/a%2Fb%201/vitals?limit=100",
        "GET /api/patients/a%2Fb%201/vitals?limit=500&vital=temperature&from=2026-01-01T00%3A00%3A00Z",
        "POST /api/patients/a%2Fb%201/vitals {"temperature":101.3,"temperatureUnit":"F","weight":154,"weightUnit":"lb","heightUnit":"cm","glucoseUnit":"mmol/L"}",
        "POST /api/patients/a%2Fb%201/vitals/v%202/entered-in-error {"reason":"Wrong patient"}",
        "GET /api/vitals/reference-ranges",
        "PUT /api/vitals/reference-ranges {"adult":{"pulse":{"low":50,"high":110,"criticalLow":40,"criticalHigh":150}},"child":{}}",
      ]
    `);
  });
});
