/** The tables whose rows belong to one patient (each has `company_id` and `patient_id`). */
import {
  appointmentSeries, appointments, doctorShareEntries, encounterDiagnoses, encounters, insuranceClaims, invoices, orders, patientAllergies,
  patientAllergyStates, patientDocuments, patientMedications, patientNotes, patientProblems, prescriptions, vitalSigns, waitlistEntries,
} from './schema/index.js';

/**
 * Every table besides appointments, invoices and encounters (which imports count on their own) whose rows belong to
 * a patient: the clinical record (vitals, allergies and the "no known allergies" record, problems, diagnoses,
 * medications, prescriptions, orders), notes, documents, series, the waitlist, claims and doctors' shares. Many of
 * their foreign keys cascade, so deleting a patient would delete them with it.
 */
export const PATIENT_RECORD_TABLES = [
  appointmentSeries, waitlistEntries, patientNotes, patientDocuments, insuranceClaims, doctorShareEntries, encounterDiagnoses,
  patientProblems, patientMedications, vitalSigns, patientAllergies, patientAllergyStates, orders, prescriptions,
] as const;

/**
 * Every table whose rows belong to a patient: a patient with a row in any of them is never deleted (an import's undo
 * is refused, a removal deactivates instead). `patient-tables.int.test.ts` fails when a table referencing patients is
 * missing here.
 */
export const PATIENT_OWNED_TABLES = [appointments, invoices, encounters, ...PATIENT_RECORD_TABLES] as const;
