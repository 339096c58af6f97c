import { matchPath } from 'react-router';
import { hasPermission, type Permission } from '@clinic/shared';
import { useSession } from './session-context';

/** A screen of the app: where it lives, what it is called and who may open it. */
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
}

const USER_ADMIN: Permission[] = ['user_read', 'user_create', 'user_update', 'user_delete'];
const SERVICE_READERS: Permission[] = ['service_read', 'appointment_read'];
const SPECIALITY_READERS: Permission[] = ['speciality_read', 'employee_read', 'clinic_read'];

/**
 * Every screen. The router takes each page's permissions from here (a user without them gets the no-access page, not
 * a form that fails on save), and so do the menu and the buttons that lead to a page.
 */
export const PAGES: readonly PageEntry[] = [
  { path: '/', title: 'shell.titles.users', permissions: USER_ADMIN },
  { path: '/login', title: 'shell.titles.login' },
  { path: '/dashboard', title: 'shell.titles.dashboard', permissions: ['dashboard_read'] },
  { path: '/audit', title: 'shell.titles.audit', permissions: ['audit_read'] },
  { path: '/print/schedule', title: 'printouts.print', permissions: ['appointment_read'] },
  { path: '/print/slip/:id', title: 'printouts.slip.title', permissions: ['appointment_read'] },
  { path: '/print/patient/:id', title: 'printouts.patient.title', permissions: ['patient_read'] },
  { path: '/users', title: 'shell.titles.users', permissions: USER_ADMIN },
  { path: '/users/add', title: 'shell.titles.addUser', permissions: ['user_create'] },
  { path: '/users/edit/:id', title: 'shell.titles.editUser', permissions: ['user_update'] },
  { path: '/users/details/:id', title: 'shell.titles.userDetails', permissions: ['user_read'] },
  { path: '/roles', title: 'shell.titles.roles', permissions: ['role_read', 'role_write'] },
  { path: '/patients', title: 'shell.titles.patients', permissions: ['patient_read'] },
  { path: '/patients/add', title: 'shell.titles.addPatient', permissions: ['patient_write'] },
  { path: '/patients/edit/:id', title: 'shell.titles.editPatient', permissions: ['patient_write'] },
  { path: '/patients/appointments', title: 'shell.titles.patientAppointments', permissions: ['appointment_read'] },
  { path: '/patients/details/:id', title: 'shell.titles.patientDetails', permissions: ['patient_read'] },
  { path: '/doctors', title: 'shell.titles.doctors', permissions: ['employee_read'] },
  { path: '/doctors/add', title: 'shell.titles.addDoctor', permissions: ['employee_write'] },
  { path: '/doctors/details/:id', title: 'shell.titles.doctorDetails', permissions: ['employee_read'] },
  { path: '/employees', title: 'shell.titles.employees', permissions: ['employee_read'] },
  { path: '/employees/add', title: 'shell.titles.addEmployee', permissions: ['employee_write'] },
  { path: '/employees/edit/:id', title: 'shell.titles.editEmployee', permissions: ['employee_write', 'user_update'] },
  { path: '/employees/details/:id', title: 'shell.titles.employeeDetails', permissions: ['employee_read'] },
  { path: '/appointments', title: 'shell.titles.appointments', permissions: ['appointment_read'] },
  { path: '/appointments/add', title: 'shell.titles.addAppointment', permissions: ['appointment_write'] },
  { path: '/frontdesk', title: 'shell.titles.frontdesk', permissions: ['appointment_read'] },
  { path: '/appointments/calendar', title: 'shell.titles.patientAppointments', permissions: ['appointment_read'] },
  { path: '/myProfile', title: 'shell.titles.myProfile' },
  { path: '/company', title: 'shell.titles.company', permissions: ['company_read'] },
  { path: '/company/edit', title: 'shell.titles.editCompany', permissions: ['company_write'] },
  { path: '/medicalComplexes', title: 'shell.titles.medicalComplexes', permissions: ['complex_read'] },
  { path: '/medicalComplexes/add', title: 'shell.titles.addMedicalComplex', permissions: ['complex_write'] },
  { path: '/medicalComplexes/edit/:id', title: 'shell.titles.editMedicalComplex', permissions: ['complex_write'] },
  { path: '/medicalComplexes/details/:id', title: 'shell.titles.medicalComplexDetails', permissions: ['complex_read'] },
  { path: '/departements', title: 'shell.titles.departments', permissions: ['department_read'] },
  { path: '/departements/add', title: 'shell.titles.addDepartment', permissions: ['department_write'] },
  { path: '/departements/details/:id', title: 'shell.titles.departmentDetails', permissions: ['department_read'] },
  { path: '/departements/edit/:id', title: 'shell.titles.editDepartment', permissions: ['department_write'] },
  { path: '/clinics', title: 'shell.titles.clinics', permissions: ['clinic_read'] },
  { path: '/clinics/add', title: 'shell.titles.addClinic', permissions: ['clinic_write'] },
  { path: '/clinics/details/:id', title: 'shell.titles.clinicDetails', permissions: ['clinic_read'] },
  { path: '/clinics/edit/:id', title: 'shell.titles.editClinic', permissions: ['clinic_write'] },
  { path: '/services', title: 'shell.titles.services', permissions: SERVICE_READERS },
  { path: '/services/add', title: 'shell.titles.addService', permissions: ['service_write'] },
  { path: '/services/edit/:id', title: 'shell.titles.editService', permissions: ['service_write'] },
  { path: '/services/details/:id', title: 'shell.titles.serviceDetails', permissions: SERVICE_READERS },
  { path: '/specialities', title: 'shell.titles.specialities', permissions: SPECIALITY_READERS },
  { path: '/specialities/add', title: 'shell.titles.addSpeciality', permissions: ['speciality_write'] },
  { path: '/specialities/details/:id', title: 'shell.titles.specialityDetails', permissions: SPECIALITY_READERS },
  { path: '/specialities/edit/:id', title: 'shell.titles.editSpeciality', permissions: ['speciality_write'] },
  { path: '/SelectPlan', title: 'shell.titles.selectPlan' },
  { path: '/companyPlan', title: 'shell.titles.selectPlan' },
  { path: '/register', title: 'shell.titles.register' },
];

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
