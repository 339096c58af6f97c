import { chartPageSchema, chartQuery, recordSummarySchema } from '../schemas/chart.js';
import { idParams, okSchema } from '../schemas/common.js';
import { route } from './route.js';

/**
 * The patient's chart: one timeline of the clinical record (encounters, vitals, diagnoses, problems, allergies,
 * medications, documents), newest first, paged by cursor. Needs `clinical_read`; each request is audited as one read
 * of the patient's record.
 */
export const chartRoutes = {
  get: route({ method: 'GET', path: '/api/patients/:id/chart', access: 'clinical_read', tags: ['clinical'], params: idParams, query: chartQuery, response: { 200: chartPageSchema } }),
  /** What the printed patient summary shows of the record: active problems, the allergy state, current medications. */
  summary: route({ method: 'GET', path: '/api/patients/:id/record-summary', access: 'clinical_read', tags: ['clinical'], params: idParams, response: { 200: okSchema(recordSummarySchema) } }),
};
