import { afterEach, describe, expect, it } from 'vitest';
import type { ChartVital } from '@clinic/shared';
import { i18n } from '@/lib/i18n';
import { setDisplay } from '@/lib/format/display';
import { setLanguage } from '@/test/utils';
import { entryDetailParts } from './entry-detail';

const texts = { t: (key: string) => i18n.t(key), exists: (key: string) => i18n.exists(key) };
const readings: ChartVital[] = [
  { vital: 'systolic', value: 125, unit: 'mmHg' }, { vital: 'diastolic', value: 80, unit: 'mmHg' }, { vital: 'pulse', value: 85, unit: 'bpm' },
  { vital: 'temperature', value: 36.5, unit: 'C' }, { vital: 'spo2', value: 97, unit: '%' }, { vital: 'weight', value: 60, unit: 'kg' },
  { vital: 'glucose', value: 5.6, unit: 'mmol/L' },
];
const vitals = { detail: null, vitals: readings };
const medication = (strength: string, form: string) => ({ detail: null, medication: { strength, form } });

afterEach(async () => {
  setDisplay({ hijriMode: 'off', digits: 'latn' });
  await setLanguage('en');
});

describe('a chart entry’s detail', () => {
  it('writes the vitals with the vitals card’s Arabic units, in the user’s digits', async () => {
    await setLanguage('ar');
    expect(entryDetailParts(vitals, 'ar', texts)).toEqual(['125/80 ملم زئبق', '♥ 85/د', '36.5 °م', 'SpO₂ 97٪', '60 كغ', '5.6 مليمول/لتر']);
    setDisplay({ hijriMode: 'off', digits: 'arab' });
    expect(entryDetailParts(vitals, 'ar', texts)).toEqual(['١٢٥/٨٠ ملم زئبق', '♥ ٨٥/د', '٣٦٫٥ °م', 'SpO₂ ٩٧٪', '٦٠ كغ', '٥٫٦ مليمول/لتر']);
  });

  it('writes each value in the unit it was entered in, with that unit’s decimals', async () => {
    await setLanguage('ar');
    const entered = { detail: null, vitals: [{ vital: 'temperature', value: 98.6, unit: 'F' }, { vital: 'weight', value: 154.3, unit: 'lb' }, { vital: 'glucose', value: 101, unit: 'mg/dL' }] satisfies ChartVital[] };
    expect(entryDetailParts(entered, 'ar', texts)).toEqual(['98.6 °ف', '154.3 رطل', '101 ملغ/دسل']);
  });

  it('writes the vitals in English as the vitals card does', async () => {
    await setLanguage('en');
    expect(entryDetailParts(vitals, 'en', texts).join(' · ')).toBe('125/80 mmHg · ♥ 85/min · 36.5 °C · SpO₂ 97% · 60 kg · 5.6 mmol/L');
    expect(entryDetailParts({ detail: null, vitals: [{ vital: 'pulse', value: 72, unit: 'bpm' }, { vital: 'respiratoryRate', value: 16, unit: '/min' }] }, 'en', texts))
      .toEqual(['♥ 72/min', '16/min']);
  });

  it('writes a medication’s strength and form in Arabic, the form first', async () => {
    await setLanguage('ar');
    expect(entryDetailParts(medication('5 mg', 'Tablet'), 'ar', texts)).toEqual(['قرص 5 ملغ']);
    expect(entryDetailParts(medication('457 mg/5 mL', 'Oral suspension'), 'ar', texts)).toEqual(['معلّق فموي 457 ملغ/5 مل']);
    expect(entryDetailParts(medication('10 mg', 'Unknownform'), 'ar', texts)).toEqual(['Unknownform 10 ملغ']);
    expect(entryDetailParts(medication('', 'Tablet'), 'ar', texts)).toEqual(['قرص']);
    expect(entryDetailParts(medication('', ''), 'ar', texts)).toEqual([]);
    await setLanguage('en');
    expect(entryDetailParts(medication('5 mg', 'Tablet'), 'en', texts)).toEqual(['5 mg Tablet']);
  });

  it('leaves codes and free text alone', async () => {
    await setLanguage('ar');
    expect(entryDetailParts({ detail: 'J01.9' }, 'ar', texts)).toEqual(['J01.9']);
    expect(entryDetailParts({ detail: null }, 'ar', texts)).toEqual([]);
  });
});
