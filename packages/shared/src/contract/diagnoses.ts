import { z } from 'zod';
import { idParams, messageOnlySchema, okSchema } from '../schemas/common.js';
import {
  diagnosisCodeImportResult, diagnosisCodeRecord, diagnosisCodeSearchQuery, diagnosisCodeSummary, diagnosisCodeImportFields,
  diagnosisParams, encounterDiagnosesQuery, encounterDiagnosisInput, encounterDiagnosisRecord, encounterDiagnosisUpdateInput,
  patientProblemInput, patientProblemRecord, patientProblemUpdateInput, problemParams,
} from '../schemas/diagnosis.js';
import { route } from './route.js';

const tags = ['diagnoses'];
/** The code list is kept by administrators (who also search it on its page); clinicians search it to diagnose. */
const codeAdmins = 'company_write';

/** The company's diagnosis code list: search, summary and CSV import. */
export const diagnosisCodeRoutes = {
  search: route({ method: 'GET', path: '/api/diagnosis-codes', access: ['clinical_read', codeAdmins], tags, query: diagnosisCodeSearchQuery, response: { 200: okSchema(z.array(diagnosisCodeRecord)) } }),
  summary: route({ method: 'GET', path: '/api/diagnosis-codes/summary', access: codeAdmins, tags, response: { 200: okSchema(diagnosisCodeSummary) } }),
  /** Loads the product's starter list (or refreshes its titles), offered to an organisation without a list. */
  installStarter: route({ method: 'POST', path: '/api/diagnosis-codes/starter', access: codeAdmins, tags, response: { 200: okSchema(diagnosisCodeImportResult) } }),
  import: route({ method: 'POST', path: '/api/diagnosis-codes/import', access: codeAdmins, tags, body: 'form-data', jsonBody: diagnosisCodeImportFields, response: { 200: okSchema(diagnosisCodeImportResult) } }),
};

/** An encounter's diagnoses and the patient's problem list, under the patient. */
export const problemRoutes = {
  diagnoses: route({ method: 'GET', path: '/api/patients/:id/diagnoses', access: 'clinical_read', tags, params: idParams, query: encounterDiagnosesQuery, response: { 200: okSchema(z.array(encounterDiagnosisRecord)) } }),
  addDiagnosis: route({ method: 'POST', path: '/api/patients/:id/diagnoses', access: 'clinical_write', tags, params: idParams, body: encounterDiagnosisInput, response: { 201: okSchema(encounterDiagnosisRecord) } }),
  updateDiagnosis: route({ method: 'PATCH', path: '/api/patients/:id/diagnoses/:diagnosisId', access: 'clinical_write', tags, params: diagnosisParams, body: encounterDiagnosisUpdateInput, response: { 200: okSchema(encounterDiagnosisRecord) } }),
  removeDiagnosis: route({ method: 'DELETE', path: '/api/patients/:id/diagnoses/:diagnosisId', access: 'clinical_write', tags, params: diagnosisParams, response: { 200: messageOnlySchema } }),
  list: route({ method: 'GET', path: '/api/patients/:id/problems', access: 'clinical_read', tags, params: idParams, response: { 200: okSchema(z.array(patientProblemRecord)) } }),
  add: route({ method: 'POST', path: '/api/patients/:id/problems', access: 'clinical_write', tags, params: idParams, body: patientProblemInput, response: { 201: okSchema(patientProblemRecord) } }),
  update: route({ method: 'PATCH', path: '/api/patients/:id/problems/:problemId', access: 'clinical_write', tags, params: problemParams, body: patientProblemUpdateInput, response: { 200: okSchema(patientProblemRecord) } }),
};
