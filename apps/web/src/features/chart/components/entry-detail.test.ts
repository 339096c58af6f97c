import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { setLanguage } from '@/test/utils';
import { entryDetailParts } from './entry-detail';

const texts = { t: (key: string) => i18n.t(key), exists: (key: string) => i18n.exists(key) };
const vitals = { kind: 'vitals' as const, detail: '125/80 mmHg · ♥ 85/min · 36.5 °C · SpO₂ 97% · 60 kg · 5.6 mmol/L' };

afterEach(() => setLanguage('en'));

describe('a chart entry’s detail', () => {
  it('writes the vitals with the vitals card’s Arabic units', async () => {
    await setLanguage('ar');
    expect(entryDetailParts(vitals, 'ar', texts)).toEqual(['125/80 ملم زئبق', '♥ 85/د', '36.5 °م', 'SpO₂ 97٪', '60 كغ', '5.6 مليمول/لتر']);
  });

  it('keeps the English digest as the API writes it', async () => {
    await setLanguage('en');
    expect(entryDetailParts(vitals, 'en', texts).join(' · ')).toBe(vitals.detail);
  });

  it('writes a medication’s strength and form in Arabic, the form first', async () => {
    await setLanguage('ar');
    expect(entryDetailParts({ kind: 'medication', detail: '5 mg Tablet' }, 'ar', texts)).toEqual(['قرص 5 ملغ']);
    expect(entryDetailParts({ kind: 'medication', detail: '457 mg/5 mL Oral suspension' }, 'ar', texts)).toEqual(['معلّق فموي 457 ملغ/5 مل']);
    expect(entryDetailParts({ kind: 'medication', detail: '10 mg Unknownform' }, 'ar', texts)).toEqual(['10 ملغ Unknownform']);
    await setLanguage('en');
    expect(entryDetailParts({ kind: 'medication', detail: '5 mg Tablet' }, 'en', texts)).toEqual(['5 mg Tablet']);
  });

  it('leaves codes and free text alone', async () => {
    await setLanguage('ar');
    expect(entryDetailParts({ kind: 'diagnosis', detail: 'J01.9' }, 'ar', texts)).toEqual(['J01.9']);
    expect(entryDetailParts({ kind: 'allergy', detail: null }, 'ar', texts)).toEqual([]);
  });
});
