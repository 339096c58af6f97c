import { normaliseArabic, normalizeDrugName } from '@clinic/shared';

export interface CatalogueDrug {
  name: string;
  genericName: string;
  form: string;
  strength: string;
  nameAr: string;
}

/** The keys stored beside a catalogue drug: what a re-import matches on, what the checks compare, what search reads. */
export function drugKeys(d: CatalogueDrug) {
  const fold = (s: string) => normaliseArabic(s);
  return {
    matchKey: [fold(d.name), fold(d.form), fold(d.strength).replace(/\s+/g, '')].join('|'),
    nameKey: normalizeDrugName(d.name),
    genericKey: normalizeDrugName(d.genericName),
    searchText: fold([d.name, d.genericName, d.nameAr, d.form, d.strength].join(' ')),
  };
}
