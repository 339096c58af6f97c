import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RouteError } from './route-error';
import { RouteGuard } from './route-guard';
import { AppLayout } from './shell/app-layout';

/*
 * The route table. Each page is its own chunk. A feature adds its pages here; a path not listed shows
 * the not-found page.
 */
const LoginPage = lazy(() => import('@/features/auth/pages/login-page'));
const UsersPage = lazy(() => import('@/features/users/pages/users-page'));
const DashboardPage = lazy(() => import('@/features/dashboard/pages/dashboard-page'));
const PatientsPage = lazy(() => import('@/features/patients/pages/patients-page'));
const AddPatientPage = lazy(() => import('@/features/patients/pages/add-patient-page'));
const EditPatientPage = lazy(() => import('@/features/patients/pages/edit-patient-page'));
const PatientDetailsPage = lazy(() => import('@/features/patients/pages/patient-details-page'));
const AuditPage = lazy(() => import('@/features/audit/pages/audit-page'));
const DoctorsPage = lazy(() => import('@/features/doctors/pages/doctors-page'));
const AddDoctorPage = lazy(() => import('@/features/doctors/pages/add-doctor-page'));
const DoctorDetailsPage = lazy(() => import('@/features/doctors/pages/doctor-details-page'));
const EmployeesPage = lazy(() => import('@/features/employees/pages/employees-page'));
const AddEmployeePage = lazy(() => import('@/features/employees/pages/add-employee-page'));
const EditEmployeePage = lazy(() => import('@/features/employees/pages/edit-employee-page'));
const EmployeeDetailsPage = lazy(() => import('@/features/employees/pages/employee-details-page'));
const RolesPage = lazy(() => import('@/features/roles/pages/roles-page'));
const AddUserPage = lazy(() => import('@/features/users/pages/add-user-page'));
const EditUserPage = lazy(() => import('@/features/users/pages/edit-user-page'));
const UserDetailsPage = lazy(() => import('@/features/users/pages/user-details-page'));
const MyProfilePage = lazy(() => import('@/features/my-profile/pages/my-profile-page'));
const AppointmentsPage = lazy(() => import('@/features/appointments/pages/appointments-page'));
const AddAppointmentPage = lazy(() => import('@/features/appointments/pages/add-appointment-page'));
const CalendarPage = lazy(() => import('@/features/calendar/pages/calendar-page'));
const ServicesPage = lazy(() => import('@/features/services/pages/services-page'));
const AddServicePage = lazy(() => import('@/features/services/pages/add-service-page'));
const EditServicePage = lazy(() => import('@/features/services/pages/edit-service-page'));
const ServiceDetailsPage = lazy(() => import('@/features/services/pages/service-details-page'));
const SpecialitiesPage = lazy(() => import('@/features/specialities/pages/specialities-page'));
const AddSpecialityPage = lazy(() => import('@/features/specialities/pages/add-speciality-page'));
const EditSpecialityPage = lazy(() => import('@/features/specialities/pages/edit-speciality-page'));
const SpecialityDetailsPage = lazy(() => import('@/features/specialities/pages/speciality-details-page'));
const SelectPlanPage = lazy(() => import('@/features/plans/pages/select-plan-page'));
const RegisterPage = lazy(() => import('@/features/register/pages/register-page'));
const CompanyPage = lazy(() => import('@/features/company/pages/company-page'));
const CompanyEditPage = lazy(() => import('@/features/company/pages/company-edit-page'));
const MedicalComplexesPage = lazy(() => import('@/features/medical-complexes/pages/medical-complexes-page'));
const AddMedicalComplexPage = lazy(() => import('@/features/medical-complexes/pages/add-medical-complex-page'));
const EditMedicalComplexPage = lazy(() => import('@/features/medical-complexes/pages/edit-medical-complex-page'));
const MedicalComplexDetailsPage = lazy(() => import('@/features/medical-complexes/pages/medical-complex-details-page'));
const DepartmentsPage = lazy(() => import('@/features/departments/pages/departments-page'));
const AddDepartmentPage = lazy(() => import('@/features/departments/pages/add-department-page'));
const EditDepartmentPage = lazy(() => import('@/features/departments/pages/edit-department-page'));
const DepartmentDetailsPage = lazy(() => import('@/features/departments/pages/department-details-page'));
const ClinicsPage = lazy(() => import('@/features/clinics/pages/clinics-page'));
const AddClinicPage = lazy(() => import('@/features/clinics/pages/add-clinic-page'));
const EditClinicPage = lazy(() => import('@/features/clinics/pages/edit-clinic-page'));
const ClinicDetailsPage = lazy(() => import('@/features/clinics/pages/clinic-details-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/', element: <UsersPage /> },
          { path: '/users', element: <UsersPage /> },
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/patients', element: <PatientsPage /> },
          { path: '/patients/add', element: <AddPatientPage /> },
          { path: '/patients/edit/:id', element: <EditPatientPage /> },
          { path: '/patients/details/:id', element: <PatientDetailsPage /> },
          { path: '/audit', element: <AuditPage /> },
          { path: '/doctors', element: <DoctorsPage /> },
          { path: '/doctors/add', element: <AddDoctorPage /> },
          { path: '/doctors/details/:id', element: <DoctorDetailsPage /> },
          { path: '/employees', element: <EmployeesPage /> },
          { path: '/employees/add', element: <AddEmployeePage /> },
          { path: '/employees/edit/:id', element: <EditEmployeePage /> },
          { path: '/employees/details/:id', element: <EmployeeDetailsPage /> },
          { path: '/roles', element: <RolesPage /> },
          { path: '/users/add', element: <AddUserPage /> },
          { path: '/users/edit/:id', element: <EditUserPage /> },
          { path: '/users/details/:id', element: <UserDetailsPage /> },
          { path: '/myProfile', element: <MyProfilePage /> },
          { path: '/patients/appointments', element: <CalendarPage /> },
          { path: '/appointments', element: <AppointmentsPage /> },
          { path: '/appointments/add', element: <AddAppointmentPage /> },
          { path: '/appointments/calendar', element: <CalendarPage /> },
          { path: '/services', element: <ServicesPage /> },
          { path: '/services/add', element: <AddServicePage /> },
          { path: '/services/edit/:id', element: <EditServicePage /> },
          { path: '/services/details/:id', element: <ServiceDetailsPage /> },
          { path: '/specialities', element: <SpecialitiesPage /> },
          { path: '/specialities/add', element: <AddSpecialityPage /> },
          { path: '/specialities/edit/:id', element: <EditSpecialityPage /> },
          { path: '/specialities/details/:id', element: <SpecialityDetailsPage /> },
          { path: '/SelectPlan', element: <SelectPlanPage /> },
          { path: '/companyPlan', element: <SelectPlanPage /> },
          { path: '/register', element: <RegisterPage /> },
          { path: '/company', element: <CompanyPage /> },
          { path: '/company/edit', element: <CompanyEditPage /> },
          { path: '/medicalComplexes', element: <MedicalComplexesPage /> },
          { path: '/medicalComplexes/add', element: <AddMedicalComplexPage /> },
          { path: '/medicalComplexes/edit/:id', element: <EditMedicalComplexPage /> },
          { path: '/medicalComplexes/details/:id', element: <MedicalComplexDetailsPage /> },
          { path: '/departements', element: <DepartmentsPage /> },
          { path: '/departements/add', element: <AddDepartmentPage /> },
          { path: '/departements/edit/:id', element: <EditDepartmentPage /> },
          { path: '/departements/details/:id', element: <DepartmentDetailsPage /> },
          { path: '/clinics', element: <ClinicsPage /> },
          { path: '/clinics/add', element: <AddClinicPage /> },
          { path: '/clinics/edit/:id', element: <EditClinicPage /> },
          { path: '/clinics/details/:id', element: <ClinicDetailsPage /> },
          { path: '*', element: <NotFoundPage />, handle: { notFound: true } },
        ],
      },
    ],
  },
];
