import { describe, expect, it } from 'vitest';
import { allergyCreateInput } from '../schemas/allergy.js';
import { allergiesLine, allergiesMatching, allergyState, canRecordNoKnownAllergies, substanceKey } from './allergies.js';

const a = (substance: string, status: 'active' | 'inactive' | 'resolved' = 'active') => ({ substance, substanceKey: substanceKey(substance), status });

describe('allergy state', () => {
  it('is unknown until asked, none when recorded, allergies when one is active', () => {
    expect(allergyState([], false)).toBe('unknown');
    expect(allergyState([], true)).toBe('none');
    expect(allergyState([a('Penicillin')], false)).toBe('allergies');
    expect(allergyState([a('Penicillin')], true)).toBe('allergies');
    expect(allergyState([a('Penicillin', 'resolved')], false)).toBe('unknown');
    expect(allergyState([a('Penicillin', 'resolved')], true)).toBe('none');
  });

  it('allows "no known allergies" only while nothing is active', () => {
    expect(canRecordNoKnownAllergies([])).toBe(true);
    expect(canRecordNoKnownAllergies([a('Latex', 'inactive')])).toBe(true);
    expect(canRecordNoKnownAllergies([a('Latex')])).toBe(false);
  });
});

describe('the allergies line of a printout', () => {
  it('is never blank: the active substances in the language\'s list, none known, or not recorded', () => {
    const allergies = [a('Penicillin'), a('Latex', 'resolved'), a('Iodinated contrast')];
    expect(allergiesLine({ state: 'allergies', allergies }, 'en')).toBe('Penicillin, Iodinated contrast');
    expect(allergiesLine({ state: 'allergies', allergies }, 'ar')).toBe('Penicillin، Iodinated contrast');
    expect(allergiesLine({ state: 'none', allergies: [] }, 'en')).toBe('No known allergies');
    expect(allergiesLine({ state: 'unknown', allergies: [] }, 'ar')).toBe('الحساسية غير مسجلة: اسأل المريض');
  });
});

describe('substance matching', () => {
  it('stores a normalised key: case, Arabic letter forms, diacritics and tatweel folded', () => {
    expect(substanceKey('  PENICILLIN ')).toBe('penicillin');
    expect(substanceKey('البِنِسِلّين')).toBe('البنسلين');
    expect(substanceKey('أسبـــرين')).toBe('اسبرين');
  });

  it('matches a drug by its brand or generic name, whole words only, and only active entries', () => {
    const list = [a('Amoxicillin'), a('أسبرين'), a('Sulfa', 'resolved'), a('Penicillin')];
    expect(allergiesMatching(list, ['Augmentin 625 mg', 'Amoxicillin and clavulanic acid']).map((x) => x.substance)).toEqual(['Amoxicillin']);
    expect(allergiesMatching(list, ['اسبرين ٨١ ملغ']).map((x) => x.substance)).toEqual(['أسبرين']);
    expect(allergiesMatching(list, ['Sulfamethoxazole', 'Sulfa'])).toEqual([]);
    expect(allergiesMatching(list, ['Penicillinase-resistant'])).toEqual([]);
    expect(allergiesMatching(list, [null, undefined, ''])).toEqual([]);
  });

  it('refuses a substance without letters and takes defaults for type and status', () => {
    expect(allergyCreateInput.safeParse({ substance: '--' }).success).toBe(false);
    expect(allergyCreateInput.parse({ substance: 'Latex' })).toMatchObject({ type: 'allergy', status: 'active' });
  });
});
