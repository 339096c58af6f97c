/**
 * FHIR Patient create and update: the resource becomes the patient form (`patientInput` / `patientUpdateInput`) and
 * goes through the same service as POST and PUT /api/patients, so the form's rules, the identity-number duplicate
 * rule, the audit entry and the domain events all apply. Elements FHIR R4's Patient has no place for (nationality,
 * blood type, smoking, occupation) travel as extensions (PATIENT_EXTENSIONS); an update keeps every field the
 * resource does not carry (insurances, allergies, notes, ...) as the record has it. A Patient with only a name, a
 * phone, a birth date and a sex is registered as the desk's quick registration does (marked incomplete until the full
 * form is saved; the same mobile and birth date twice is refused).
 */
import { patientInput, patientUpdateInput, quickPatientInput, type PatientDetails } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { isId, parseOrThrow } from '../../lib/validation.js';
import { createPatient, createQuickPatient, readPatient, updatePatient } from '../patients/index.js';
import { SYSTEMS, type Resource } from './fhir.resources.js';
import { search } from './fhir.service.js';
import { asList, checkVersion, inFhirTerms, sameId, type Written } from './fhir.write.js';

/** Our extensions for the patient form's fields FHIR R4's Patient has no element for. */
export const PATIENT_EXTENSIONS = {
  nationality: 'urn:clinic:fhir:nationality',
  blood_type: 'urn:clinic:fhir:blood-type',
  Smoking: 'urn:clinic:fhir:smoking',
  professiona_experi: 'urn:clinic:fhir:occupation',
} as const;

/** Identifier systems read as the identity number (national id, iqama or passport): the read side's, first. */
export const IDENTITY_SYSTEMS: readonly string[] = [SYSTEMS.nationalId];

/** FHIR's v3 MaritalStatus codes and the form's values. */
const MARITAL: Record<string, string> = { S: 'Single', M: 'Married', D: 'Divorced', W: 'Widowed' };
/** BCP 47 codes of the languages the form offers. */
const LANGUAGES: Record<string, string> = { en: 'English', ar: 'Arabic', fr: 'French', es: 'Spanish', de: 'German' };

/** Where each form field lives in a FHIR Patient (the OperationOutcome's `expression`). */
export const PATIENT_ELEMENTS: Record<string, string> = {
  name: 'Patient.name', identity: 'Patient.identifier', phone: 'Patient.telecom', email: 'Patient.telecom',
  dateOfBirth: 'Patient.birthDate', gender: 'Patient.gender', address: 'Patient.address', marital_status: 'Patient.maritalStatus',
  languages: 'Patient.communication', preferredLanguage: 'Patient.communication', isActive: 'Patient.active',
  ...Object.fromEntries(Object.entries(PATIENT_EXTENSIONS).map(([field, url]) => [field, `Patient.extension('${url}')`])),
};

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function nameOf(r: Obj): string | undefined {
  const names = asList(r.name).map(obj);
  const n = names.find((x) => x.use === 'official') ?? names[0];
  if (!n) return undefined;
  return text(n.text) ?? [...asList(n.given).filter((g) => typeof g === 'string'), text(n.family)].filter(Boolean).join(' ');
}

function addressOf(r: Obj): string | undefined {
  const a = asList(r.address).map(obj)[0];
  if (!a) return undefined;
  return text(a.text) ?? [...asList(a.line), a.city, a.district, a.state, a.postalCode, a.country].filter((x) => typeof x === 'string' && x.trim()).join(', ');
}

function extension(r: Obj, url: string): unknown {
  const e = asList(r.extension).map(obj).find((x) => x.url === url);
  return e ? (e.valueString ?? e.valueCode ?? e.valueBoolean) : undefined;
}

/** The form fields a FHIR Patient carries; undefined where it carries nothing. */
export function patientFields(r: Obj): Obj {
  const telecom = asList(r.telecom).map(obj);
  const identity = asList(r.identifier).map(obj).find((i) => typeof i.system === 'string' && IDENTITY_SYSTEMS.includes(i.system));
  const marital = obj(r.maritalStatus);
  const maritalCode = asList(marital.coding).map(obj).map((c) => text(c.code)).find(Boolean);
  const spoken = asList(r.communication).map(obj);
  const languageOf = (c: Obj) => {
    const code = asList(obj(c.language).coding).map(obj).map((x) => text(x.code)).find(Boolean);
    return code ? (LANGUAGES[code.toLowerCase().slice(0, 2)] ?? code) : text(obj(c.language).text);
  };
  const preferred = spoken.find((c) => c.preferred === true);
  const out: Obj = {
    name: nameOf(r),
    identity: identity?.value,
    phone: telecom.find((t) => t.system === 'phone' || t.system === 'sms')?.value,
    email: telecom.find((t) => t.system === 'email')?.value,
    dateOfBirth: r.birthDate,
    gender: r.gender,
    address: addressOf(r),
    marital_status: maritalCode ? (MARITAL[maritalCode] ?? maritalCode) : text(marital.text),
    languages: spoken.length ? spoken.map(languageOf) : undefined,
    preferredLanguage: preferred ? languageOf(preferred) : undefined,
    isActive: r.active,
  };
  for (const [field, url] of Object.entries(PATIENT_EXTENSIONS)) out[field] = extension(r, url);
  return out;
}

/** The form as the record holds it now: the base an update lays the resource's fields over. */
function formOf(d: PatientDetails): Obj {
  return {
    name: d.name, identity: d.identity, phone: d.phone, email: d.email, dateOfBirth: d.dateOfBirth, gender: d.gender,
    nationality: d.nationality, marital_status: d.marital_status, number_children: d.number_children, blood_type: d.blood_type,
    height: d.height, weight: d.weight, address: d.address, Smoking: d.Smoking, professiona_experi: d.professiona_experi,
    evaluation: d.evaluation, languages: d.languages, preferredLanguage: d.preferredLanguage, Current_Medications: d.Current_Medications,
    Surgical_History: d.Surgical_History, lifestyleFactors: d.lifestyleFactors, allergies: d.allergies, ChronicDiseases: d.ChronicDiseases,
    familyMedicalHistory: d.familyMedicalHistory,
    insurances: d.insurances.map((i) => ({ insuranceType: i.insuranceType, expiryDate: i.expiryDate })),
    emergencyContacts: d.emergencyContacts.map((c) => ({ name: c.name, phone: c.phone, relationToPatient: c.relationToPatient })),
    isActive: d.isActive,
  };
}

/** What a quick registration holds (and `active`, which a new patient is anyway). */
const QUICK_FIELDS = ['name', 'phone', 'dateOfBirth', 'gender', 'isActive'];

const defined = (o: Obj): Obj => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));

/** `identifier=system|value` (or `identifier=value`) of an If-None-Exist header. */
function identifierCondition(header: string): string {
  const params = new URLSearchParams(header.startsWith('?') ? header.slice(1) : header);
  const keys = [...params.keys()];
  const value = params.get('identifier');
  if (keys.length !== 1 || !value || !value.replace(/^[^|]*\|/, '').trim()) throw new AppError(400, 'FHIR_BAD_CONDITION', 'errors.fhir.badCondition');
  return value;
}

/** POST Patient: 201 with the new patient; with If-None-Exist, 200 with the one patient it matches (nothing changed). */
export async function createFhirPatient(deps: Deps, ctx: RequestContext, caller: Caller, r: Obj, ifNoneExist: string | undefined): Promise<Written> {
  if (ifNoneExist !== undefined) {
    const bundle = await search(deps, ctx, caller, 'Patient', { identifier: identifierCondition(ifNoneExist), _count: '2' });
    const total = Number(bundle.total ?? 0);
    if (total > 1) throw new AppError(412, 'FHIR_MULTIPLE_MATCHES', 'errors.fhir.multipleMatches');
    const match = (bundle.entry as Array<{ resource: Resource }> | undefined)?.[0]?.resource;
    if (total === 1 && match) return { id: match.id!, created: false };
  }
  const fields = defined(patientFields(r));
  const quick = Object.keys(fields).every((k) => QUICK_FIELDS.includes(k));
  const created = await inFhirTerms(PATIENT_ELEMENTS, async () => quick
    ? createQuickPatient(deps, ctx, caller, parseOrThrow(quickPatientInput, Object.fromEntries(Object.entries(fields).filter(([k]) => k !== 'isActive'))))
    : createPatient(deps, ctx, caller, parseOrThrow(patientInput, fields), null));
  return { id: created._id, created: true };
}

/** PUT Patient/{id}: the resource's fields over the record's, at the version If-Match names (412 when it moved on). */
export async function updateFhirPatient(
  deps: Deps, ctx: RequestContext, caller: Caller, id: string, r: Obj, ifMatch: number | undefined,
): Promise<Written> {
  if (!isId(id)) throw notFound();
  const current = await readPatient(deps, ctx, caller, id);
  sameId(r, id);
  const version = checkVersion(current.version, ifMatch);
  const form = { ...defined(formOf(current)), ...defined(patientFields(r)), version };
  await inFhirTerms(PATIENT_ELEMENTS, async () => updatePatient(deps, ctx, caller, id, parseOrThrow(patientUpdateInput, form), null), ifMatch);
  return { id, created: false };
}
