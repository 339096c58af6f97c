import { z } from 'zod';
import { idSchema, listQuerySchema, refSchema } from './common.js';
import { versionInput, versionSchema } from './version.js';
import { contactRecord, departmentContactRow, orgPastDateField, orgRequiredText } from './company.js';
import { locationRecord, locationSchema } from './location.js';

export const departmentInput = z.strictObject({
  name: orgRequiredText('validation.org.nameRequired', 200),
  isActive: z.boolean({ error: 'validation.invalidBoolean' }).default(true),
  PIC: z.uuid({ error: 'validation.org.picRequired' }),
  introduction: orgRequiredText('validation.org.introductionRequired', 4000),
  yearOfEstablishment: orgPastDateField('validation.org.establishmentRequired'),
  address: orgRequiredText('validation.org.addressRequired', 300),
  vision: orgRequiredText('validation.org.visionRequired', 2000),
  details: orgRequiredText('validation.org.detailsRequired', 4000),
  logo: z.union([z.url({ error: 'validation.org.invalidLogoUrl' }), z.literal(''), z.null()]).optional().transform((v) => v || null),
  patientCapacity: z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
      z.number({ error: 'validation.org.patientCapacityInvalid' }).int({ error: 'validation.org.patientCapacityInvalid' }).min(0, { error: 'validation.org.patientCapacityInvalid' }).max(100_000, { error: 'validation.org.patientCapacityInvalid' }).optional(),
    )
    .transform((v) => v ?? null),
  contactInfos: z.array(departmentContactRow).max(50, { error: 'validation.org.tooManyRows' }).default([]),
  locationGoogl: locationSchema.nullish().transform((v) => v ?? null),
  /** Optional: a department may stand on its own; the client leaves it out when empty. */
  clinicCollectionId: z
    .union([idSchema, z.literal(''), z.null()], { error: 'validation.org.complexNotFound' })
    .optional()
    .transform((v) => (v ? v : null)),
});
export type DepartmentInput = z.input<typeof departmentInput>;
export type DepartmentValues = z.output<typeof departmentInput>;

/** PUT /api/departments/{id}: the form plus the version it was loaded with. */
export const departmentUpdateInput = departmentInput.extend({ version: versionInput });
export type DepartmentUpdateValues = z.output<typeof departmentUpdateInput>;

export const departmentSortFields = ['_id', 'publicId', 'name', 'isActive', 'createdAt', 'clinicCount'] as const;
export const departmentListQuery = listQuerySchema(departmentSortFields).extend({
  clinicCollectionId: idSchema.optional(),
});
export type DepartmentListQuery = z.infer<typeof departmentListQuery>;

export const departmentListItem = z.object({
  _id: z.string(),
  publicId: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  PIC: refSchema.nullable(),
  clinicCollection: refSchema.nullable(),
  clinicCount: z.number(),
  createdAt: z.string(),
});
export type DepartmentListItem = z.infer<typeof departmentListItem>;

export const departmentRecord = departmentListItem.extend({
  clinicCollectionId: z.string().nullable(),
  introduction: z.string().nullable(),
  yearOfEstablishment: z.string().nullable(),
  address: z.string().nullable(),
  vision: z.string().nullable(),
  details: z.string().nullable(),
  logo: z.string().nullable(),
  patientCapacity: z.number().nullable(),
  contactInfos: z.array(contactRecord),
  locationGoogl: locationRecord.nullable(),
  patientCount: z.number(),
  clinics: z.array(refSchema),
  staff: z.array(refSchema.extend({ employeeType: z.string(), isActive: z.boolean() })),
  updatedAt: z.string(),
  version: versionSchema,
});
export type DepartmentRecord = z.infer<typeof departmentRecord>;
