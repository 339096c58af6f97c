import type { Site, SiteClinic } from './api';

/** The steps of a booking, in order; a step with a single possible answer is answered for the patient. */
export const STEPS = ['clinic', 'service', 'doctor', 'day', 'time', 'details', 'code', 'done'] as const;
export type Step = (typeof STEPS)[number];
export const ANY_DOCTOR = 'any';

export interface Slot { datetime: string; doctor: { _id: string; name: string } }
export interface Choice {
  clinic?: string;
  service?: string;
  /** A doctor's id, or ANY_DOCTOR. */
  doctor?: string;
  date?: string;
  slot?: Slot;
}

export interface Details {
  name: string;
  phone: string;
  dateOfBirth: string;
  gender: '' | 'female' | 'male';
  identity: string;
  whatsapp: boolean;
}
export const EMPTY_DETAILS: Details = { name: '', phone: '', dateOfBirth: '', gender: '', identity: '', whatsapp: false };

export const clinicOf = (site: Site | undefined, choice: Choice): SiteClinic | undefined => site?.clinics.find((c) => c._id === choice.clinic);

/** The doctors of a clinic who give a service. */
export const doctorsFor = (clinic: SiteClinic | undefined, service: string | undefined) =>
  (clinic?.doctors ?? []).filter((d) => !service || d.services.includes(service));

/**
 * The choice a deep link (?clinic=&service=&doctor=) makes, kept only where it names something the page offers; and a
 * clinic, service or doctor chosen for the patient when it is the only one.
 */
export function initialChoice(site: Site, search: URLSearchParams): Choice {
  const choice: Choice = {};
  const clinics = site.clinics;
  const doctorId = search.get('doctor');
  const clinic = clinics.find((c) => c._id === search.get('clinic'))
    ?? (doctorId ? clinics.find((c) => c.doctors.some((d) => d._id === doctorId)) : undefined)
    ?? (clinics.length === 1 ? clinics[0] : undefined);
  if (!clinic) return choice;
  choice.clinic = clinic._id;
  const doctor = clinic.doctors.find((d) => d._id === doctorId);
  const services = doctor ? clinic.services.filter((s) => doctor.services.includes(s._id)) : clinic.services;
  const service = services.find((s) => s._id === search.get('service')) ?? (services.length === 1 ? services[0] : undefined);
  if (service) choice.service = service._id;
  if (doctor && (!service || doctor.services.includes(service._id))) choice.doctor = doctor._id;
  else if (service && doctorsFor(clinic, service._id).length === 1) choice.doctor = doctorsFor(clinic, service._id)[0]!._id;
  return choice;
}

/** The first step the choice leaves unanswered. */
export function nextStep(choice: Choice): Step {
  if (!choice.clinic) return 'clinic';
  if (!choice.service) return 'service';
  if (!choice.doctor) return 'doctor';
  if (!choice.date) return 'day';
  if (!choice.slot) return 'time';
  return 'details';
}

/** The steps the patient actually sees (those answered by the link or by a single option are skipped). */
export function visibleSteps(site: Site, start: Choice): Step[] {
  return STEPS.filter((step) => {
    if (step === 'clinic') return !start.clinic;
    if (step === 'service') return !start.service;
    if (step === 'doctor') return !start.doctor;
    return true;
  }).filter((s) => s !== 'clinic' || site.clinics.length > 1);
}

/**
 * Where a clinic is, said once: its complex and its address, the complex left out when the address already names it
 * ("Olaya Complex · Olaya Complex, Riyadh" reads as a mistake).
 */
export function placeOf(clinic: Pick<SiteClinic, 'complex' | 'address'>): string {
  const complex = clinic.complex?.trim() ?? '';
  const address = clinic.address?.trim() ?? '';
  const fold = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, ' ');
  if (!complex) return address;
  if (!address || fold(complex).includes(fold(address))) return complex;
  return fold(address).includes(fold(complex)) ? address : `${complex} · ${address}`;
}

/** A service's visit length in minutes, or null when the page does not know it (a service without its own length). */
export const serviceMinutes = (service: { durationMinutes: number }): number | null => (service.durationMinutes > 0 ? service.durationMinutes : null);

/** A price in the organisation's currency, written for the page's language ("350.00 SAR", "‏350.00 ر.س.‏"). */
export function priceText(price: number, currency: string, lang: 'ar' | 'en'): string {
  try {
    return new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en', { style: 'currency', currency, currencyDisplay: lang === 'ar' ? 'symbol' : 'code' }).format(price);
  } catch {
    // A code the runtime does not know: the number and the code as given.
    return `${price} ${currency}`;
  }
}
