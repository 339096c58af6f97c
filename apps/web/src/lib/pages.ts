import { matchPath } from 'react-router';
import { hasPermission, type Permission, type Plan } from '@clinic/shared';
import { useSession } from './session-context';

/**
 * A screen of the app: where it lives, what it is called, who may open it and its menu entry. Its page component is
 * not here but in the router's map (`app/page-components.ts`), so that nothing a page imports leads back to the pages.
 */
export interface PageEntry {
  /** Route pattern, as the router has it. */
  path: string;
  /** i18n key of the title (top bar and browser tab). */
  title: string;
  /**
   * Who may open it: holders of any of these (`admin` holds them all), the same permissions the API asks of the
   * requests the screen makes. None: every signed-in user (and the public pages).
   */
  permissions?: readonly Permission[];
  /** The organisation level the screen is about: its menu entry shows only on plans that include it. */
  plan?: Plan;
  /** Its entry in the side menu, in the order of this list. */
  menu?: MenuEntry;
}

export type MenuGroupKey = 'medicalFacilities' | 'doctorsAndStaff';

/**
 * A menu entry's icon, by name: the icons themselves load with the side menu (app/shell/nav-icons.ts), not with the
 * sign-in page, which needs this list for its routes.
 */
export type MenuIcon =
  | 'IconBuilding'
  | 'IconBuildingCommunity'
  | 'IconBuildingHospital'
  | 'IconCalendarEvent'
  | 'IconCashRegister'
  | 'IconChartBar'
  | 'IconFileInvoice'
  | 'IconFirstAidKit'
  | 'IconFlask'
  | 'IconHeartbeat'
  | 'IconHistory'
  | 'IconHourglass'
  | 'IconIdBadge2'
  | 'IconLayoutKanban'
  | 'IconListSearch'
  | 'IconMicroscope'
  | 'IconPill'
  | 'IconQrcode'
  | 'IconReportMoney'
  | 'IconSend'
  | 'IconShieldCheck'
  | 'IconShieldLock'
  | 'IconSitemap'
  | 'IconStethoscope'
  | 'IconSun'
  | 'IconTemplate'
  | 'IconTestPipe'
  | 'IconTicket'
  | 'IconUserDollar'
  | 'IconUserHeart'
  | 'IconUsers'
  | 'IconUsersGroup';

export interface MenuEntry {
  /** i18n key of the label. */
  label: string;
  icon: MenuIcon;
  /** The menu group it sits in; none: at the top level. */
  group?: MenuGroupKey;
  /** Other path prefixes that belong to this entry (the users list lives at / and /users). */
  alsoMatches?: readonly string[];
}

/** The side menu's groups, each shown where its first entry stands. */
export const MENU_GROUPS: Record<MenuGroupKey, { label: string; icon: MenuIcon }> = {
  medicalFacilities: { label: 'shell.nav.medicalFacilities', icon: 'IconBuildingHospital' },
  doctorsAndStaff: { label: 'shell.nav.doctorsAndStaff', icon: 'IconUsersGroup' },
};

/** What a page's route carries for the shell: the page's loader, started with the shell's own chunks. */
export interface PageHandle {
  preload?: () => Promise<unknown>;
  notFound?: boolean;
}

const USER_ADMIN: Permission[] = ['user_read', 'user_create', 'user_update', 'user_delete'];
const SERVICE_READERS: Permission[] = ['service_read', 'appointment_read'];
const SPECIALIZATION_READERS: Permission[] = ['speciality_read', 'employee_read', 'clinic_read'];

/**
 * Every screen, each path written once. The router takes each path, and its permissions, from here (a user without
 * them gets the no-access page, not a form that fails on save); so do the page titles, the menu and the buttons that
 * lead to a page. A new screen is one line here and its lazy page in `app/page-components.ts` (the compiler asks
 * for it).
 */
export const PAGES = [
  { path: '/dashboard', title: 'shell.titles.dashboard', permissions: ['dashboard_read'], menu: { label: 'shell.nav.dashboard', icon: 'IconChartBar' } },
  { path: '/', title: 'shell.titles.users', permissions: USER_ADMIN, menu: { label: 'shell.nav.users', icon: 'IconUsers', alsoMatches: ['/users'] } },
  { path: '/users', title: 'shell.titles.users', permissions: USER_ADMIN },
  { path: '/users/add', title: 'shell.titles.addUser', permissions: ['user_create'] },
  { path: '/users/edit/:id', title: 'shell.titles.editUser', permissions: ['user_update'] },
  { path: '/users/details/:id', title: 'shell.titles.userDetails', permissions: ['user_read'] },
  { path: '/roles', title: 'shell.titles.roles', permissions: ['role_read', 'role_write'], menu: { label: 'shell.nav.roles', icon: 'IconShieldLock' } },
  { path: '/audit', title: 'shell.titles.audit', permissions: ['audit_read'], menu: { label: 'shell.nav.audit', icon: 'IconHistory' } },
  { path: '/imports', title: 'imports.title', permissions: ['data_import'], menu: { label: 'imports.nav', icon: 'IconListSearch' } },
  { path: '/my-day', title: 'shell.titles.myDay', permissions: ['my_day'], menu: { label: 'shell.nav.myDay', icon: 'IconSun' } },
  { path: '/my-share', title: 'shell.titles.myShare', permissions: ['my_day'], menu: { label: 'shell.nav.myShare', icon: 'IconUserDollar' } },
  { path: '/frontdesk', title: 'shell.titles.frontdesk', permissions: ['appointment_read'], menu: { label: 'shell.nav.frontdesk', icon: 'IconLayoutKanban' } },
  { path: '/waiting-room', title: 'shell.titles.waitingRoom', permissions: ['appointment_read'], menu: { label: 'shell.nav.waitingRoom', icon: 'IconTicket' } },
  { path: '/waiting-room/settings', title: 'shell.titles.waitingRoomSettings', permissions: ['clinic_read'] },
  // The patient's confirm/cancel page: public, routed outside the sign-in guard and the shell (app/routes.tsx).
  { path: '/visit', title: 'shell.titles.visit' },
  { path: '/invite', title: 'shell.titles.invite' },
  // The end of a single sign-on round trip: public too, outside the sign-in guard and the shell.
  { path: '/login/sso', title: 'shell.titles.login' },
  // The check of a printed prescription (its QR code): public too, outside the sign-in guard and the shell.
  { path: '/verify/:token', title: 'shell.titles.verifyPrescription' },
  // The waiting room's screen (paired with a one-time code) and the patient's place in the queue: public too.
  { path: '/display', title: 'queueDisplay.title' },
  { path: '/queue', title: 'queueDisplay.ticketTitle' },
  { path: '/appointments', title: 'shell.titles.appointments', permissions: ['appointment_read'], menu: { label: 'shell.nav.appointments', icon: 'IconCalendarEvent' } },
  { path: '/appointments/add', title: 'shell.titles.addAppointment', permissions: ['appointment_write'] },
  { path: '/appointments/calendar', title: 'shell.titles.patientAppointments', permissions: ['appointment_read'] },
  { path: '/billing/invoices', title: 'shell.titles.invoices', permissions: ['billing_read'], menu: { label: 'shell.nav.invoices', icon: 'IconFileInvoice' } },
  { path: '/billing/invoices/add', title: 'shell.titles.addInvoice', permissions: ['billing_write'] },
  { path: '/billing/invoices/edit/:id', title: 'shell.titles.editInvoice', permissions: ['billing_write'] },
  { path: '/billing/invoices/details/:id', title: 'shell.titles.invoiceDetails', permissions: ['billing_read'] },
  { path: '/billing/cash-boxes', title: 'shell.titles.cashBoxes', permissions: ['billing_read'], menu: { label: 'shell.nav.cashBoxes', icon: 'IconCashRegister' } },
  { path: '/billing/claims', title: 'shell.titles.claims', permissions: ['billing_read'], menu: { label: 'shell.nav.claims', icon: 'IconShieldCheck' } },
  { path: '/billing/e-invoicing', title: 'shell.titles.eInvoicing', permissions: ['billing_read'], menu: { label: 'shell.nav.eInvoicing', icon: 'IconQrcode' } },
  { path: '/billing/doctor-shares', title: 'shell.titles.doctorShares', permissions: ['doctor_share_read_all', 'doctor_share_write'], menu: { label: 'shell.nav.doctorShares', icon: 'IconReportMoney' } },
  { path: '/patients', title: 'shell.titles.patients', permissions: ['patient_read'], menu: { label: 'shell.nav.patients', icon: 'IconUserHeart' } },
  { path: '/patients/add', title: 'shell.titles.addPatient', permissions: ['patient_write'] },
  { path: '/patients/edit/:id', title: 'shell.titles.editPatient', permissions: ['patient_write'] },
  { path: '/patients/appointments', title: 'shell.titles.patientAppointments', permissions: ['appointment_read'] },
  { path: '/patients/details/:id', title: 'shell.titles.patientDetails', permissions: ['patient_read'] },
  { path: '/waitlist', title: 'shell.titles.waitlist', permissions: ['appointment_read'], menu: { label: 'shell.nav.waitlist', icon: 'IconHourglass' } },
  { path: '/reminders', title: 'shell.titles.reminders', permissions: ['admin'], menu: { label: 'shell.nav.reminders', icon: 'IconSend' } },
  { path: '/company', title: 'shell.titles.company', permissions: ['company_read'], plan: 'company', menu: { label: 'shell.nav.company', icon: 'IconBuilding', group: 'medicalFacilities' } },
  { path: '/company/edit', title: 'shell.titles.editCompany', permissions: ['company_write'] },
  { path: '/settings/webhooks', title: 'webhooks.title', permissions: ['webhooks_manage'], menu: { label: 'webhooks.title', icon: 'IconSend', group: 'medicalFacilities' } },
  { path: '/medicalComplexes', title: 'shell.titles.medicalComplexes', permissions: ['complex_read'], plan: 'complex', menu: { label: 'shell.nav.medicalComplexes', icon: 'IconBuildingCommunity', group: 'medicalFacilities' } },
  { path: '/medicalComplexes/add', title: 'shell.titles.addMedicalComplex', permissions: ['complex_write'] },
  { path: '/medicalComplexes/edit/:id', title: 'shell.titles.editMedicalComplex', permissions: ['complex_write'] },
  { path: '/medicalComplexes/details/:id', title: 'shell.titles.medicalComplexDetails', permissions: ['complex_read'] },
  { path: '/departements', title: 'shell.titles.departments', permissions: ['department_read'], plan: 'department', menu: { label: 'shell.nav.departments', icon: 'IconSitemap', group: 'medicalFacilities' } },
  { path: '/departements/add', title: 'shell.titles.addDepartment', permissions: ['department_write'] },
  { path: '/departements/details/:id', title: 'shell.titles.departmentDetails', permissions: ['department_read'] },
  { path: '/departements/edit/:id', title: 'shell.titles.editDepartment', permissions: ['department_write'] },
  { path: '/services', title: 'shell.titles.services', permissions: SERVICE_READERS, menu: { label: 'shell.nav.services', icon: 'IconFirstAidKit', group: 'medicalFacilities' } },
  { path: '/services/add', title: 'shell.titles.addService', permissions: ['service_write'] },
  { path: '/services/edit/:id', title: 'shell.titles.editService', permissions: ['service_write'] },
  { path: '/services/details/:id', title: 'shell.titles.serviceDetails', permissions: SERVICE_READERS },
  { path: '/clinics', title: 'shell.titles.clinics', permissions: ['clinic_read'], menu: { label: 'shell.nav.clinics', icon: 'IconBuildingHospital', group: 'medicalFacilities' } },
  { path: '/clinics/add', title: 'shell.titles.addClinic', permissions: ['clinic_write'] },
  { path: '/clinics/details/:id', title: 'shell.titles.clinicDetails', permissions: ['clinic_read'] },
  { path: '/clinics/edit/:id', title: 'shell.titles.editClinic', permissions: ['clinic_write'] },
  { path: '/employees', title: 'shell.titles.employees', permissions: ['employee_read'], menu: { label: 'shell.nav.staff', icon: 'IconIdBadge2', group: 'doctorsAndStaff' } },
  { path: '/employees/add', title: 'shell.titles.addEmployee', permissions: ['employee_write'] },
  { path: '/employees/edit/:id', title: 'shell.titles.editEmployee', permissions: ['employee_write', 'user_update'] },
  { path: '/employees/details/:id', title: 'shell.titles.employeeDetails', permissions: ['employee_read'] },
  { path: '/doctors', title: 'shell.titles.doctors', permissions: ['employee_read'], menu: { label: 'shell.nav.doctors', icon: 'IconStethoscope', group: 'doctorsAndStaff' } },
  { path: '/doctors/add', title: 'shell.titles.addDoctor', permissions: ['employee_write'] },
  { path: '/doctors/details/:id', title: 'shell.titles.doctorDetails', permissions: ['employee_read'] },
  { path: '/specialities', title: 'shell.titles.specialities', permissions: SPECIALIZATION_READERS, menu: { label: 'shell.nav.specialities', icon: 'IconMicroscope', group: 'doctorsAndStaff' } },
  { path: '/specialities/add', title: 'shell.titles.addSpeciality', permissions: ['speciality_write'] },
  { path: '/specialities/details/:id', title: 'shell.titles.specialityDetails', permissions: SPECIALIZATION_READERS },
  { path: '/specialities/edit/:id', title: 'shell.titles.editSpeciality', permissions: ['speciality_write'] },
  { path: '/medications', title: 'shell.titles.medications', permissions: ['service_write', 'clinical_read', 'prescribe'], menu: { label: 'shell.nav.medications', icon: 'IconPill', group: 'medicalFacilities' } },
  { path: '/encounters/:id', title: 'shell.titles.encounter', permissions: ['clinical_read'] },
  { path: '/note-templates', title: 'shell.titles.noteTemplates', permissions: ['admin'], menu: { label: 'shell.nav.noteTemplates', icon: 'IconTemplate', group: 'doctorsAndStaff' } },
  { path: '/results-entry', title: 'shell.titles.resultsEntry', permissions: ['result_write'], menu: { label: 'shell.nav.resultsEntry', icon: 'IconTestPipe' } },
  { path: '/order-catalogue', title: 'shell.titles.orderCatalogue', permissions: ['company_write'], menu: { label: 'shell.nav.orderCatalogue', icon: 'IconFlask', group: 'medicalFacilities' } },
  { path: '/diagnosis-codes', title: 'shell.titles.diagnosisCodes', permissions: ['company_write'], menu: { label: 'shell.nav.diagnosisCodes', icon: 'IconListSearch', group: 'medicalFacilities' } },
  { path: '/vital-ranges', title: 'shell.titles.vitalRanges', permissions: ['company_write'], menu: { label: 'shell.nav.vitalRanges', icon: 'IconHeartbeat', group: 'medicalFacilities' } },
  { path: '/login', title: 'shell.titles.login' },
  // Printouts: pages laid out for paper (A4 or A5), in the user's language and direction.
  { path: '/print/schedule', title: 'printouts.print', permissions: ['appointment_read'] },
  { path: '/print/slip/:id', title: 'printouts.slip.title', permissions: ['appointment_read'] },
  { path: '/print/ticket/:id', title: 'shell.titles.queueTicket', permissions: ['appointment_read'] },
  { path: '/print/order/:id', title: 'labOrders.print.title', permissions: ['clinical_read'] },
  { path: '/print/patient/:id', title: 'printouts.patient.title', permissions: ['patient_read'] },
  { path: '/print/prescription/:id', title: 'shell.titles.prescriptionPrint', permissions: ['clinical_read', 'prescribe'] },
  { path: '/print/invoice/:id', title: 'shell.titles.invoicePrint', permissions: ['billing_read'] },
  { path: '/print/receipt/:id', title: 'shell.titles.receiptPrint', permissions: ['billing_read'] },
  { path: '/print/cash-box-close/:box/:id', title: 'shell.titles.zReport', permissions: ['billing_read'] },
  { path: '/print/cash-box-close-receipt/:box/:id', title: 'shell.titles.zReport', permissions: ['billing_read'] },
  { path: '/print/doctor-share', title: 'shell.titles.doctorSharePrint', permissions: ['doctor_share_read_all', 'my_day'] },
  { path: '/myProfile', title: 'shell.titles.myProfile' },
  { path: '/security', title: 'shell.titles.security' },
  { path: '/organisation/security', title: 'shell.titles.organisationSecurity', permissions: ['admin'], menu: { label: 'shell.nav.organisationSecurity', icon: 'IconShieldLock', group: 'medicalFacilities' } },
  { path: '/SelectPlan', title: 'shell.titles.selectPlan' },
  { path: '/companyPlan', title: 'shell.titles.selectPlan' },
  { path: '/register', title: 'shell.titles.register' },
] as const satisfies readonly PageEntry[];

/** The path of every screen. */
export type PagePath = (typeof PAGES)[number]['path'];


/** The screen a path (or route pattern) belongs to, or null for a path no screen owns. */
export function findPage(pathname: string): PageEntry | null {
  for (const entry of PAGES) {
    if (entry.path === pathname || matchPath({ path: entry.path, caseSensitive: false, end: true }, pathname)) return entry;
  }
  return null;
}

/** True when a user holding `held` may open the screen at `pathname` (an unknown path leads to the not-found page). */
export function mayOpen(pathname: string, held: readonly string[] | null | undefined): boolean {
  const permissions = findPage(pathname)?.permissions;
  return !permissions?.length || hasPermission(held, ...permissions);
}

/** Whether the signed-in user may open a screen: for the buttons and links that lead to one. */
export function useCanOpen(): (pathname: string) => boolean {
  const { permissions } = useSession();
  return (pathname) => mayOpen(pathname, permissions);
}
