import { useEffect } from 'react';
import { matchPath, useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Route pattern -> i18n key of the title shown in the top bar. Detail pages get their own titles. */
const TITLES: ReadonlyArray<[pattern: string, key: string]> = [
  ['/', 'shell.titles.users'],
  ['/login', 'shell.titles.login'],
  ['/dashboard', 'shell.titles.dashboard'],
  ['/audit', 'audit.title'],
  ['/users', 'shell.titles.users'],
  ['/users/add', 'shell.titles.addUser'],
  ['/users/edit/:id', 'shell.titles.editUser'],
  ['/users/details/:id', 'shell.titles.userDetails'],
  ['/roles', 'shell.titles.roles'],
  ['/patients', 'shell.titles.patients'],
  ['/patients/add', 'shell.titles.addPatient'],
  ['/patients/edit/:id', 'shell.titles.editPatient'],
  ['/patients/appointments', 'shell.titles.patientAppointments'],
  ['/patients/details/:id', 'shell.titles.patientDetails'],
  ['/doctors', 'shell.titles.doctors'],
  ['/doctors/add', 'shell.titles.addDoctor'],
  ['/doctors/details/:id', 'shell.titles.doctorDetails'],
  ['/employees', 'shell.titles.employees'],
  ['/employees/add', 'shell.titles.addEmployee'],
  ['/employees/edit/:id', 'shell.titles.editEmployee'],
  ['/employees/details/:id', 'shell.titles.employeeDetails'],
  ['/appointments', 'shell.titles.appointments'],
  ['/appointments/add', 'shell.titles.addAppointment'],
  ['/appointments/calendar', 'shell.titles.patientAppointments'],
  ['/myProfile', 'shell.titles.myProfile'],
  ['/company', 'shell.titles.company'],
  ['/company/edit', 'shell.titles.editCompany'],
  ['/medicalComplexes', 'shell.titles.medicalComplexes'],
  ['/medicalComplexes/add', 'shell.titles.addMedicalComplex'],
  ['/medicalComplexes/edit/:id', 'shell.titles.editMedicalComplex'],
  ['/medicalComplexes/details/:id', 'shell.titles.medicalComplexDetails'],
  ['/departements', 'shell.titles.departments'],
  ['/departements/add', 'shell.titles.addDepartment'],
  ['/departements/details/:id', 'shell.titles.departmentDetails'],
  ['/departements/edit/:id', 'shell.titles.editDepartment'],
  ['/clinics', 'shell.titles.clinics'],
  ['/clinics/add', 'shell.titles.addClinic'],
  ['/clinics/details/:id', 'shell.titles.clinicDetails'],
  ['/clinics/edit/:id', 'shell.titles.editClinic'],
  ['/services', 'shell.titles.services'],
  ['/services/add', 'shell.titles.addService'],
  ['/services/edit/:id', 'shell.titles.editService'],
  ['/services/details/:id', 'shell.titles.serviceDetails'],
  ['/specialities', 'shell.titles.specialities'],
  ['/specialities/add', 'shell.titles.addSpeciality'],
  ['/specialities/details/:id', 'shell.titles.specialityDetails'],
  ['/specialities/edit/:id', 'shell.titles.specialityDetails'],
];

/** The title key for a path, or null for a path no screen owns. */
export function pageTitleKey(pathname: string): string | null {
  for (const [pattern, key] of TITLES) {
    if (matchPath({ path: pattern, caseSensitive: false, end: true }, pathname)) return key;
  }
  return null;
}

/** The translated title of the current page; also shown as the browser tab's title. */
export function usePageTitle(): string {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const matches = useMatches();
  const notFound = matches.some((match) => (match.handle as { notFound?: boolean } | undefined)?.notFound);
  const title = t(notFound ? 'shell.titles.notFound' : (pageTitleKey(pathname) ?? 'shell.titles.notFound'));
  const appName = t('common.appName');

  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);

  return title;
}
