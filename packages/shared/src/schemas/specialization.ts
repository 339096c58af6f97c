import { z } from 'zod';
import { boolish, listQuerySchema, refSchema } from './common.js';
import { versionInput, versionSchema } from './version.js';
import { catalogStatusFilter } from './service.js';

/** A medical speciality (spec 001: Specialities; the API path says specializations). */
export const specializationRecord = z.object({
  _id: z.string(),
  publicId: z.string(),
  name: z.string(),
  description: z.string(),
  certificationRequirements: z.string(),
  medicalProcedures: z.string(),
  requiredEquipment: z.string(),
  requiredStaff: z.array(refSchema),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type SpecializationRecord = z.infer<typeof specializationRecord>;

/** The details screen: who requires it, and which clinics and doctors have it. */
export const specializationDetails = specializationRecord.extend({
  clinics: z.array(refSchema),
  doctors: z.array(refSchema),
});
export type SpecializationDetails = z.infer<typeof specializationDetails>;

const text = (requiredKey: string, min: number, minKey: string, max = 2000) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .min(min, { error: minKey })
    .max(max, { error: 'validation.tooLong' });

const specializationFields = {
  name: text('validation.scheduling.nameRequired', 2, 'validation.scheduling.specialityNameMin', 120),
  // The spec's form checks 5 characters but its message says 10: the rule follows the message.
  description: text('validation.scheduling.descriptionRequired', 10, 'validation.scheduling.specialityDescriptionMin'),
  certificationRequirements: text('validation.scheduling.certificationMin', 5, 'validation.scheduling.certificationMin'),
  medicalProcedures: text('validation.scheduling.proceduresMin', 5, 'validation.scheduling.proceduresMin'),
  requiredEquipment: text('validation.scheduling.equipmentMin', 5, 'validation.scheduling.equipmentMin'),
  requiredStaff: z
    .array(z.uuid({ error: 'validation.scheduling.staffRequired' }), { error: 'validation.scheduling.staffRequired' })
    .min(1, { error: 'validation.scheduling.staffRequired' })
    .max(200, { error: 'validation.tooBig' }),
  isActive: boolish,
};

export const specializationCreateInput = z.strictObject({
  ...specializationFields,
  isActive: specializationFields.isActive.default(true),
});
export type SpecializationCreateInput = z.input<typeof specializationCreateInput>;
export type SpecializationCreate = z.output<typeof specializationCreateInput>;

/** PUT and PATCH /api/specializations/{id}: any subset of the fields. */
export const specializationUpdateInput = z.strictObject({
  name: specializationFields.name.optional(),
  description: specializationFields.description.optional(),
  certificationRequirements: specializationFields.certificationRequirements.optional(),
  medicalProcedures: specializationFields.medicalProcedures.optional(),
  requiredEquipment: specializationFields.requiredEquipment.optional(),
  requiredStaff: specializationFields.requiredStaff.optional(),
  isActive: specializationFields.isActive.optional(),
  /** The version the change is based on. */
  version: versionInput,
});
export type SpecializationUpdateInput = z.input<typeof specializationUpdateInput>;
export type SpecializationUpdate = z.output<typeof specializationUpdateInput>;

export const specializationSortFields = ['_id', 'publicId', 'name', 'isActive', 'createdAt', 'updatedAt'] as const;
export const specializationListQuery = listQuerySchema(specializationSortFields).extend({
  status: catalogStatusFilter.optional(),
});
export type SpecializationListQuery = z.infer<typeof specializationListQuery>;
