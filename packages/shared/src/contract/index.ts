import { billingSettingsRoutes } from './billing-settings.js';
import { cashBoxRoutes } from './cash-boxes.js';
import { chartRoutes } from './chart.js';
import { claimRoutes } from './claims.js';
import { allergyRoutes, clinicalSummaryRoutes, vitalsRoutes } from './clinical-observations.js';
import { clinicRoutes } from './clinics.js';
import { companyRoutes } from './companies.js';
import { complexRoutes } from './complexes.js';
import { departmentRoutes } from './departments.js';
import { diagnosisCodeRoutes, problemRoutes } from './diagnoses.js';
import { doctorShareRoutes } from './doctor-shares.js';
import { eInvoiceRoutes } from './e-invoices.js';
import { exportRoutes } from './exports.js';
import { importRoutes } from './imports.js';
import { webhookRoutes } from './webhooks.js';
import { whatsappRoutes } from './whatsapp.js';
import { invoiceRoutes } from './invoices.js';
import { medicationRoutes } from './medications.js';
import { orderCatalogueRoutes, orderRoutes } from './orders.js';
import { patientRoutes } from './patients.js';
import { prescriptionRoutes } from './prescriptions.js';
import { roleRoutes } from './roles.js';
import { sessionRoutes } from './sessions.js';
import { serviceRoutes } from './services.js';
import { appointmentRoutes } from './appointments.js';
import { calendarFeedRoutes } from './calendar-feeds.js';
import { dashboardRoutes } from './dashboard.js';
import { notificationRoutes } from './notifications.js';
import { onlineBookingRoutes } from './online-booking.js';
import { reminderRoutes } from './reminders.js';
import { seriesRoutes } from './series.js';
import { auditRoutes } from './audit.js';
import { authRoutes } from './auth.js';
import { employeeRoutes } from './employees.js';
import { encounterRoutes, noteTemplateRoutes } from './encounters.js';
import { fileRoutes } from './files.js';
import { healthRoutes } from './health.js';
import { invitationRoutes } from './invitations.js';
import { profileRoutes } from './profile.js';
import { passkeyRoutes } from './passkeys.js';
import { specializationRoutes } from './specializations.js';
import { twoFactorRoutes } from './two-factor.js';
import { waitlistRoutes } from './waitlist.js';
import { waitingRoomRoutes } from './waiting-room.js';
import { ssoRoutes } from './sso.js';
import { onlineBookingSettingsRoutes } from './online-booking.js';

export * from './route.js';
export { onlineBookingRoutes, onlineBookingSettingsRoutes } from './online-booking.js';
export { clinicalSummarySchema, type ClinicalSummary } from './clinical-observations.js';

/**
 * Every API route, by area. An area's file (`contract/<area>.ts`) holds its routes; this catalogue is what the API
 * registers and checks against, and what the web client calls.
 */
export const routes = {
  specializations: specializationRoutes,
  invoices: invoiceRoutes,
  cashBoxes: cashBoxRoutes,
  claims: claimRoutes,
  billingSettings: billingSettingsRoutes,
  eInvoices: eInvoiceRoutes,
  doctorShares: doctorShareRoutes,
  patients: patientRoutes,
  companies: companyRoutes,
  complexes: complexRoutes,
  clinics: clinicRoutes,
  departments: departmentRoutes,
  services: serviceRoutes,
  roles: roleRoutes,
  exports: exportRoutes,
  imports: importRoutes,
  webhooks: webhookRoutes,
  whatsapp: whatsappRoutes,
  appointments: appointmentRoutes,
  series: seriesRoutes,
  waitlist: waitlistRoutes,
  waitingRoom: waitingRoomRoutes,
  calendarFeeds: calendarFeedRoutes,
  reminders: reminderRoutes,
  onlineBooking: onlineBookingRoutes,
  notifications: notificationRoutes,
  dashboard: dashboardRoutes,
  employees: employeeRoutes,
  invitations: invitationRoutes,
  profile: profileRoutes,
  auth: authRoutes,
  twoFactor: twoFactorRoutes,
  passkeys: passkeyRoutes,
  sessions: sessionRoutes,
  sso: ssoRoutes,
  health: healthRoutes,
  files: fileRoutes,
  audit: auditRoutes,
  vitals: vitalsRoutes,
  allergies: allergyRoutes,
  clinicalSummary: clinicalSummaryRoutes,
  diagnosisCodes: diagnosisCodeRoutes,
  problems: problemRoutes,
  medications: medicationRoutes,
  encounters: encounterRoutes,
  noteTemplates: noteTemplateRoutes,
  prescriptions: prescriptionRoutes,
  orderCatalogue: orderCatalogueRoutes,
  orders: orderRoutes,
  chart: chartRoutes,
  onlineBookingSettings: onlineBookingSettingsRoutes,
};
