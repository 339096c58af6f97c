import { z } from 'zod';
import { allergyCreateInput, allergyParams, allergySchema, allergyStateSchema, allergyUpdateInput } from '../schemas/allergy.js';
import { idParams, okSchema } from '../schemas/common.js';
import {
  enteredInErrorInput, vitalRangesInput, vitalRangesSchema, vitalsInput, vitalsListQuery, vitalsParams, vitalsSetSchema,
} from '../schemas/vitals.js';
import { route } from './route.js';

const tags = ['clinical'];
const read = 'clinical_read';
const write = 'clinical_write';

/** A patient's vital signs (every read is audited as a read of the patient's record). */
export const vitalsRoutes = {
  list: route({ method: 'GET', path: '/api/patients/:id/vitals', access: read, tags, params: idParams, query: vitalsListQuery, response: { 200: okSchema(z.array(vitalsSetSchema)) } }),
  record: route({ method: 'POST', path: '/api/patients/:id/vitals', access: write, tags, params: idParams, body: vitalsInput, response: { 201: okSchema(vitalsSetSchema) } }),
  enteredInError: route({ method: 'POST', path: '/api/patients/:id/vitals/:vitalsId/entered-in-error', access: write, tags, params: vitalsParams, body: enteredInErrorInput, response: { 200: okSchema(vitalsSetSchema) } }),
  /** The reference ranges that flag abnormal values: defaults, the company's overrides, and the two merged. */
  ranges: route({ method: 'GET', path: '/api/vitals/reference-ranges', access: read, tags, response: { 200: okSchema(vitalRangesSchema) } }),
  setRanges: route({ method: 'PUT', path: '/api/vitals/reference-ranges', access: 'company_write', tags, body: vitalRangesInput, response: { 200: okSchema(vitalRangesSchema) } }),
};

/** A patient's allergies and intolerances, and the "no known allergies" record. */
export const allergyRoutes = {
  list: route({ method: 'GET', path: '/api/patients/:id/allergies', access: read, tags, params: idParams, response: { 200: okSchema(allergyStateSchema) } }),
  create: route({ method: 'POST', path: '/api/patients/:id/allergies', access: write, tags, params: idParams, body: allergyCreateInput, response: { 201: okSchema(allergySchema) } }),
  update: route({ method: 'PATCH', path: '/api/patients/:id/allergies/:allergyId', access: write, tags, params: allergyParams, body: allergyUpdateInput, response: { 200: okSchema(allergySchema) } }),
  noKnownAllergies: route({ method: 'POST', path: '/api/patients/:id/allergies/none', access: write, tags, params: idParams, response: { 200: okSchema(allergyStateSchema) } }),
};

/** What the patient header shows of this part: the allergy state and the last vitals (null when none). */
export const clinicalSummarySchema = z.object({ allergies: allergyStateSchema, lastVitals: vitalsSetSchema.nullable() });
export type ClinicalSummary = z.infer<typeof clinicalSummarySchema>;
export const clinicalSummaryRoutes = {
  get: route({ method: 'GET', path: '/api/patients/:id/clinical-summary', access: read, tags, params: idParams, response: { 200: okSchema(clinicalSummarySchema) } }),
};
