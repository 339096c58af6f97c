import { lazy, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import LoginPage from '@/features/auth/pages/login-page';
import { findPage, mayOpen } from '@/lib/pages';
import { useSession } from '@/lib/session-context';
import { RouteError } from './route-error';
import { loadPagesScope } from './pages-scope-loader';
import { RouteGuard } from './route-guard';
import { AppLayout } from './shell/app-layout';

/** A page: its own chunk, loaded when first shown; `preload` starts the download sooner. */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return Object.assign(lazy(load), { preload: load });
}

/** What a page's route carries for the shell: the page's loader, started with the shell's own chunks (AppLayout). */
export interface PageHandle {
  preload?: () => Promise<unknown>;
  notFound?: boolean;
}

const NoAccessPage = lazyPage(() => import('./no-access-page'));

/** A page its registry entry (lib/pages.ts) does not allow the user to open: the no-access page instead. */
function PageGate({ path, children }: { path: string; children: ReactNode }) {
  const { permissions } = useSession();
  return mayOpen(path, permissions) ? children : <NoAccessPage />;
}

function page(path: string, Page: ReturnType<typeof lazyPage>, handle?: PageHandle): RouteObject {
  if (!handle?.notFound && !findPage(path)) throw new Error(`${path} has no entry in the page registry`);
  return {
    path,
    element: <PageGate path={path}><Page /></PageGate>,
    handle: { ...handle, preload: Page.preload } satisfies PageHandle,
  };
}

/*
 * The route table. Each page is its own chunk, but for the sign-in page, where every visitor without a session
 * lands: it comes with the app itself, so that it shows without another round trip. A feature adds its pages here; a
 * path not listed shows the not-found page.
 */
const UsersPage = lazyPage(() => import('@/features/users/pages/users-page'));
const DashboardPage = lazyPage(() => import('@/features/dashboard/pages/dashboard-page'));
const PatientsPage = lazyPage(() => import('@/features/patients/pages/patients-page'));
const AddPatientPage = lazyPage(() => import('@/features/patients/pages/add-patient-page'));
const EditPatientPage = lazyPage(() => import('@/features/patients/pages/edit-patient-page'));
const PatientDetailsPage = lazyPage(() => import('@/features/patients/pages/patient-details-page'));
const AuditPage = lazyPage(() => import('@/features/audit/pages/audit-page'));
const DoctorsPage = lazyPage(() => import('@/features/doctors/pages/doctors-page'));
const AddDoctorPage = lazyPage(() => import('@/features/doctors/pages/add-doctor-page'));
const DoctorDetailsPage = lazyPage(() => import('@/features/doctors/pages/doctor-details-page'));
const EmployeesPage = lazyPage(() => import('@/features/employees/pages/employees-page'));
const AddEmployeePage = lazyPage(() => import('@/features/employees/pages/add-employee-page'));
const EditEmployeePage = lazyPage(() => import('@/features/employees/pages/edit-employee-page'));
const EmployeeDetailsPage = lazyPage(() => import('@/features/employees/pages/employee-details-page'));
const RolesPage = lazyPage(() => import('@/features/roles/pages/roles-page'));
const AddUserPage = lazyPage(() => import('@/features/users/pages/add-user-page'));
const EditUserPage = lazyPage(() => import('@/features/users/pages/edit-user-page'));
const UserDetailsPage = lazyPage(() => import('@/features/users/pages/user-details-page'));
const MyProfilePage = lazyPage(() => import('@/features/my-profile/pages/my-profile-page'));
const AppointmentsPage = lazyPage(() => import('@/features/appointments/pages/appointments-page'));
const AddAppointmentPage = lazyPage(() => import('@/features/appointments/pages/add-appointment-page'));
const FrontdeskPage = lazyPage(() => import('@/features/frontdesk/pages/frontdesk-page'));
const CalendarPage = lazyPage(() => import('@/features/calendar/pages/calendar-page'));
const ServicesPage = lazyPage(() => import('@/features/services/pages/services-page'));
const AddServicePage = lazyPage(() => import('@/features/services/pages/add-service-page'));
const EditServicePage = lazyPage(() => import('@/features/services/pages/edit-service-page'));
const ServiceDetailsPage = lazyPage(() => import('@/features/services/pages/service-details-page'));
const SpecialitiesPage = lazyPage(() => import('@/features/specialities/pages/specialities-page'));
const AddSpecialityPage = lazyPage(() => import('@/features/specialities/pages/add-speciality-page'));
const EditSpecialityPage = lazyPage(() => import('@/features/specialities/pages/edit-speciality-page'));
const SpecialityDetailsPage = lazyPage(() => import('@/features/specialities/pages/speciality-details-page'));
const SelectPlanPage = lazyPage(() => import('@/features/plans/pages/select-plan-page'));
const RegisterPage = lazyPage(() => import('@/features/register/pages/register-page'));
const CompanyPage = lazyPage(() => import('@/features/company/pages/company-page'));
const CompanyEditPage = lazyPage(() => import('@/features/company/pages/company-edit-page'));
const MedicalComplexesPage = lazyPage(() => import('@/features/medical-complexes/pages/medical-complexes-page'));
const AddMedicalComplexPage = lazyPage(() => import('@/features/medical-complexes/pages/add-medical-complex-page'));
const EditMedicalComplexPage = lazyPage(() => import('@/features/medical-complexes/pages/edit-medical-complex-page'));
const MedicalComplexDetailsPage = lazyPage(() => import('@/features/medical-complexes/pages/medical-complex-details-page'));
const DepartmentsPage = lazyPage(() => import('@/features/departments/pages/departments-page'));
const AddDepartmentPage = lazyPage(() => import('@/features/departments/pages/add-department-page'));
const EditDepartmentPage = lazyPage(() => import('@/features/departments/pages/edit-department-page'));
const DepartmentDetailsPage = lazyPage(() => import('@/features/departments/pages/department-details-page'));
const ClinicsPage = lazyPage(() => import('@/features/clinics/pages/clinics-page'));
const AddClinicPage = lazyPage(() => import('@/features/clinics/pages/add-clinic-page'));
const EditClinicPage = lazyPage(() => import('@/features/clinics/pages/edit-clinic-page'));
const ClinicDetailsPage = lazyPage(() => import('@/features/clinics/pages/clinic-details-page'));
const NotFoundPage = lazyPage(() => import('./not-found-page'));
/** Around every page but sign-in: the pages' texts, the date pickers' settings and Day.js's language. */
const PagesScope = lazy(loadPagesScope);

export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: '/login', element: <LoginPage /> },
          {
            element: <PagesScope />,
            children: [
              page('/', UsersPage),
              page('/users', UsersPage),
              page('/dashboard', DashboardPage),
              page('/print/schedule', lazyPage(() => import('@/features/printouts/pages/print-schedule-page'))),
              page('/print/slip/:id', lazyPage(() => import('@/features/printouts/pages/print-slip-page'))),
              page('/print/patient/:id', lazyPage(() => import('@/features/printouts/pages/print-patient-page'))),
              page('/patients', PatientsPage),
              page('/patients/add', AddPatientPage),
              page('/patients/edit/:id', EditPatientPage),
              page('/patients/details/:id', PatientDetailsPage),
              page('/audit', AuditPage),
              page('/doctors', DoctorsPage),
              page('/doctors/add', AddDoctorPage),
              page('/doctors/details/:id', DoctorDetailsPage),
              page('/employees', EmployeesPage),
              page('/employees/add', AddEmployeePage),
              page('/employees/edit/:id', EditEmployeePage),
              page('/employees/details/:id', EmployeeDetailsPage),
              page('/roles', RolesPage),
              page('/users/add', AddUserPage),
              page('/users/edit/:id', EditUserPage),
              page('/users/details/:id', UserDetailsPage),
              page('/myProfile', MyProfilePage),
              page('/patients/appointments', CalendarPage),
              page('/appointments', AppointmentsPage),
              page('/appointments/add', AddAppointmentPage),
              page('/frontdesk', FrontdeskPage),
              page('/appointments/calendar', CalendarPage),
              page('/services', ServicesPage),
              page('/services/add', AddServicePage),
              page('/services/edit/:id', EditServicePage),
              page('/services/details/:id', ServiceDetailsPage),
              page('/specialities', SpecialitiesPage),
              page('/specialities/add', AddSpecialityPage),
              page('/specialities/edit/:id', EditSpecialityPage),
              page('/specialities/details/:id', SpecialityDetailsPage),
              page('/SelectPlan', SelectPlanPage),
              page('/companyPlan', SelectPlanPage),
              page('/register', RegisterPage),
              page('/company', CompanyPage),
              page('/company/edit', CompanyEditPage),
              page('/medicalComplexes', MedicalComplexesPage),
              page('/medicalComplexes/add', AddMedicalComplexPage),
              page('/medicalComplexes/edit/:id', EditMedicalComplexPage),
              page('/medicalComplexes/details/:id', MedicalComplexDetailsPage),
              page('/departements', DepartmentsPage),
              page('/departements/add', AddDepartmentPage),
              page('/departements/edit/:id', EditDepartmentPage),
              page('/departements/details/:id', DepartmentDetailsPage),
              page('/clinics', ClinicsPage),
              page('/clinics/add', AddClinicPage),
              page('/clinics/edit/:id', EditClinicPage),
              page('/clinics/details/:id', ClinicDetailsPage),
              page('*', NotFoundPage, { notFound: true }),
            ],
          },
        ],
      },
    ],
  },
];
