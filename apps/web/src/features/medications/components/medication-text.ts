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
 * A medication's strength and form in the interface language, as the chart shows them: "5 mg Tablet"; in Arabic the
 * form first, "قرص 5 ملغ". A form that is not a known one, or a strength's unknown words, are kept as recorded.
 */
export function strengthAndFormText(strength: string, form: string, lang: string, texts: MedicationTexts): string {
  const parts = [strengthText(strength.trim(), lang), form.trim() ? formText(form.trim(), texts) : ''];
  return (lang.startsWith('ar') ? parts.reverse() : parts).filter(Boolean).join(' ');
}
