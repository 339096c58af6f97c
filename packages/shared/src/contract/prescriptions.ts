import { idParams, listSchema, okSchema } from '../schemas/common.js';
import {
  prescriptionCancelInput, prescriptionCheckInput, prescriptionCheckSchema, prescriptionCreateInput, prescriptionIssueInput, prescriptionListQuery,
  prescriptionSchema, prescriptionUpdateInput, prescriptionVerification, prescriptionVerifyInput,
} from '../schemas/prescription.js';
import { route } from './route.js';

const tags = ['prescriptions'];
/** Doctors write prescriptions; clinicians (nurses among them) read them. Reading is audited as a read of the patient. */
const readers = ['clinical_read', 'prescribe'] as const;
const one = okSchema(prescriptionSchema);

/** Prescriptions: drafts, the checks, issuing (with acknowledged warnings), cancelling, and the public verification. */
export const prescriptionRoutes = {
  list: route({ method: 'GET', path: '/api/patients/:id/prescriptions', access: readers, tags, params: idParams, query: prescriptionListQuery, response: { 200: listSchema(prescriptionSchema) } }),
  check: route({ method: 'POST', path: '/api/patients/:id/prescriptions/check', access: 'prescribe', tags, params: idParams, body: prescriptionCheckInput, response: { 200: okSchema(prescriptionCheckSchema) } }),
  create: route({ method: 'POST', path: '/api/patients/:id/prescriptions', access: 'prescribe', tags, params: idParams, body: prescriptionCreateInput, response: { 201: one } }),
  get: route({ method: 'GET', path: '/api/prescriptions/:id', access: readers, tags, params: idParams, response: { 200: one } }),
  update: route({ method: 'PUT', path: '/api/prescriptions/:id', access: 'prescribe', tags, params: idParams, body: prescriptionUpdateInput, response: { 200: one } }),
  issue: route({ method: 'POST', path: '/api/prescriptions/:id/issue', access: 'prescribe', tags, params: idParams, body: prescriptionIssueInput, response: { 200: one } }),
  cancel: route({ method: 'POST', path: '/api/prescriptions/:id/cancel', access: 'prescribe', tags, params: idParams, body: prescriptionCancelInput, response: { 200: one } }),
  /** The page the printed QR code opens: the token travels in the body, never in an address that logs keep. */
  verify: route({ method: 'POST', path: '/api/public/prescriptions/verify', access: 'public', tags, body: prescriptionVerifyInput, response: { 200: okSchema(prescriptionVerification) } }),
};
