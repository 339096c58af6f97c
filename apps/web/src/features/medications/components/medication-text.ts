import { unitText, type DoseUnit } from '@clinic/shared';

/** What the helpers need of i18next: a text by key, and whether the active language (or its fallback) has a key. */
export interface MedicationTexts {
  t: (key: string, options?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
}

/** The strength units a catalogue writes after a number ("500 mg", "120 mg/5 mL"), by their lower-case spelling. */
const STRENGTH_UNITS: Record<string, DoseUnit> = { mg: 'mg', g: 'g', mcg: 'mcg', ml: 'mL', iu: 'IU' };

/** The drug's name in the interface language: the catalogue's Arabic name in Arabic where it has one, else its name. */
export function medicationName(name: string, arabicName: string | null | undefined, lang: string): string {
  return lang.startsWith('ar') && arabicName?.trim() ? arabicName.trim() : name;
}

/** A strength in the language's units: "120 mg/5 mL" reads "120 ملغ/5 مل" in Arabic (the units of the directions). */
export function strengthText(strength: string, lang: string): string {
  if (!lang.startsWith('ar')) return strength;
  return strength
    .replace(/(\d)\s*(mcg|mg|ml|iu|g)(?![a-z])/gi, (_m, digit: string, unit: string) => `${digit} ${unitText(STRENGTH_UNITS[unit.toLowerCase()]!, lang)}`)
    .replace(/(\d)\s*%/g, '$1٪');
}

/** A catalogue form's key among the known forms: "Pre-filled pen" is `pre_filled_pen`; '' for a form not in Latin letters. */
export const formKey = (form: string) => form.trim().toLowerCase().replace(/[^a-z]+/g, '_').replace(/^_+|_+$/g, '');

/** A catalogue form in the interface language where it is a known one ("Tablet" is "قرص"), else as the catalogue writes it. */
export function formText(form: string, { t, exists }: MedicationTexts): string {
  const key = formKey(form);
  return key && exists(`medicines.forms.${key}`) ? t(`medicines.forms.${key}`) : form;
}

/**
 * A medication's "strength form" as the chart writes it ("5 mg Tablet", "457 mg/5 mL Oral suspension") in the
 * interface language: the form is the longest known form ending it, the strength the rest; in Arabic the form comes
 * first ("قرص 5 ملغ"). Unknown words are kept as they are.
 */
export function strengthAndFormText(detail: string, lang: string, texts: MedicationTexts): string {
  const words = detail.trim().split(/\s+/);
  for (let n = Math.min(4, words.length); n >= 1; n -= 1) {
    const form = words.slice(-n).join(' ');
    const key = formKey(form);
    if (!key || !texts.exists(`medicines.forms.${key}`)) continue;
    const strength = strengthText(words.slice(0, -n).join(' '), lang);
    const named = formText(form, texts);
    return (lang.startsWith('ar') ? [named, strength] : [strength, named]).filter(Boolean).join(' ');
  }
  return strengthText(detail, lang);
}
