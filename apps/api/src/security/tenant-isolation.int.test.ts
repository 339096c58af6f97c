import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentSeries, notifications, patientAllergies, patientDocuments, patientNotes, reminders, vitalSigns, waitlistEntries } from '../db/schema/index.js';
import type { Deps } from '../lib/app-types.js';
import { storeUpload } from '../lib/files.js';
import { CallerCache } from '../lib/caller-cache.js';
import { TokenService } from '../lib/tokens.js';
import { seedOrganisation } from '../seed/organisation.js';
import { seedPatients } from '../seed/patients.js';
import { seedEmployees } from '../seed/employees.js';
import { seedScheduling } from '../seed/scheduling.js';
import { seedWaitingRoom } from '../seed/waiting-room.js';
import { seedBilling } from '../seed/billing.js';
import { seedDoctorShares } from '../seed/doctor-shares.js';
import { seedDiagnoses } from '../seed/clinical-diagnoses.js';
import { seedMedications } from '../seed/clinical-medications.js';
import { seedOrders } from '../seed/clinical-orders.js';
import { seedEncounters } from '../seed/clinical-encounter.js';
import { seedPrescriptions } from '../seed/clinical-prescriptions.js';
import { auth, createOrg, createTestContext, type TestContext, type TestOrg } from '../test/harness.js';
import { fhirAppointment, fhirPatient } from '../modules/fhir/fixtures.js';

/**
 * Two companies with data in every table. Every route of the server's route table is called as company B with
 * company A's ids and filters: a read never returns A's records, a request naming A's record answers exactly as
 * it does for a record that does not exist (404, or the same validation refusal), and A's rows are unchanged
 * (row counts and checksums). A route missing from the matrix below fails the test.
 */

type Source = 'public' | 'self' | 'stream' | Record<string, string>;

/** How each route's parameters are filled with company A's ids: param -> table. `self`: acts on the caller's own company only. */
const MATRIX: Record<string, Source> = {
  'POST /api/auth/login': 'public',
  'POST /api/auth/refresh-token': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/signup': 'public',
  'POST /api/auth/second-factor/totp': 'public',
  'POST /api/auth/second-factor/recovery': 'public',
  'GET /api/security/two-factor': 'self',
  'POST /api/security/two-factor/totp': 'self',
  'POST /api/security/two-factor/totp/confirm': 'self',
  'POST /api/security/two-factor/totp/disable': 'self',
  'POST /api/security/two-factor/recovery-codes': 'self',
  'POST /api/security/step-up': 'self',
  'GET /api/security/second-factor-policy': 'self',
  'PUT /api/security/second-factor-policy': 'self',
  // Passkeys: sign-in ceremonies are public (a challenge or ticket names the person); the rest act on the caller's own
  // passkeys only (modules/passkeys proves another person's passkey is neither renamed nor removed).
  'POST /api/auth/passkey/options': 'public',
  'POST /api/auth/passkey': 'public',
  'POST /api/auth/second-factor/passkey/options': 'public',
  'POST /api/auth/second-factor/passkey': 'public',
  'GET /api/passkeys': 'self',
  'POST /api/passkeys/register/options': 'self',
  'POST /api/passkeys/register': 'self',
  'PATCH /api/passkeys/:id': { id: 'passkeys' },
  'DELETE /api/passkeys/:id': { id: 'passkeys' },
  'POST /api/passkeys/step-up/options': 'self',
  'POST /api/passkeys/step-up': 'self',
  // Single sign-on: the round trip is public (its state names the organisation); the settings are the caller's own
  // organisation's.
  'GET /api/auth/sso/info': 'public',
  'GET /api/auth/sso/start': 'public',
  'GET /api/auth/sso/callback': 'public',
  'POST /api/auth/sso/exchange': 'public',
  'GET /api/organisation/sso': 'self',
  'PUT /api/organisation/sso': 'self',
  'POST /api/organisation/sso/test': 'self',
  // Meta's WhatsApp webhook: one per server, signed by the app's secret; each status names its message, whose row
  // carries its company (modules/whatsapp).
  'GET /api/whatsapp/webhook': 'public',
  'POST /api/whatsapp/webhook': 'public',
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/files/:id': 'public',
  'GET /api/profile': 'self',
  'GET /api/profile/details': 'self',
  'PUT /api/profile': 'self',
  'PUT /api/profile/password': 'self',
  'PUT /api/profile/preferences': 'self',
  // The clinic named in the body must be the caller's company's (start-screen.int.test.ts, "refuses another company's clinic").
  'PUT /api/profile/clinic': 'self',
  'GET /api/audit': 'self',
  'GET /api/audit/filters': 'self',
  'GET /api/permissions': 'self',
  'GET /api/employees': {},
  'GET /api/employees/:id': { id: 'employees' },
  'GET /api/employees/:id/stats': { id: 'employees' },
  'POST /api/employees': {},
  'PUT /api/employees/:id': { id: 'employees' },
  'DELETE /api/employees/:id': { id: 'employees' },
  'POST /api/invitations': {},
  'POST /api/employees/:id/invitation': { id: 'employees' },
  // The invited person's page: the signed link names the company and the invitation (modules/invitations proves a
  // forged or foreign link is refused).
  'POST /api/invitations/lookup': 'public',
  'POST /api/invitations/accept': 'public',
  'GET /api/roles': {},
  'GET /api/roles/:id': { id: 'roles' },
  'POST /api/roles': {},
  'PUT /api/roles/:id': { id: 'roles' },
  'DELETE /api/roles/:id': { id: 'roles' },
  'GET /api/patients': {},
  'GET /api/patients/:id': { id: 'patients' },
  'POST /api/patients': {},
  'PUT /api/patients/:id': { id: 'patients' },
  'DELETE /api/patients/:id': { id: 'patients' },
  'POST /api/patients/:id/notes': { id: 'patients' },
  'POST /api/patients/quick': {},
  'POST /api/patients/:id/documents': { id: 'patients' },
  'GET /api/patients/:id/record-counts': { id: 'patients' },
  'POST /api/patients/:id/merge': { id: 'patients' },
  'GET /api/patients/:id/vitals': { id: 'patients' },
  'POST /api/patients/:id/vitals': { id: 'patients' },
  'POST /api/patients/:id/vitals/:vitalsId/entered-in-error': { id: 'patients', vitalsId: 'vital_signs' },
  'GET /api/vitals/reference-ranges': 'self',
  'PUT /api/vitals/reference-ranges': 'self',
  'GET /api/patients/:id/allergies': { id: 'patients' },
  'POST /api/patients/:id/allergies': { id: 'patients' },
  'PATCH /api/patients/:id/allergies/:allergyId': { id: 'patients', allergyId: 'patient_allergies' },
  'POST /api/patients/:id/allergies/none': { id: 'patients' },
  'GET /api/patients/:id/clinical-summary': { id: 'patients' },
  'GET /api/services': {},
  'GET /api/services/:id': { id: 'services' },
  'POST /api/services': {},
  'PATCH /api/services/:id': { id: 'services' },
  'DELETE /api/services/:id': { id: 'services' },
  'POST /api/services/bulk': {},
  'GET /api/specializations': {},
  'GET /api/specializations/:id': { id: 'specializations' },
  'POST /api/specializations': {},
  'PUT /api/specializations/:id': { id: 'specializations' },
  'PATCH /api/specializations/:id': { id: 'specializations' },
  'DELETE /api/specializations/:id': { id: 'specializations' },
  'GET /api/appointments': {},
  'GET /api/appointments/availability': {},
  'GET /api/appointments/next-free': {},
  'GET /api/appointments/board': {},
  'GET /api/appointments/:id': { id: 'appointments' },
  'POST /api/appointments': {},
  'PATCH /api/appointments/:id': { id: 'appointments' },
  'DELETE /api/appointments/:id': { id: 'appointments' },
  'POST /api/appointment-series': {},
  'GET /api/appointment-series/:id': { id: 'appointment_series' },
  'PATCH /api/appointment-series/:id': { id: 'appointment_series' },
  'DELETE /api/appointment-series/:id': { id: 'appointment_series' },
  'GET /api/waitlist': {},
  'GET /api/waitlist/matches': {},
  'POST /api/waitlist': {},
  'POST /api/waitlist/:id/book': { id: 'waitlist_entries' },
  'DELETE /api/waitlist/:id': { id: 'waitlist_entries' },
  'GET /api/companies': {},
  'POST /api/companies': {},
  'POST /api/companies/registration': {},
  'PUT /api/companies/:id': { id: 'companies' },
  'POST /api/companies/:id/logo': { id: 'companies' },
  'GET /api/cliniccollections': {},
  'GET /api/cliniccollections/:id': { id: 'clinic_collections' },
  'POST /api/cliniccollections': {},
  'PUT /api/cliniccollections/:id': { id: 'clinic_collections' },
  'DELETE /api/cliniccollections/:id': { id: 'clinic_collections' },
  'GET /api/departments': {},
  'GET /api/departments/:id': { id: 'departments' },
  'POST /api/departments': {},
  'PUT /api/departments/:id': { id: 'departments' },
  'DELETE /api/departments/:id': { id: 'departments' },
  'GET /api/clinics': {},
  'GET /api/clinics/:id': { id: 'clinics' },
  'GET /api/clinics/:id/patient-count': { id: 'clinics' },
  'POST /api/clinics': {},
  'PUT /api/clinics/:id': { id: 'clinics' },
  'DELETE /api/clinics/:id': { id: 'clinics' },
  'GET /api/calendar-feeds': {},
  'POST /api/calendar-feeds': {},
  'POST /api/calendar-feeds/:id/rotate': { id: 'calendar_feeds' },
  'DELETE /api/calendar-feeds/:id': { id: 'calendar_feeds' },
  'GET /api/calendars/:file': 'public',
  'GET /api/fhir/R4/metadata': 'public',
  'GET /api/fhir/R4/Patient': {},
  'GET /api/fhir/R4/Practitioner': {},
  'GET /api/fhir/R4/PractitionerRole': {},
  'GET /api/fhir/R4/Organization': {},
  'GET /api/fhir/R4/Location': {},
  'GET /api/fhir/R4/HealthcareService': {},
  'GET /api/fhir/R4/Appointment': {},
  'GET /api/fhir/R4/Schedule': {},
  'GET /api/fhir/R4/Slot': {},
  'GET /api/fhir/R4/Patient/:id': { id: 'patients' },
  'GET /api/fhir/R4/Practitioner/:id': { id: 'doctors' },
  'GET /api/fhir/R4/PractitionerRole/:id': { id: 'doctors' },
  'GET /api/fhir/R4/Organization/:id': { id: 'organizations' },
  'GET /api/fhir/R4/Location/:id': { id: 'clinics' },
  'GET /api/fhir/R4/HealthcareService/:id': { id: 'services' },
  'GET /api/fhir/R4/Appointment/:id': { id: 'appointments' },
  'GET /api/fhir/R4/Schedule/:id': { id: 'doctors' },
  // FHIR writes: a create of B's own (one naming A's records is refused); A's record in the address is a 404.
  'POST /api/fhir/R4/Patient': {},
  'PUT /api/fhir/R4/Patient/:id': { id: 'patients' },
  'POST /api/fhir/R4/Appointment': {},
  'PUT /api/fhir/R4/Appointment/:id': { id: 'appointments' },
  'GET /api/fhir/R4/Encounter': {},
  'GET /api/fhir/R4/Observation': {},
  'GET /api/fhir/R4/Condition': {},
  'GET /api/fhir/R4/AllergyIntolerance': {},
  'GET /api/fhir/R4/MedicationRequest': {},
  'GET /api/fhir/R4/ServiceRequest': {},
  'GET /api/fhir/R4/DiagnosticReport': {},
  'GET /api/fhir/R4/Encounter/:id': { id: 'encounters' },
  'GET /api/fhir/R4/Observation/:id': { id: 'fhir_observations' },
  'GET /api/fhir/R4/Condition/:id': { id: 'patient_problems' },
  'GET /api/fhir/R4/AllergyIntolerance/:id': { id: 'patient_allergies' },
  'GET /api/fhir/R4/MedicationRequest/:id': { id: 'prescription_items' },
  'GET /api/fhir/R4/ServiceRequest/:id': { id: 'order_items' },
  'GET /api/fhir/R4/DiagnosticReport/:id': { id: 'order_items' },
  'GET /api/fhir/R4/$export': 'self',
  'GET /api/fhir/R4/$export-status/:id': { id: 'fhir_exports' },
  'DELETE /api/fhir/R4/$export-status/:id': { id: 'fhir_exports' },
  'GET /api/fhir/R4/$export-file/:id/:type': { id: 'fhir_exports', type: 'fhir_types' },
  'GET /api/clinics/:id/reminder-settings': { id: 'clinics' },
  'PUT /api/clinics/:id/reminder-settings': { id: 'clinics' },
  // The waiting room: a clinic's queue and settings, its tickets (the clinic named in a query or body must be the
  // caller's company's, or 404).
  'GET /api/waiting-room': {},
  'POST /api/waiting-room/call-next': {},
  'GET /api/waiting-room/tickets/:id': { id: 'queue_tickets' },
  'POST /api/waiting-room/tickets/:id/call': { id: 'queue_tickets' },
  'POST /api/waiting-room/tickets/:id/skip': { id: 'queue_tickets' },
  'PATCH /api/waiting-room/tickets/:id': { id: 'queue_tickets' },
  'GET /api/waiting-room/accuracy': {},
  'GET /api/clinics/:id/waiting-room-settings': { id: 'clinics' },
  'PUT /api/clinics/:id/waiting-room-settings': { id: 'clinics' },
  // The patient's queue page and its stream: the signed token names the company and the ticket
  // (modules/waiting-room/waiting-room-patient.int.test.ts: another kind of token is refused, the stream hears only its clinic).
  'GET /api/public/queue': 'public',
  'GET /api/public/queue/live': 'public',
  'GET /api/clinics/:id/online-booking': { id: 'clinics' },
  'PUT /api/clinics/:id/online-booking': { id: 'clinics' },
  'GET /api/companies/:id/booking-page': { id: 'companies' },
  'PUT /api/companies/:id/booking-page': { id: 'companies' },
  'GET /api/reminders': {},
  'POST /api/reminders/:id/retry': { id: 'reminders' },
  'GET /api/appointments/:id/reminders': { id: 'appointments' },
  'POST /api/appointments/:id/patient-link': { id: 'appointments' },
  // The patient's link: the signed token names the company and the appointment
  // (modules/reminders/visit.int.test.ts proves a link acts on its own appointment only).
  'GET /api/public/visit': 'public',
  'POST /api/public/visit/confirm': 'public',
  'POST /api/public/visit/cancel': 'public',
  'GET /api/public/visit/times': 'public',
  'GET /api/public/visit/days': 'public',
  'POST /api/public/visit/reschedule': 'public',
  'GET /api/public/visit/ics': 'public',
  // The public booking page: the address names the organisation, and every query after it is scoped by that
  // organisation's id (a clinic, service or doctor of another one is 404; modules/online-booking).
  'GET /api/public/book/:slug': 'public',
  'GET /api/public/book/:slug/days': 'public',
  'GET /api/public/book/:slug/times': 'public',
  'POST /api/public/book/:slug/code': 'public',
  'POST /api/public/book/:slug/appointments': 'public',
  'GET /api/notifications': 'self',
  'GET /api/notifications/unread-count': 'self',
  'POST /api/notifications/:id/read': { id: 'notifications' },
  'POST /api/notifications/read-all': 'self',
  // Events are filtered by the caller's company and id: modules/notifications/notifications.int.test.ts.
  'GET /api/live': 'stream',
  'GET /api/patients/export.csv': {},
  'GET /api/appointments/export.csv': {},
  'GET /api/employees/export.csv': {},
  'GET /api/services/export.csv': {},
  'GET /api/specializations/export.csv': {},
  'GET /api/clinics/export.csv': {},
  'GET /api/departments/export.csv': {},
  'GET /api/cliniccollections/export.csv': {},
  'GET /api/audit/export.csv': 'self',
  'GET /api/dashboard': {},
  // Sign-in sessions: the caller's own, or a person of the caller's company (sessions.int.test.ts).
  'GET /api/sessions': 'self',
  'DELETE /api/sessions/:sessionId': { sessionId: 'sign_in_sessions' },
  'POST /api/sessions/end-others': 'self',
  'GET /api/sessions/history': 'self',
  'GET /api/sessions/rules': 'self',
  'GET /api/employees/:id/sessions': { id: 'employees' },
  'POST /api/employees/:id/sessions/end-all': { id: 'employees' },
  'GET /api/employees/:id/sign-in-history': { id: 'employees' },
  'GET /api/organisation/security/sessions': 'self',
  'PUT /api/organisation/security/sessions': 'self',
  'GET /api/billing/settings': 'self',
  'PUT /api/billing/settings': 'self',
  'GET /api/e-invoicing/settings': 'self',
  'PUT /api/e-invoicing/settings': 'self',
  'PUT /api/e-invoicing/stamp': 'self',
  'POST /api/e-invoicing/onboard': 'self',
  'GET /api/e-invoicing/submissions': 'self',
  'POST /api/e-invoicing/submissions/:id/retry': { id: 'e_invoice_submissions' },
  'GET /api/invoices/:id/xml': { id: 'invoices' },
  'GET /api/credit-notes/:id/xml': { id: 'invoices' },
  'GET /api/invoices/export.csv': {},
  'GET /api/invoices': {},
  'POST /api/invoices': {},
  'POST /api/invoices/from-appointment/:id': { id: 'appointments' },
  'GET /api/invoices/:id': { id: 'invoices' },
  'PUT /api/invoices/:id': { id: 'invoices' },
  'DELETE /api/invoices/:id': { id: 'invoices' },
  'POST /api/invoices/:id/issue': { id: 'invoices' },
  'POST /api/invoices/:id/credit-notes': { id: 'invoices' },
  'POST /api/invoices/:id/payments': { id: 'invoices' },
  'POST /api/invoices/:id/refunds': { id: 'invoices' },
  'GET /api/cash-boxes': {},
  'GET /api/cash-boxes/:id': { id: 'cash_boxes' },
  'POST /api/cash-boxes/:id/close': { id: 'cash_boxes' },
  'GET /api/cash-boxes/:id/closes/:closeId': { id: 'cash_boxes', closeId: 'cash_box_closes' },
  'GET /api/claims': {},
  'GET /api/medications': {},
  'POST /api/medications/import': {},
  'PATCH /api/medications/:id': { id: 'medications' },
  'GET /api/patients/:id/medications': { id: 'patients' },
  'POST /api/patients/:id/medications': { id: 'patients' },
  'POST /api/patient-medications/:id/stop': { id: 'patient_medications' },
  'POST /api/patient-medications/:id/complete': { id: 'patient_medications' },
  'PATCH /api/claims/:id': { id: 'insurance_claims' },
  // The doctor's share: A's doctors named in queries and bodies are no doctors of B's (422), A's rules unknown (404).
  'GET /api/doctor-shares/doctors': {},
  'GET /api/doctor-shares/rules': {},
  'POST /api/doctor-shares/rules': {},
  'DELETE /api/doctor-shares/rules/:id': { id: 'doctor_share_rules' },
  'GET /api/doctor-shares/statement': {},
  'GET /api/doctor-shares/statement.csv': {},
  'POST /api/doctor-shares/payouts': {},
  'GET /api/diagnosis-codes': {},
  'GET /api/diagnosis-codes/summary': {},
  'POST /api/diagnosis-codes/import': {},
  'POST /api/diagnosis-codes/starter': {},
  'GET /api/patients/:id/diagnoses': { id: 'patients' },
  'POST /api/patients/:id/diagnoses': { id: 'patients' },
  'PATCH /api/patients/:id/diagnoses/:diagnosisId': { id: 'patients', diagnosisId: 'encounter_diagnoses' },
  'DELETE /api/patients/:id/diagnoses/:diagnosisId': { id: 'patients', diagnosisId: 'encounter_diagnoses' },
  'GET /api/patients/:id/problems': { id: 'patients' },
  'GET /api/patients/:id/chart': { id: 'patients' },
  'GET /api/patients/:id/record-summary': { id: 'patients' },
  'POST /api/patients/:id/problems': { id: 'patients' },
  'PATCH /api/patients/:id/problems/:problemId': { id: 'patients', problemId: 'patient_problems' },
  'GET /api/encounters': {},
  'GET /api/encounters/:id': { id: 'encounters' },
  'GET /api/appointments/:id/encounter': { id: 'appointments' },
  'POST /api/appointments/:id/encounter': { id: 'appointments' },
  'POST /api/encounters': {},
  'PUT /api/encounters/:id/note': { id: 'encounters' },
  'POST /api/encounters/:id/sign': { id: 'encounters' },
  'POST /api/encounters/:id/addenda': { id: 'encounters' },
  'POST /api/encounters/:id/break-glass': { id: 'encounters' },
  'GET /api/note-templates': {},
  'GET /api/note-templates/:id': { id: 'note_templates' },
  'POST /api/note-templates': {},
  'PUT /api/note-templates/:id': { id: 'note_templates' },
  'GET /api/patients/:id/prescriptions': { id: 'patients' },
  'POST /api/patients/:id/prescriptions/check': { id: 'patients' },
  'POST /api/patients/:id/prescriptions': { id: 'patients' },
  'GET /api/prescriptions/:id': { id: 'prescriptions' },
  'PUT /api/prescriptions/:id': { id: 'prescriptions' },
  'POST /api/prescriptions/:id/issue': { id: 'prescriptions' },
  'POST /api/prescriptions/:id/cancel': { id: 'prescriptions' },
  // The printed code is the only key; it names no company (modules/prescriptions proves a code answers only its state).
  'POST /api/public/prescriptions/verify': 'public',
  'GET /api/order-catalogue': {},
  'POST /api/order-catalogue': {},
  'PATCH /api/order-catalogue/:id': { id: 'order_catalogue_items' },
  'GET /api/patients/:id/orders': { id: 'patients' },
  'POST /api/patients/:id/orders': { id: 'patients' },
  'GET /api/orders/:id': { id: 'orders' },
  'POST /api/orders/:id/cancel': { id: 'orders' },
  'POST /api/orders/:id/collect': { id: 'orders' },
  'POST /api/orders/:id/acknowledge': { id: 'orders' },
  // Waiting-room displays. The screen's routes are public: its token names the company and the display, which are
  // looked up by both and its secret's hash (modules/queue-displays proves another organisation's token is refused).
  'GET /api/waiting-room/displays': {},
  'POST /api/waiting-room/displays': {},
  'POST /api/waiting-room/displays/:id/pairing-code': { id: 'queue_displays' },
  'DELETE /api/waiting-room/displays/:id': { id: 'queue_displays' },
  // Webhook endpoints and their deliveries: only the caller's company's.
  'GET /api/webhooks': 'self',
  'POST /api/webhooks': 'self',
  'GET /api/webhooks/:id': { id: 'webhook_endpoints' },
  'PUT /api/webhooks/:id': { id: 'webhook_endpoints' },
  'DELETE /api/webhooks/:id': { id: 'webhook_endpoints' },
  'POST /api/webhooks/:id/rotate-secret': { id: 'webhook_endpoints' },
  'POST /api/webhooks/:id/test': { id: 'webhook_endpoints' },
  'GET /api/webhooks/:id/deliveries': { id: 'webhook_endpoints' },
  'POST /api/webhooks/deliveries/:id/replay': { id: 'webhook_deliveries' },
  'POST /api/public/display/pair': 'public',
  'GET /api/public/display': 'public',
  'GET /api/public/display/live': 'public',
  // The order is named by its full number (below: A's numbers), answered as an unknown number.
  'GET /api/orders/by-number': {},
  'POST /api/orders/results': {},
  'POST /api/orders/results/document': {},
  'GET /api/orders/results/mine': {},
  // Spreadsheet imports: a batch of A's (its file and its rows are A's too).
  'GET /api/imports': {},
  'POST /api/imports': {},
  'GET /api/imports/:id': { id: 'import_batches' },
  'PUT /api/imports/:id/mapping': { id: 'import_batches' },
  'POST /api/imports/:id/start': { id: 'import_batches' },
  'POST /api/imports/:id/undo': { id: 'import_batches' },
};

/** Bodies that pass validation where that is simple to give, so the lookup itself is what answers. */
function bodyFor(key: string, ids: Record<string, string[]>): unknown {
  switch (key) {
    case 'POST /api/patients/:id/notes': return { body: 'A note written from another company' };
    // Company A's patient (path) into another of company A's: 404 as for an unknown id, nothing moves.
    case 'POST /api/patients/:id/merge': return { into: ids.patients!.at(-1), version: 1, intoVersion: 1 };
    case 'POST /api/patients/:id/vitals': return { pulse: 72, temperature: 37 };
    case 'POST /api/patients/:id/vitals/:vitalsId/entered-in-error': return { reason: 'Written from another company' };
    case 'PUT /api/vitals/reference-ranges': return { adult: { pulse: { low: 50, high: 110, criticalLow: 40, criticalHigh: 140 } }, child: {} };
    case 'POST /api/patients/:id/allergies': return { substance: 'Latex' };
    case 'PATCH /api/patients/:id/allergies/:allergyId': return { status: 'resolved', version: 1 };
    case 'POST /api/invitations': return { name: 'Invited By B', email: 'invited.by.b@clinic.example', employeeType: 'Administrative', roleIds: [ids.roles![0]] };
    case 'POST /api/patients/quick': return { name: 'Walk-in Of Company B', phone: '0551234567', dateOfBirth: '1990-01-05', gender: 'male' };
    case 'PATCH /api/appointments/:id': return { status: 'cancelled', cancellationReason: 'Written from another company' };
    case 'PATCH /api/services/:id': return { isActive: false };
    case 'PUT /api/clinics/:id/reminder-settings': return { enabled: false, channels: [], leadHours: [1] };
    case 'PUT /api/clinics/:id/waiting-room-settings': return { prefixBy: 'none', prefixes: {}, rooms: {}, showNames: true, sendLink: false, announce: 'en' };
    case 'POST /api/waiting-room/call-next': return { clinic: ids.clinics![0] };
    case 'POST /api/waiting-room/tickets/:id/call': return { version: 1 };
    case 'POST /api/waiting-room/tickets/:id/skip': return { version: 1 };
    case 'PATCH /api/waiting-room/tickets/:id': return { version: 1, priority: 'urgent' };
    case 'PUT /api/clinics/:id/online-booking': return {
      enabled: true, mode: 'instant', services: [], doctors: [], minNoticeMinutes: 0, horizonDays: 7, maxPerPhoneDay: 1, maxPerPhoneWeek: 1, cancellationPolicy: {},
    };
    case 'PUT /api/companies/:id/booking-page': return { slug: 'written-by-b' };
    case 'POST /api/services/bulk': return { ids: ids.services!.slice(0, 3), action: 'deactivate' };
    case 'PUT /api/roles/:id': return { name: 'Renamed by B', permissions: ['patient_read'] };
    case 'POST /api/appointments': return {
      patient: ids.patients![0], doctor: ids.doctors![0], clinic: ids.clinics![0], service: ids.services![0],
      datetime: new Date(Date.now() + 40 * 86_400_000).toISOString(), reason: 'Booked from another company',
    };
    case 'POST /api/calendar-feeds': return { doctor: ids.doctors![0] };
    case 'POST /api/fhir/R4/Patient': return fhirPatient('TENANT-B-FHIR');
    case 'PUT /api/fhir/R4/Patient/:id': return fhirPatient('TENANT-B-FHIR-2');
    case 'POST /api/fhir/R4/Appointment':
    case 'PUT /api/fhir/R4/Appointment/:id': return fhirAppointment(
      { patient: ids.patients![0]!, doctor: ids.doctors![0]!, clinic: ids.clinics![0]!, service: ids.services![0]! }, new Date(Date.now() + 40 * 86_400_000).toISOString(),
      key.startsWith('PUT') ? { status: 'cancelled', cancelationReason: { text: 'Written from another company' } } : {},
    );
    case 'POST /api/appointment-series': return {
      patient: ids.patients![0], doctor: ids.doctors![0], clinic: ids.clinics![0], service: ids.services![0],
      datetime: new Date(Date.now() + 40 * 86_400_000).toISOString(), reason: 'Booked from another company', recurrence: { frequency: 'weekly', count: 3 },
    };
    case 'PATCH /api/appointment-series/:id': return { scope: 'all', reason: 'Renamed by B', version: 1 };
    case 'POST /api/waitlist': return { patient: ids.patients![0], service: ids.services![0] };
    case 'POST /api/waitlist/:id/book': return { appointment: ids.appointments![0], version: 1 };
    case 'POST /api/invoices': return { patient: ids.patients![0], clinic: ids.clinics![0], lines: [{ kind: 'service', service: ids.services![0] }] };
    case 'PUT /api/invoices/:id': return { lines: [{ kind: 'item', description: 'Changed by B', unitPrice: 1 }], version: 1 };
    case 'POST /api/invoices/:id/issue': return { version: 1 };
    case 'POST /api/invoices/:id/credit-notes': return { amount: 1, reason: 'Written from another company' };
    case 'POST /api/invoices/:id/payments': return { method: 'cash', amount: 1, cashBox: ids.cash_boxes![0] };
    case 'POST /api/invoices/:id/refunds': return { creditNote: ids.invoices![0], method: 'card', amount: 1, paymentMethod: 'Mada' };
    case 'POST /api/cash-boxes/:id/close': return { counted: 0 };
    case 'PATCH /api/claims/:id': return { status: 'submitted', version: 1 };
    case 'POST /api/doctor-shares/rules': return { doctor: ids.doctors![0], service: ids.services![0], kind: 'percent', percent: 50, effectiveFrom: '2099-01-01' };
    case 'POST /api/doctor-shares/payouts': return { doctor: ids.doctors![0], from: '2026-01-01', to: '2026-12-31', amount: 1, method: 'cash' };
    case 'POST /api/patients/:id/diagnoses': return { encounterId: ids.encounter_diagnoses![0], codeId: ids.diagnosis_codes![0], rank: 'secondary' };
    case 'PATCH /api/patients/:id/diagnoses/:diagnosisId': return { rank: 'secondary', note: 'Changed by B' };
    case 'PATCH /api/patients/:id/problems/:problemId': return { status: 'resolved', version: 1 };
    case 'PATCH /api/medications/:id': return { isActive: false, version: 1 };
    case 'POST /api/patients/:id/medications': return { medication: ids.medications![0], name: 'Taken by B', route: 'oral', frequency: 'BID' };
    case 'POST /api/patient-medications/:id/stop': return { reason: 'Stopped from another company', version: 1 };
    case 'POST /api/patient-medications/:id/complete': return { version: 1 };
    case 'POST /api/patients/:id/problems': return { codeId: ids.diagnosis_codes![1] };
    case 'POST /api/services': return { name: 'Stolen service', description: 'Uses A ids', price: 100, clinic: ids.clinics![0], doctors: [ids.doctors![0]] };
    case 'POST /api/encounters': return { patient: ids.patients![0], clinic: ids.clinics![0] };
    case 'PUT /api/encounters/:id/note': return { version: 1, content: { complaint: 'Written from another company' } };
    case 'POST /api/encounters/:id/sign': return { version: 1, password: 'Secret@123' };
    case 'POST /api/encounters/:id/addenda': return { reason: 'From another company', text: 'Written from another company' };
    case 'POST /api/encounters/:id/break-glass': return { reason: 'From another company' };
    case 'POST /api/note-templates': return { ...noteTemplate, service: ids.services![0] };
    case 'PUT /api/note-templates/:id': return { ...noteTemplate, version: 1 };
    case 'POST /api/patients/:id/prescriptions/check': return { items: [{ medication: ids.medications![0] }] };
    case 'POST /api/patients/:id/prescriptions': return { clinic: ids.clinics![0], items: [rxItem(ids)] };
    case 'PUT /api/prescriptions/:id': return { clinic: ids.clinics![0], language: 'en', validDays: 30, items: [rxItem(ids)], version: 1 };
    case 'POST /api/prescriptions/:id/issue': return { version: 1 };
    case 'POST /api/prescriptions/:id/cancel': return { reason: 'Cancelled from another company', version: 1 };
    case 'POST /api/order-catalogue': return { clinic: ids.clinics![0], code: 'STOLEN', nameEn: 'Stolen', nameAr: 'مسروق', kind: 'lab' };
    case 'PATCH /api/order-catalogue/:id': return { nameEn: 'Renamed by B', version: 1 };
    case 'POST /api/patients/:id/orders': return { clinic: ids.clinics![0], items: [ids.order_catalogue_items![0]] };
    case 'POST /api/orders/:id/cancel': return { reason: 'From another company', version: 1 };
    case 'POST /api/orders/:id/collect': return { version: 1 };
    case 'POST /api/orders/:id/acknowledge': return { version: 1 };
    case 'POST /api/orders/results': return { number: ids.order_numbers![0], values: [{ item: ids.order_items![0], analyte: 'WBC', value: 5 }] };
    case 'POST /api/orders/results/document': return { number: ids.order_numbers![0] };
    case 'POST /api/waiting-room/displays': return { clinic: ids.clinics![0], name: 'Display of company B' };
    case 'PUT /api/webhooks/:id': return { url: 'https://93.184.215.14/hook', events: ['invoice.paid'], version: 1 };
    default: return {};
  }
}

const rxItem = (ids: Record<string, string[]>) => ({ medication: ids.medications![0], dose: 1, unit: 'tablet', route: 'oral', frequency: 'BID', durationDays: 5, quantity: 10 });

const noteTemplate = {
  name: { en: 'Eye check', ar: 'فحص العين' },
  sections: [{ key: 'eye', label: { en: 'Eye', ar: 'العين' }, fields: [{ key: 'side', type: 'bodySide', label: { en: 'Side', ar: 'الجهة' } }] }],
};

/** Query strings that try to reach A's records through filters. */
function filtersFor(url: string, ids: Record<string, string[]>): string[] {
  const f = (o: Record<string, string | undefined>) => new URLSearchParams(Object.entries(o).filter(([, v]) => v) as [string, string][]).toString();
  const common = [f({}), f({ allData: 'true' }), f({ search: ids.names![0] })];
  if (url === '/api/appointments') {
    return [
      ...common, f({ clinic: ids.clinics![0] }), f({ doctor: ids.doctors![0] }), f({ patient: ids.patients![0] }), f({ filter: `clinic=${ids.clinics![0]}` }),
      f({ view: 'calendar', from: new Date(Date.now() - 30 * 86_400_000).toISOString(), to: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
      f({ view: 'calendar', status: 'scheduled,arrived,in_consultation,completed,no_show,cancelled' }),
    ];
  }
  if (url === '/api/appointments/next-free') {
    return [f({ clinic: ids.clinics![0], service: ids.services![0] }), f({ clinic: ids.clinics![0], service: ids.services![0], doctor: ids.doctors![0] })];
  }
  if (url === '/api/appointments/board') return [f({ clinic: ids.clinics![0] }), f({ clinic: ids.clinics![0], date: new Date().toISOString().slice(0, 10) })];
  if (url === '/api/appointments/availability') {
    const day = new Date().toISOString().slice(0, 10);
    return [f({ clinic: ids.clinics![0], from: day, to: day })];
  }
  if (url.startsWith('/api/fhir/R4/')) {
    const ref = (type: string, id: string) => `${type}/${id}`;
    return [
      f({}), f({ _id: ids.patients!.join(',') }), f({ _id: ids.appointments![0] }), f({ name: ids.names![0] }),
      f({ patient: ref('Patient', ids.patients![0]!) }), f({ practitioner: ref('Practitioner', ids.doctors![0]!) }),
      f({ location: ref('Location', ids.clinics![0]!) }), f({ organization: ref('Organization', ids.companies![0]!) }),
      f({ partof: ref('Organization', ids.companies![0]!) }), f({ actor: ref('Practitioner', ids.doctors![0]!) }),
      f({ schedule: ref('Schedule', ids.doctors![0]!) }),
      // The clinical types: their own ids (an Observation's is the set's id and the vital) and references.
      f({ _id: ids.encounters!.join(',') }), f({ _id: [...ids.encounter_diagnoses!, ...ids.patient_problems!, ...ids.patient_allergies!].join(',') }),
      f({ _id: ids.fhir_observations!.join(',') }), f({ encounter: ref('Encounter', ids.encounters![0]!) }),
      // Prescriptions and orders: a MedicationRequest is a prescription item, a ServiceRequest and a DiagnosticReport an order item.
      f({ _id: [...ids.prescription_items!, ...ids.order_items!].join(',') }), f({ 'based-on': ref('ServiceRequest', ids.order_items![0]!) }),
      f({ requisition: ids.order_numbers![0] }),
    ];
  }
  if (url === '/api/orders/by-number') return ids.order_numbers!.map((number) => f({ number }));
  if (url === '/api/order-catalogue') return [...common, f({ clinic: ids.clinics![0] })];
  if (url === '/api/encounters') return [...common, f({ patient: ids.patients![0] }), f({ patient: ids.patients![0], status: 'signed' })];
  if (url === '/api/waiting-room') return [f({ clinic: ids.clinics![0] })];
  if (url === '/api/waiting-room/accuracy') return [f({}), f({ clinic: ids.clinics![0] })];
  if (url === '/api/dashboard') return [f({}), f({ clinic: ids.clinics![0] }), f({ complex: ids.clinic_collections![0] })];
  if (url === '/api/services') return [...common, f({ clinic: ids.clinics![0] })];
  if (url === '/api/invoices') return [...common, f({ clinic: ids.clinics![0] }), f({ patient: ids.patients![0] }), f({ status: 'paid' })];
  if (url === '/api/claims') return [...common, f({ clinic: ids.clinics![0] })];
  if (url === '/api/doctor-shares/rules') return [f({}), f({ doctor: ids.doctors![0] })];
  if (url === '/api/doctor-shares/doctors') return [f({})];
  if (url === '/api/doctor-shares/statement' || url === '/api/doctor-shares/statement.csv') {
    return [f({ doctor: ids.doctors![0], from: '2026-01-01', to: '2026-12-31' }), f({ doctor: ids.doctors![1], from: '2000-01-01', to: '2000-12-31' })];
  }
  if (url === '/api/cash-boxes') return [f({}), f({ clinic: ids.clinics![0] }), f({ includeInactive: 'true' })];
  if (url === '/api/waitlist') return [f({}), f({ service: ids.services![0] }), f({ clinic: ids.clinics![0] }), f({ status: 'booked' })];
  if (url === '/api/waitlist/matches') {
    return [f({ appointment: ids.appointments![0] }), f({ doctor: ids.doctors![0], service: ids.services![0], datetime: new Date(Date.now() + 40 * 86_400_000).toISOString() })];
  }
  if (url === '/api/waiting-room/displays') return [f({}), f({ clinic: ids.clinics![0] }), f({ allData: 'true' })];
  if (url === '/api/clinics') return [...common, f({ department: ids.departments![0] }), f({ clinicCollection: ids.clinic_collections![0] })];
  if (url === '/api/employees') return [...common, f({ filter_fields: JSON.stringify({ roleName: 'Admin' }) })];
  return common;
}

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
const aIds: Record<string, string[]> = {};

async function companyRows(companyId: string): Promise<Record<string, string>> {
  const tables = await ctx.database.query<{ table_name: string }>(
    `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'company_id' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name: t } of tables) {
    if (t === 'audit_log') continue; // B's refused requests are themselves audited (under B)
    const [row] = await ctx.database.query<{ n: number; sum: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(to_jsonb(x)::text, '|' order by to_jsonb(x)::text), '')) as sum from "${t}" x where company_id = $1`,
      [companyId],
    );
    out[t] = `${row!.n}:${row!.sum}`;
  }
  const [company] = await ctx.database.query<{ sum: string }>(`select md5(to_jsonb(c)::text) as sum from companies c where id = $1`, [companyId]);
  out.companies = company!.sum;
  return out;
}

/** Every id company A owns, in every table with an id column, and the company's own id. */
async function everyIdOf(companyId: string): Promise<Set<string>> {
  const tables = await ctx.database.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
       join information_schema.columns k on k.table_name = c.table_name and k.table_schema = 'public' and k.column_name = 'company_id'
      where c.table_schema = 'public' and c.column_name = 'id' and c.data_type = 'uuid'`,
  );
  const ids = new Set<string>([companyId]);
  for (const { table_name: t } of tables) {
    for (const r of await ctx.database.query<{ id: string }>(`select id from "${t}" where company_id = $1`, [companyId])) ids.add(r.id);
  }
  return ids;
}

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'Company A' });
  b = await createOrg(ctx, { name: 'Company B' });
  const deps: Deps = { config: ctx.config, database: ctx.database, db: ctx.database.db, tokens: new TokenService(ctx.config.jwtSecret, 900), callers: new CallerCache(0) };
  for (const org of [a, b]) {
    await seedOrganisation(ctx.database.db, org.companyId);
    await seedEmployees(ctx.database.db, org.companyId);
    await seedPatients(ctx.database.db, org.companyId);
    await seedScheduling(ctx.database.db, org.companyId);
    await seedWaitingRoom(ctx.database.db, org.companyId);
    await seedBilling(ctx.database.db, org.companyId, { invoices: 4 });
    await seedDoctorShares(ctx.database.db, org.companyId);
    await seedEncounters(ctx.database.db, org.companyId, { signed: 4 });
    await seedDiagnoses(ctx.database.db, org.companyId, { visits: 6 });
  }
  // A health report (file + document row) for company A.
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0f5e20000000049454e44ae426082', 'hex');
  const [patient] = await ctx.database.query<{ id: string }>(`select id from patients where company_id = $1 limit 1`, [a.companyId]);
  const file = await storeUpload(deps, a.companyId, a.adminId, Readable.from([PNG]), { kind: 'report', field: 'file', filename: 'scan.png' });
  await ctx.database.db.insert(patientDocuments).values({ companyId: a.companyId, patientId: patient!.id, fileId: file.id, title: 'Scan' });
  await ctx.database.db.insert(patientNotes).values({ companyId: a.companyId, patientId: patient!.id, body: 'A private note' });
  await ctx.database.db.insert(vitalSigns).values({ companyId: a.companyId, patientId: patient!.id, pulse: 72, temperatureC: 37 });
  await ctx.database.db.insert(patientAllergies).values({ companyId: a.companyId, patientId: patient!.id, substance: 'Penicillin', substanceKey: 'penicillin' });

  // A recurring series and a waitlist entry of company A's.
  const [party] = await ctx.database.query<{ patient_id: string; doctor_id: string; clinic_id: string; service_id: string }>(
    `select patient_id, doctor_id, clinic_id, service_id from appointments where company_id = $1 limit 1`, [a.companyId],
  );
  await ctx.database.db.insert(appointmentSeries).values({
    companyId: a.companyId, patientId: party!.patient_id, doctorId: party!.doctor_id, clinicId: party!.clinic_id, serviceId: party!.service_id,
    reason: 'Physiotherapy', rrule: 'FREQ=WEEKLY;INTERVAL=1;COUNT=3', localDate: '2026-03-02', localTime: '09:00', timeZone: 'Asia/Riyadh',
  });
  await ctx.database.db.insert(waitlistEntries).values({
    companyId: a.companyId, publicId: 'WL-000001', patientId: party!.patient_id, serviceId: party!.service_id, clinicId: party!.clinic_id,
  });

  // A's reminder outbox and a notification of A's administrator.
  const [appointment] = await ctx.database.query<{ id: string; starts_at: Date }>(`select id, starts_at from appointments where company_id = $1 limit 1`, [a.companyId]);
  await ctx.database.db.insert(reminders).values({ companyId: a.companyId, appointmentId: appointment!.id, channel: 'email', dueAt: appointment!.starts_at, status: 'failed', detail: 'refused' });
  await ctx.database.db.insert(notifications).values({ companyId: a.companyId, recipientId: a.adminId, kind: 'appointment_booked', entity: 'appointment', entityId: appointment!.id });

  // A waiting-room ticket of company A's (the seed gives tickets only to visits checked in today).
  await ctx.database.query(
    `insert into queue_tickets (company_id, clinic_id, appointment_id, day, number, doctor_id, issued_at)
     select company_id, clinic_id, id, current_date, 1, doctor_id, now() from appointments a where company_id = $1
       and not exists (select 1 from queue_tickets q where q.company_id = a.company_id and q.appointment_id = a.id) limit 1`,
    [a.companyId],
  );

  // An insurance claim of company A's (the seed's insurers list no covered services, so it opens none).
  const [invoice] = await ctx.database.query<{ id: string; clinic_id: string; patient_id: string }>(
    `select id, clinic_id, patient_id from invoices where company_id = $1 and status <> 'draft' limit 1`, [a.companyId],
  );
  await ctx.database.query(
    `insert into insurance_claims (company_id, invoice_id, clinic_id, patient_id, insurer, amount, currency) values ($1, $2, $3, $4, 'Bupa Arabia', 1000, 'SAR') on conflict do nothing`,
    [a.companyId, invoice!.id, invoice!.clinic_id, invoice!.patient_id],
  );

  // A medication catalogue and a patient's medication list of company A's.
  await seedMedications(ctx.database.db, a.companyId);
  await seedPrescriptions(ctx.database.db, a.companyId);
  // A clinic order catalogue and orders in A's visits.
  await seedOrders(ctx.database.db, a.companyId);

  for (const table of [
    'employees', 'roles', 'patients', 'services', 'specializations', 'appointments', 'clinic_collections', 'departments', 'clinics', 'files',
    'appointment_series', 'waitlist_entries', 'reminders', 'notifications', 'invoices', 'cash_boxes', 'insurance_claims', 'doctor_share_rules',
    'vital_signs', 'patient_allergies',
    'diagnosis_codes', 'encounter_diagnoses', 'patient_problems',
    'medications', 'patient_medications',
    'encounters', 'note_templates', 'prescriptions', 'prescription_items',
    'encounters', 'note_templates',
    'order_catalogue_items', 'orders', 'order_items', 'queue_tickets',
  ]) {
    aIds[table] = (await ctx.database.query<{ id: string }>(`select id from "${table}" where company_id = $1 order by id limit 5`, [a.companyId])).map((r) => r.id);
    expect(aIds[table]!.length, `company A has ${table}`).toBeGreaterThan(0);
  }
  aIds.companies = [a.companyId];
  aIds.order_numbers = (await ctx.database.query<{ number: string }>(`select number from orders where company_id = $1 order by number limit 3`, [a.companyId])).map((r) => r.number);
  aIds.doctors = (await ctx.database.query<{ id: string }>(`select id from employees where company_id = $1 and employee_type = 'Doctor' limit 3`, [a.companyId])).map((r) => r.id);
  aIds.organizations = [a.companyId, ...aIds.clinic_collections!, ...aIds.departments!];
  aIds.fhir_exports = (await ctx.database.query<{ id: string }>(
    `insert into fhir_exports (company_id, request, status, output) values ($1, '/api/fhir/R4/$export', 'done', '[{"type":"Patient","count":0}]') returning id`,
    [a.companyId],
  )).map((r) => r.id);
  aIds.fhir_types = ['Patient'];
  // A webhook endpoint of A's and one delivery to it.
  aIds.webhook_endpoints = (await ctx.database.query<{ id: string }>(
    `insert into webhook_endpoints (company_id, url, events, secret_enc) values ($1, 'https://93.184.215.14/hook', '["invoice.paid"]', 'v1.x.y.z') returning id`, [a.companyId],
  )).map((r) => r.id);
  aIds.webhook_deliveries = (await ctx.database.query<{ id: string }>(
    `insert into webhook_deliveries (company_id, endpoint_id, message_id, event_type, payload) values ($1, $2, 'msg_a', 'invoice.paid', '{}') returning id`, [a.companyId, aIds.webhook_endpoints[0]],
  )).map((r) => r.id);
  // A document of A's sent to the e-invoicing authority, which failed (so it may be retried).
  const [eInvoice] = await ctx.database.query<{ id: string }>(
    `insert into e_invoices (company_id, clinic_id, kind, document_id, uuid, icv, pih, hash, qr, xml, parties, issued_at)
     values ($1, $2, 'invoice', gen_random_uuid(), gen_random_uuid(), 999999, 'pih', 'hash', 'qr', '<Invoice/>', '{"seller":{},"buyer":{},"simplified":true}', now()) returning id`,
    [a.companyId, invoice!.clinic_id],
  );
  aIds.e_invoice_submissions = (await ctx.database.query<{ id: string }>(
    `insert into e_invoice_submissions (company_id, e_invoice_id, mode, status, attempts) values ($1, $2, 'reporting', 'failed', 6) returning id`, [a.companyId, eInvoice!.id],
  )).map((r) => r.id);
  aIds.import_batches = (await ctx.database.query<{ id: string }>(
    `insert into import_batches (company_id, kind, file_id, file_name, status) values ($1, 'patients', $2, 'a.csv', 'imported') returning id`, [a.companyId, aIds.files![0]],
  )).map((r) => r.id);
  aIds.fhir_observations = aIds.vital_signs!.map((id) => `${id}-heartrate`);
  aIds.calendar_feeds = (await ctx.database.query<{ id: string }>(
    `insert into calendar_feeds (company_id, doctor_id, secret_hash) values ($1, $2, 'tenant-a') returning id`, [a.companyId, aIds.doctors![0]],
  )).map((r) => r.id);
  // A's displays: one paired, one waiting for its code.
  aIds.queue_displays = (await ctx.database.query<{ id: string }>(
    `insert into queue_displays (company_id, clinic_id, name, token_hash, paired_at) values ($1, $2, 'Hall', 'tenant-a', now()), ($1, $2, 'Door', null, null) returning id`,
    [a.companyId, aIds.clinics![0]],
  )).map((r) => r.id);
  aIds.names = (await ctx.database.query<{ name: string }>(`select name from patients where company_id = $1 order by id limit 1`, [a.companyId])).map((r) => r.name.split(' ')[0]!);
}, 120_000);
afterAll(() => ctx?.close());

const UNKNOWN = '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f';

describe('tenant isolation', () => {
  it('every route of the route table is in the matrix', () => {
    const keys = ctx.app.routeTable.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs')).map((r) => `${r.method} ${r.url}`);
    const missing = keys.filter((k) => !(k in MATRIX));
    expect(missing, 'routes missing from the tenant-isolation matrix').toEqual([]);
  });

  it('company B never sees or changes company A\'s data, through any route', async () => {
    const before = await companyRows(a.companyId);
    const allAIds = await everyIdOf(a.companyId);
    const routes = ctx.app.routeTable.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'));
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      const source = MATRIX[key];
      if (!source || source === 'public' || source === 'stream') continue;
      const params = source === 'self' ? {} : source;
      const hasParams = Object.keys(params).length > 0;
      const fill = (pick: (table: string) => string) => r.url.replace(/:([A-Za-z_]+)/g, (_m, p: string) => pick(params[p]!));

      if (r.method === 'GET' && !hasParams) {
        const queries = source === 'self' ? [''] : filtersFor(r.url.replace(/\/export\.csv$/, ''), aIds);
        for (const q of queries) {
          const res = await ctx.app.inject({ method: 'GET', url: `${r.url}${q ? `?${q}` : ''}`, headers: auth(b.token) });
          expect(res.statusCode, `${key}?${q}`).toBeLessThan(500);
          if (res.statusCode !== 200) continue;
          // An id the caller wrote in its own query may come back in links that echo the query (FHIR Bundles): not a leak.
          const leaked = [...allAIds].filter((id) => res.body.includes(id) && !q.includes(id));
          expect(leaked, `${key}?${q} returned company A ids`).toEqual([]);
        }
        continue;
      }

      const payload = r.method === 'GET' || r.method === 'DELETE' ? undefined : bodyFor(key, aIds);
      for (const id of hasParams ? (aIds[Object.values(params)[0]!] ?? []).slice(0, 2) : [null]) {
        const url = hasParams ? fill(() => id!) : r.url;
        const res = await ctx.app.inject({ method: r.method as 'GET', url, headers: auth(b.token), ...(payload !== undefined ? { payload: payload as object } : {}) });
        const leaked = [...allAIds].filter((x) => res.body.includes(x) && x !== id);
        expect(leaked, `${key} returned company A ids`).toEqual([]);
        if (hasParams) {
          const control = await ctx.app.inject({ method: r.method as 'GET', url: fill(() => UNKNOWN), headers: auth(b.token), ...(payload !== undefined ? { payload: payload as object } : {}) });
          expect({ status: res.statusCode, code: res.json().message?.code }, `${key} with A's id answers like an unknown id`).toEqual({ status: control.statusCode, code: control.json().message?.code });
          expect(res.statusCode, `${key} with A's id`).toBeGreaterThanOrEqual(400);
        } else if (r.method !== 'GET') {
          // Creations that reference A's records are refused, never attached to A's data.
          if (['POST /api/doctor-shares/rules', 'POST /api/doctor-shares/payouts'].includes(key)) expect(res.statusCode, `${key} naming A's doctor`).toBe(422);
          if (['POST /api/appointments', 'POST /api/fhir/R4/Appointment', 'POST /api/services', 'POST /api/services/bulk', 'POST /api/calendar-feeds', 'POST /api/appointment-series', 'POST /api/waitlist', 'POST /api/invoices', 'POST /api/encounters', 'POST /api/note-templates'].includes(key)) {
            expect([404, 422], `${key} referencing A's records`).toContain(res.statusCode);
          }
          if (key === 'POST /api/waiting-room/displays') expect(res.statusCode, `${key} naming A's clinic`).toBe(404);
        }
      }
    }
    expect(await companyRows(a.companyId)).toEqual(before);
  }, 300_000);
});
