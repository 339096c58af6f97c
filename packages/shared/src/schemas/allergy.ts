import { z } from 'zod';
import { ALLERGY_SEVERITIES, ALLERGY_STATES, ALLERGY_STATUSES, ALLERGY_TYPES } from '../clinical/allergies.js';
import { idSchema, refSchema } from './common.js';
import { versionInput } from './version.js';

const reaction = z.string({ error: 'validation.allergies.reactionInvalid' }).trim().max(300, { error: 'validation.tooLong' });
const severity = z.enum(ALLERGY_SEVERITIES, { error: 'validation.allergies.severityInvalid' });
const status = z.enum(ALLERGY_STATUSES, { error: 'validation.allergies.statusInvalid' });
const type = z.enum(ALLERGY_TYPES, { error: 'validation.allergies.typeInvalid' });

/** Recording an allergy or intolerance: the substance as written (it is also stored normalised for matching). */
export const allergyCreateInput = z.strictObject({
  substance: z.string({ error: 'validation.allergies.substanceRequired' }).trim()
    .min(2, { error: 'validation.allergies.substanceRequired' }).max(120, { error: 'validation.tooLong' })
    .refine((s) => /[\p{L}\p{N}]/u.test(s), { error: 'validation.allergies.substanceRequired' }),
  type: type.default('allergy'),
  reaction: reaction.optional(),
  severity: severity.nullish(),
  status: status.default('active'),
  encounterId: idSchema.nullish(),
});
export type AllergyCreate = z.output<typeof allergyCreateInput>;

/** Changing an entry: reaction, severity, type or status (the substance itself is not edited: record a new entry). */
export const allergyUpdateInput = z.strictObject({
  version: versionInput,
  type: type.optional(),
  reaction: reaction.optional(),
  severity: severity.nullable().optional(),
  status: status.optional(),
  /** Why the status changed (for the audit trail), optional. */
  reason: z.string().trim().max(300, { error: 'validation.tooLong' }).optional(),
});
export type AllergyUpdate = z.output<typeof allergyUpdateInput>;

export const allergyParams = z.object({ id: idSchema, allergyId: idSchema });

export const allergySchema = z.object({
  _id: z.string(),
  substance: z.string(),
  /** The normalised form a prescribing check matches drug names against. */
  substanceKey: z.string(),
  type: type,
  reaction: z.string().nullable(),
  severity: severity.nullable(),
  status: status,
  encounterId: z.string().nullable(),
  recordedBy: refSchema.nullable(),
  recordedAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type Allergy = z.infer<typeof allergySchema>;

/** The patient's allergy state and list: `unknown` (never asked), `none` (recorded, by whom, when) or `allergies`. */
export const allergyStateSchema = z.object({
  state: z.enum(ALLERGY_STATES),
  noKnownAllergies: z.object({ recordedAt: z.string(), recordedBy: refSchema.nullable() }).nullable(),
  /** Every entry, active first, then by substance. */
  allergies: z.array(allergySchema),
  /**
   * Allergies the registration form lists (what the patient told the desk) that no entry records: to confirm and
   * record. Not part of `state`, nor of any check.
   */
  toldAtRegistration: z.array(z.string()),
});
export type AllergyState = z.infer<typeof allergyStateSchema>;
