import { describe, expect, it } from 'vitest';
import { medicationName, strengthText } from './medication-text';

describe('medication names and strengths in the interface language', () => {
  it('names a drug in Arabic only in Arabic and only where the catalogue has an Arabic name', () => {
    expect(medicationName('Lipitor', 'ليبيتور', 'ar')).toBe('ليبيتور');
    expect(medicationName('Lipitor', 'ليبيتور', 'en')).toBe('Lipitor');
    expect(medicationName('Lipitor', '', 'ar')).toBe('Lipitor');
    expect(medicationName('Lipitor', undefined, 'ar')).toBe('Lipitor');
  });

  it('writes strength units as the directions do', () => {
    expect(strengthText('120 mg/5 mL', 'ar')).toBe('120 ملغ/5 مل');
    expect(strengthText('1 g', 'ar')).toBe('1 غ');
    expect(strengthText('1%', 'ar')).toBe('1٪');
    expect(strengthText('120 mg/5 mL', 'en')).toBe('120 mg/5 mL');
  });
});
