import { z } from 'zod';
import { DOSE_UNITS, FREQUENCY_CODES, MEDICATION_ROUTES } from '../clinical/medications.js';
import { booleanText, idSchema, listQuerySchema, numberish, pageQuerySchema, refSchema } from './common.js';
import { calendarDate } from './dates.js';
import { versionInput, versionSchema } from './version.js';

/** Largest catalogue file accepted, and its most rows (drugs). */
export const MEDICATION_CSV_MAX_BYTES = 2 * 1024 * 1024;
export const MEDICATION_CSV_MAX_ROWS = 5000;
/** Longest value of a catalogue column. */
export const MEDICATION_TEXT_MAX = 200;

/** A drug of the organisation's catalogue. */
export const medicationRecord = z.object({
  _id: z.string(),
  name: z.string(),
  genericName: z.string(),
  form: z.string(),
  strength: z.string(),
  nameAr: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type MedicationRecord = z.infer<typeof medicationRecord>;

/** The catalogue's search: by name, generic name or Arabic name (Arabic letters normalised). */
export const medicationListQuery = listQuerySchema(['name', 'createdAt'] as const).extend({
  order: z.enum(['asc', 'desc'], { error: 'validation.invalidOrder' }).default('asc'),
});
export type MedicationListQuery = z.infer<typeof medicationListQuery>;

/** Switches a drug in or out of use (drugs are never deleted: the patients' lists name them). */
export const medicationStatusInput = z.strictObject({
  isActive: z.boolean({ error: 'validation.invalidBoolean' }),
  version: versionInput,
});
export type MedicationStatusInput = z.infer<typeof medicationStatusInput>;

/** What an import did. */
export const medicationImportResult = z.object({ created: z.number(), updated: z.number(), total: z.number() });
export type MedicationImportResult = z.infer<typeof medicationImportResult>;

// ---------------------------------------------------------------------------------------------------------
// The patient's medication list

export const PATIENT_MEDICATION_STATUSES = ['active', 'stopped', 'completed'] as const;
export type PatientMedicationStatus = (typeof PATIENT_MEDICATION_STATUSES)[number];
export const PATIENT_MEDICATION_SOURCES = ['manual', 'prescription'] as const;

/** A dose: more than 0, at most 100,000, at most three decimals (the patient's list and prescriptions). */
export const medicationDose = numberish(z.number({ error: 'validation.medications.doseInvalid' }).gt(0, { error: 'validation.medications.doseInvalid' }).max(100_000, { error: 'validation.medications.doseInvalid' })
  .refine((n) => Math.round(n * 1000) === n * 1000, { error: 'validation.medications.doseInvalid' }));

const reason = z.string({ error: 'validation.medications.reasonRequired' }).trim().min(1, { error: 'validation.medications.reasonRequired' }).max(500, { error: 'validation.tooLong' });

export const patientMedicationInput = z.strictObject({
  /** A drug of the catalogue, or none and a name written by hand. */
  medication: idSchema.optional(),
  name: z.string({ error: 'validation.medications.nameRequired' }).trim().max(MEDICATION_TEXT_MAX, { error: 'validation.tooLong' }).optional(),
  dose: medicationDose.optional(),
  unit: z.enum(DOSE_UNITS, { error: 'validation.medications.unitInvalid' }).optional(),
  route: z.enum(MEDICATION_ROUTES, { error: 'validation.medications.routeInvalid' }),
  frequency: z.enum(FREQUENCY_CODES, { error: 'validation.medications.frequencyInvalid' }),
  startDate: calendarDate().optional(),
  endDate: calendarDate().optional(),
  notes: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
  /** The visit it was recorded in. */
  encounter: idSchema.optional(),
}).superRefine((v, ctx) => {
  if (!v.medication && !v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'validation.medications.nameRequired' });
  if (v.dose !== undefined && !v.unit) ctx.addIssue({ code: 'custom', path: ['unit'], message: 'validation.medications.unitInvalid' });
  if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.medications.endBeforeStart' });
});
export type PatientMedicationInput = z.input<typeof patientMedicationInput>;
export type PatientMedicationCreate = z.output<typeof patientMedicationInput>;

/** Stopping needs a reason; completing may give one. */
export const medicationStopInput = z.strictObject({ reason, version: versionInput });
export const medicationCompleteInput = z.strictObject({ reason: reason.optional(), version: versionInput });
export type MedicationStopInput = z.input<typeof medicationStopInput>;

/**
 * An entry of the patient's list. One recorded at another doctor's sensitive encounter (a prescription written there,
 * or an entry added there) comes `restricted: true` unless the reader holds a break-the-glass grant for it: the same
 * id, route, frequency, dates, state, source and encounter, but no drug (`medication` null, names, strength and form
 * empty), no dose, no notes and no reason.
 */
export const patientMedicationRecord = z.object({
  _id: z.string(),
  patient: z.string(),
  medication: refSchema.nullable(),
  name: z.string(),
  /** The catalogue drug's Arabic name ('' when it has none or the entry is not from the catalogue). */
  nameAr: z.string(),
  genericName: z.string(),
  strength: z.string(),
  form: z.string(),
  dose: z.number().nullable(),
  unit: z.enum(DOSE_UNITS).nullable(),
  route: z.enum(MEDICATION_ROUTES),
  frequency: z.enum(FREQUENCY_CODES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  notes: z.string(),
  status: z.enum(PATIENT_MEDICATION_STATUSES),
  statusReason: z.string(),
  statusChangedBy: refSchema.nullable(),
  statusChangedAt: z.string().nullable(),
  source: z.enum(PATIENT_MEDICATION_SOURCES),
  prescription: z.string().nullable(),
  encounter: z.string().nullable(),
  createdBy: refSchema.nullable(),
  createdAt: z.string(),
  version: versionSchema,
  restricted: z.boolean().optional(),
});
export type PatientMedicationRecord = z.infer<typeof patientMedicationRecord>;

/** A patient's list, paged as every list is: active first, then the most recently started. */
export const patientMedicationListQuery = pageQuerySchema.extend({
  /** Only the active ones (the encounter's header). */
  activeOnly: booleanText.optional(),
});
export type PatientMedicationListQuery = z.infer<typeof patientMedicationListQuery>;
