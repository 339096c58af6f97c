import { z } from 'zod';
import { boolish, listQuerySchema, numberish, refSchema } from './common.js';
import { versionInput, versionSchema } from './version.js';

/** A service offered at one clinic by one or more of its doctors (spec 001: Services). */
export const serviceRecord = z.object({
  _id: z.string(),
  publicId: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  /** Minutes an appointment for this service lasts; null means the clinic's average visit duration. */
  durationMinutes: z.number().nullable(),
  /** Preparation and cleaning minutes before and after each appointment; they block the doctor too. */
  bufferBeforeMinutes: z.number(),
  bufferAfterMinutes: z.number(),
  isActive: z.boolean(),
  clinic: refSchema,
  doctors: z.array(refSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type ServiceRecord = z.infer<typeof serviceRecord>;

const id = (error: string) => z.uuid({ error });

export const MAX_BUFFER_MINUTES = 240;
const bufferMinutes = z.preprocess(
  (v) => (v === '' || v === null ? 0 : v),
  numberish(z.number({ error: 'validation.series.bufferInvalid' }).int({ error: 'validation.series.bufferInvalid' })
    .min(0, { error: 'validation.series.bufferInvalid' }).max(MAX_BUFFER_MINUTES, { error: 'validation.series.bufferInvalid' })),
);

const serviceFields = {
  name: z.string({ error: 'validation.scheduling.nameRequired' }).trim().min(1, { error: 'validation.scheduling.nameRequired' }).max(120, { error: 'validation.tooLong' }),
  description: z.string({ error: 'validation.scheduling.descriptionRequired' }).trim().min(1, { error: 'validation.scheduling.descriptionRequired' }).max(2000, { error: 'validation.tooLong' }),
  price: numberish(
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.scheduling.priceRequired' : 'validation.scheduling.priceNumber') })
      .positive({ error: 'validation.scheduling.pricePositive' })
      .max(10_000_000, { error: 'validation.tooBig' }),
  ),
  // An empty field means "the clinic's average visit duration".
  durationMinutes: z.preprocess(
    (v) => (v === '' ? null : v),
    numberish(
      z.number({ error: 'validation.scheduling.durationInvalid' }).int({ error: 'validation.scheduling.durationInvalid' })
        .min(5, { error: 'validation.scheduling.durationInvalid' }).max(480, { error: 'validation.scheduling.durationInvalid' }),
    ).nullable(),
  ),
  bufferBeforeMinutes: bufferMinutes,
  bufferAfterMinutes: bufferMinutes,
  isActive: boolish,
  clinic: id('validation.scheduling.clinicRequired'),
  doctors: z
    .array(id('validation.scheduling.doctorsRequired'), { error: 'validation.scheduling.doctorsRequired' })
    .min(1, { error: 'validation.scheduling.doctorsRequired' })
    .max(100, { error: 'validation.tooBig' }),
};

/** POST /api/services (and the add form). */
export const serviceCreateInput = z.strictObject({
  ...serviceFields,
  durationMinutes: serviceFields.durationMinutes.optional(),
  bufferBeforeMinutes: serviceFields.bufferBeforeMinutes.default(0),
  bufferAfterMinutes: serviceFields.bufferAfterMinutes.default(0),
  isActive: serviceFields.isActive.default(true),
});
export type ServiceCreateInput = z.input<typeof serviceCreateInput>;
export type ServiceCreate = z.output<typeof serviceCreateInput>;

/** PATCH /api/services/{id}: any subset of the fields, each validated like on create. */
export const serviceUpdateInput = z.strictObject({
  name: serviceFields.name.optional(),
  description: serviceFields.description.optional(),
  price: serviceFields.price.optional(),
  durationMinutes: serviceFields.durationMinutes.optional(),
  bufferBeforeMinutes: serviceFields.bufferBeforeMinutes.optional(),
  bufferAfterMinutes: serviceFields.bufferAfterMinutes.optional(),
  isActive: serviceFields.isActive.optional(),
  clinic: serviceFields.clinic.optional(),
  doctors: serviceFields.doctors.optional(),
  /** The version the change is based on. */
  version: versionInput,
});
export type ServiceUpdateInput = z.input<typeof serviceUpdateInput>;
export type ServiceUpdate = z.output<typeof serviceUpdateInput>;

export const SERVICE_BULK_ACTIONS = ['activate', 'deactivate', 'delete'] as const;
export type ServiceBulkAction = (typeof SERVICE_BULK_ACTIONS)[number];

export const serviceBulkInput = z.strictObject({
  ids: z
    .array(z.uuid({ error: 'validation.invalidValue' }), { error: 'validation.scheduling.selectionRequired' })
    .min(1, { error: 'validation.scheduling.selectionRequired' })
    .max(100, { error: 'validation.tooBig' }),
  action: z.enum(SERVICE_BULK_ACTIONS, { error: 'validation.scheduling.invalidBulkAction' }),
});
export type ServiceBulkInput = z.infer<typeof serviceBulkInput>;
export const serviceBulkResult = z.object({ action: z.enum(SERVICE_BULK_ACTIONS), count: z.number() });

/** The list's ACTIVE / INACTIVE filter, also accepted as isActive=true|false. */
export const catalogStatusFilter = z
  .enum(['ACTIVE', 'INACTIVE', 'active', 'inactive'], { error: 'validation.invalidValue' })
  .transform((v) => v.toUpperCase() === 'ACTIVE');

export const serviceSortFields = ['_id', 'publicId', 'name', 'price', 'isActive', 'clinic', 'createdAt', 'updatedAt'] as const;
export const serviceListQuery = listQuerySchema(serviceSortFields).extend({
  status: catalogStatusFilter.optional(),
  clinic: z.uuid({ error: 'validation.invalidValue' }).optional(),
  doctor: z.uuid({ error: 'validation.invalidValue' }).optional(),
});
export type ServiceListQuery = z.infer<typeof serviceListQuery>;
