import { idParams, listSchema, messageOnlySchema, okSchema } from '../schemas/common.js';
import { clinicInput, clinicListItem, clinicListQuery, clinicRecord, clinicUpdateInput, patientCountSchema } from '../schemas/clinic.js';
import { route } from './route.js';

const tags = ['clinics'];
const readers = 'clinic_read';
const writers = 'clinic_write';
const one = okSchema(clinicRecord);

/** Clinics (their reminder settings are the reminders area's). */
export const clinicRoutes = {
  list: route({ method: 'GET', path: '/api/clinics', access: readers, tags, query: clinicListQuery, response: { 200: listSchema(clinicListItem) } }),
  get: route({ method: 'GET', path: '/api/clinics/:id', access: readers, tags, params: idParams, response: { 200: one } }),
  /** How many patients the clinic has seen: the details page shows it before a delete. */
  patientCount: route({ method: 'GET', path: '/api/clinics/:id/patient-count', access: readers, tags, params: idParams, response: { 200: okSchema(patientCountSchema) } }),
  create: route({ method: 'POST', path: '/api/clinics', access: writers, tags, body: clinicInput, response: { 201: one } }),
  update: route({ method: 'PUT', path: '/api/clinics/:id', access: writers, tags, params: idParams, body: clinicUpdateInput, response: { 200: one } }),
  remove: route({ method: 'DELETE', path: '/api/clinics/:id', access: writers, tags, params: idParams, response: { 200: messageOnlySchema } }),
};
