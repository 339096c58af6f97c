import { idParams, listSchema, okSchema } from '../schemas/common.js';
import {
  healthReportSchema, patientDeleteResult, patientDetails, patientListItem, patientListQuery, patientMergeInput, patientMergeResult, patientNoteInput, patientRecordCounts, patientNoteSchema, quickPatientInput,
} from '../schemas/patient.js';
import { route } from './route.js';

const tags = ['patients'];
const one = okSchema(patientDetails);

/**
 * Patients. The full form is a multipart form (`name[i][key]` flattening, the picture in `image`; JSON accepted too)
 * and a health report is uploaded as one (`file` and `title`): the routes read those forms themselves.
 */
export const patientRoutes = {
  list: route({ method: 'GET', path: '/api/patients', access: 'patient_read', tags, query: patientListQuery, response: { 200: listSchema(patientListItem) } }),
  get: route({ method: 'GET', path: '/api/patients/:id', access: 'patient_read', tags, params: idParams, response: { 200: one } }),
  create: route({ method: 'POST', path: '/api/patients', access: 'patient_write', tags, body: 'form-data', response: { 201: one } }),
  quick: route({ method: 'POST', path: '/api/patients/quick', access: 'patient_write', tags, body: quickPatientInput, response: { 201: one } }),
  update: route({ method: 'PUT', path: '/api/patients/:id', access: 'patient_write', tags, params: idParams, body: 'form-data', response: { 200: one } }),
  remove: route({ method: 'DELETE', path: '/api/patients/:id', access: 'patient_write', tags, params: idParams, response: { 200: okSchema(patientDeleteResult) } }),
  addNote: route({ method: 'POST', path: '/api/patients/:id/notes', access: 'patient_write', tags, params: idParams, body: patientNoteInput, response: { 201: okSchema(patientNoteSchema) } }),
  /** What references the patient, by kind: the comparison before a merge. */
  recordCounts: route({ method: 'GET', path: '/api/patients/:id/record-counts', access: 'patient_read', tags, params: idParams, response: { 200: okSchema(patientRecordCounts) } }),
  /** Moves everything of the duplicate (the path's patient) to `into` in one transaction, fills its empty fields, removes the duplicate. Guarded as edits and deletion are. */
  merge: route({ method: 'POST', path: '/api/patients/:id/merge', access: 'patient_write', tags, params: idParams, body: patientMergeInput, response: { 200: okSchema(patientMergeResult) } }),
  uploadDocument: route({ method: 'POST', path: '/api/patients/:id/documents', access: 'patient_write', tags, params: idParams, body: 'form-data', response: { 201: okSchema(healthReportSchema) } }),
};
