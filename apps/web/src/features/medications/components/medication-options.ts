import { useTranslation } from 'react-i18next';
import {
  DOSE_UNITS, FREQUENCY_CODES, MEDICATION_ROUTES, doseText, frequencyText, routeText, unitText, type PatientMedicationRecord,
} from '@clinic/shared';

/** The selects' options in the interface language: frequencies written out with their code, routes, units. */
export function useMedicationOptions() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    frequencies: FREQUENCY_CODES.map((code) => ({ value: code, label: `${frequencyText(code, lang)} (${code})` })),
    routes: MEDICATION_ROUTES.map((r) => ({ value: r, label: routeText(r, lang) })),
    units: DOSE_UNITS.map((u) => ({ value: u, label: unitText(u, lang) })),
  };
}

/** "1 tablet · twice daily · By mouth", in the interface language. */
export function directionsText(m: Pick<PatientMedicationRecord, 'dose' | 'unit' | 'frequency' | 'route'>, lang: string): string {
  return [
    m.dose !== null && m.unit ? doseText(m.dose, m.unit, lang) : null,
    frequencyText(m.frequency, lang),
    routeText(m.route, lang),
  ].filter(Boolean).join(' · ');
}
