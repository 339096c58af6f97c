import { z } from 'zod';
import { ALLERGY_STATES } from '../clinical/allergies.js';
import { DOSE_UNITS, FREQUENCY_CODES, MEDICATION_ROUTES } from '../clinical/medications.js';
import { PRESCRIPTION_NOTICES, PRESCRIPTION_STATUSES, PRESCRIPTION_VALID_DAYS } from '../clinical/prescribing.js';
import { LANGUAGES } from '../constants.js';
import { booleanText, idSchema, numberish, pageQuerySchema, refSchema } from './common.js';
import { medicationDose } from './medication.js';
import { versionInput, versionSchema } from './version.js';

/** Most items on one prescription, and the longest free texts. */
export const PRESCRIPTION_ITEMS_MAX = 20;
export const PRESCRIPTION_TEXT_MAX = 500;
export const PRESCRIPTION_DURATION_MAX_DAYS = 366;

const reason = z.string({ error: 'validation.prescriptions.reasonRequired' }).trim()
  .min(1, { error: 'validation.prescriptions.reasonRequired' }).max(PRESCRIPTION_TEXT_MAX, { error: 'validation.tooLong' });

export const prescriptionItemInput = z.strictObject({
  /** A drug of the organisation's catalogue (in use). */
  medication: idSchema,
  dose: medicationDose,
  unit: z.enum(DOSE_UNITS, { error: 'validation.medications.unitInvalid' }),
  route: z.enum(MEDICATION_ROUTES, { error: 'validation.medications.routeInvalid' }),
  frequency: z.enum(FREQUENCY_CODES, { error: 'validation.medications.frequencyInvalid' }),
  durationDays: numberish(z.number({ error: 'validation.prescriptions.durationInvalid' }).int({ error: 'validation.prescriptions.durationInvalid' })
    .min(1, { error: 'validation.prescriptions.durationInvalid' }).max(PRESCRIPTION_DURATION_MAX_DAYS, { error: 'validation.prescriptions.durationInvalid' })),
  quantity: numberish(z.number({ error: 'validation.prescriptions.quantityInvalid' }).int({ error: 'validation.prescriptions.quantityInvalid' })
    .min(1, { error: 'validation.prescriptions.quantityInvalid' }).max(10_000, { error: 'validation.prescriptions.quantityInvalid' })),
  instructions: z.string().trim().max(PRESCRIPTION_TEXT_MAX, { error: 'validation.tooLong' }).optional(),
});
export type PrescriptionItemInput = z.input<typeof prescriptionItemInput>;

const items = z.array(prescriptionItemInput, { error: 'validation.prescriptions.itemsRequired' })
  .min(1, { error: 'validation.prescriptions.itemsRequired' }).max(PRESCRIPTION_ITEMS_MAX, { error: 'validation.prescriptions.tooManyItems' });

const validDays = numberish(z.number({ error: 'validation.prescriptions.validDaysInvalid' }).int({ error: 'validation.prescriptions.validDaysInvalid' })
  .min(PRESCRIPTION_VALID_DAYS.min, { error: 'validation.prescriptions.validDaysInvalid' }).max(PRESCRIPTION_VALID_DAYS.max, { error: 'validation.prescriptions.validDaysInvalid' }));

/** A new prescription (a draft): the clinic it is written in, the visit, the language of the printout, the items. */
export const prescriptionCreateInput = z.strictObject({
  clinic: idSchema,
  encounter: idSchema.optional(),
  /** The printout's language; the patient's preferred one when not given. */
  language: z.enum(LANGUAGES, { error: 'validation.invalidValue' }).optional(),
  /** Days the prescription stays valid once issued (1-180, default 30). */
  validDays: validDays.optional(),
  items,
});
export type PrescriptionCreateInput = z.input<typeof prescriptionCreateInput>;
export type PrescriptionCreate = z.output<typeof prescriptionCreateInput>;

/** A draft changed: its items, language and validity, at the version the screen read. */
export const prescriptionUpdateInput = z.strictObject({
  clinic: idSchema,
  language: z.enum(LANGUAGES, { error: 'validation.invalidValue' }),
  validDays: validDays,
  items,
  version: versionInput,
});
export type PrescriptionUpdateInput = z.input<typeof prescriptionUpdateInput>;

/** The checks asked for before saving: only the drugs matter. */
export const prescriptionCheckInput = z.strictObject({
  items: z.array(z.strictObject({ medication: idSchema }), { error: 'validation.prescriptions.itemsRequired' })
    .min(1, { error: 'validation.prescriptions.itemsRequired' }).max(PRESCRIPTION_ITEMS_MAX, { error: 'validation.prescriptions.tooManyItems' }),
});
export type PrescriptionCheckInput = z.input<typeof prescriptionCheckInput>;

export const prescriptionWarningSchema = z.discriminatedUnion('kind', [
  z.object({ key: z.string(), kind: z.literal('allergy'), item: z.number(), drugName: z.string(), allergyId: z.string(), substance: z.string(), severity: z.string().nullable() }),
  /**
   * `restricted`: the current medication was prescribed at another doctor's sensitive encounter. The check matched its
   * real names, but the warning does not name it (`medicationName` is empty): a restricted medication conflicts.
   */
  z.object({
    key: z.string(), kind: z.literal('duplicate'), item: z.number(), drugName: z.string(), patientMedicationId: z.string(), medicationName: z.string(), sameDrug: z.boolean(),
    restricted: z.boolean().optional(),
  }),
]);
export const prescriptionCheckSchema = z.object({
  warnings: z.array(prescriptionWarningSchema),
  notices: z.array(z.enum(PRESCRIPTION_NOTICES)),
  allergyState: z.enum(ALLERGY_STATES),
});
export type PrescriptionCheckResult = z.infer<typeof prescriptionCheckSchema>;

/** Issuing: a reason for each warning the checks answer now (none when there is no warning). */
export const prescriptionIssueInput = z.strictObject({
  acknowledgements: z.array(z.strictObject({ key: z.string().trim().min(1, { error: 'validation.invalidValue' }).max(200, { error: 'validation.tooLong' }), reason }), { error: 'validation.invalidValue' })
    .max(PRESCRIPTION_ITEMS_MAX * 20, { error: 'validation.invalidValue' }).default([]),
  version: versionInput,
});
export type PrescriptionIssueInput = z.input<typeof prescriptionIssueInput>;

export const prescriptionCancelInput = z.strictObject({ reason, version: versionInput });
export type PrescriptionCancelInput = z.input<typeof prescriptionCancelInput>;

export const prescriptionItemSchema = z.object({
  _id: z.string(),
  medication: z.string(),
  /** The drug's names as they were when prescribed. */
  name: z.string(), genericName: z.string(), nameAr: z.string(), strength: z.string(), form: z.string(),
  dose: z.number(),
  unit: z.enum(DOSE_UNITS),
  route: z.enum(MEDICATION_ROUTES),
  frequency: z.enum(FREQUENCY_CODES),
  durationDays: z.number(),
  quantity: z.number(),
  instructions: z.string(),
});
export type PrescriptionItem = z.infer<typeof prescriptionItemSchema>;

export const prescriptionAcknowledgementSchema = z.object({ key: z.string(), kind: z.string(), item: z.number(), text: z.string(), reason: z.string() });

export const prescriptionSchema = z.object({
  _id: z.string(),
  number: z.string(),
  patient: refSchema.extend({ dateOfBirth: z.string() }),
  prescriber: refSchema.extend({ licenseNumber: z.string().nullable() }),
  clinic: refSchema,
  encounter: z.string().nullable(),
  language: z.enum(LANGUAGES),
  status: z.enum(PRESCRIPTION_STATUSES),
  validDays: z.number(),
  issuedAt: z.string().nullable(),
  validUntil: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string(),
  /** The public verification page's key (issued prescriptions only). */
  verificationToken: z.string().nullable(),
  items: z.array(prescriptionItemSchema),
  acknowledgements: z.array(prescriptionAcknowledgementSchema),
  createdAt: z.string(),
  version: versionSchema,
  /**
   * True in a list: written at another doctor's sensitive encounter, shown masked (no items, acknowledgements, cancel
   * reason or verification key; the same id, number, status, dates and encounter) to a reader without a break-the-glass
   * grant for it. Read by its id, such a prescription is refused (403 SENSITIVE_NOTE) instead.
   */
  restricted: z.boolean().optional(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

export const prescriptionListQuery = pageQuerySchema.extend({
  encounterId: idSchema.optional(),
  /** Leave drafts out (the printed history). */
  issuedOnly: booleanText.optional(),
});
export type PrescriptionListQuery = z.infer<typeof prescriptionListQuery>;

/** The public page's question: the token printed in the QR code. */
export const prescriptionVerifyInput = z.strictObject({
  token: z.string({ error: 'validation.invalidValue' }).trim().min(1, { error: 'validation.invalidValue' }).max(100, { error: 'validation.invalidValue' }),
});
/** All the public page may learn: genuine or not, and for a genuine one its state, dates and clinic. No patient, no drug. */
export const prescriptionVerification = z.object({
  genuine: z.boolean(),
  status: z.enum(['valid', 'expired', 'cancelled']).nullable(),
  issuedOn: z.string().nullable(),
  validUntil: z.string().nullable(),
  clinicName: z.string().nullable(),
});
export type PrescriptionVerification = z.infer<typeof prescriptionVerification>;
