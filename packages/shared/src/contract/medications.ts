import { idParams, listSchema, okSchema } from '../schemas/common.js';
import {
  medicationCompleteInput, medicationImportResult, medicationListQuery, medicationRecord, medicationStatusInput, medicationStopInput,
  patientMedicationInput, patientMedicationListQuery, patientMedicationRecord,
} from '../schemas/medication.js';
import { route } from './route.js';

const tags = ['medications'];
/** The drug picker of the medication list and of prescribing, and the catalogue's own screen. */
const catalogueReaders = ['clinical_read', 'prescribe', 'service_write'] as const;
/** The organisation's catalogues (services, drugs) are kept by whoever keeps its services. */
const catalogueWriters = 'service_write';
const entry = okSchema(patientMedicationRecord);

/** The medication catalogue (per organisation) and each patient's current medication list. */
export const medicationRoutes = {
  list: route({ method: 'GET', path: '/api/medications', access: catalogueReaders, tags, query: medicationListQuery, response: { 200: listSchema(medicationRecord) } }),
  import: route({ method: 'POST', path: '/api/medications/import', access: catalogueWriters, tags, body: 'form-data', response: { 200: okSchema(medicationImportResult) } }),
  setStatus: route({ method: 'PATCH', path: '/api/medications/:id', access: catalogueWriters, tags, params: idParams, body: medicationStatusInput, response: { 200: okSchema(medicationRecord) } }),
  patientList: route({ method: 'GET', path: '/api/patients/:id/medications', access: 'clinical_read', tags, params: idParams, query: patientMedicationListQuery, response: { 200: listSchema(patientMedicationRecord) } }),
  add: route({ method: 'POST', path: '/api/patients/:id/medications', access: 'clinical_write', tags, params: idParams, body: patientMedicationInput, response: { 201: entry } }),
  stop: route({ method: 'POST', path: '/api/patient-medications/:id/stop', access: 'clinical_write', tags, params: idParams, body: medicationStopInput, response: { 200: entry } }),
  complete: route({ method: 'POST', path: '/api/patient-medications/:id/complete', access: 'clinical_write', tags, params: idParams, body: medicationCompleteInput, response: { 200: entry } }),
};
