import { appointmentListQuery } from '../schemas/appointment.js';
import { auditListQuery } from '../schemas/audit.js';
import { invoiceListQuery } from '../schemas/billing.js';
import { complexListQuery } from '../schemas/complex.js';
import { clinicListQuery } from '../schemas/clinic.js';
import { departmentListQuery } from '../schemas/department.js';
import { patientListQuery } from '../schemas/patient.js';
import { serviceListQuery } from '../schemas/service.js';
import { specializationListQuery } from '../schemas/specialization.js';
import { employeeListQuery } from '../schemas/user.js';
import { route } from './route.js';

const tags = ['exports'];

/**
 * `GET <list>/export.csv` of every list screen: the list as CSV (UTF-8 with a byte-order mark), every row its filters
 * select, all pages, in its order. Each takes its list's own query (paging ignored) and its list's read access;
 * `data_export` is required on top of it.
 */
export const exportRoutes = {
  appointments: route({ method: 'GET', path: '/api/appointments/export.csv', access: 'appointment_read', tags, query: appointmentListQuery, response: 'file' }),
  audit: route({ method: 'GET', path: '/api/audit/export.csv', access: 'audit_read', tags, query: auditListQuery, response: 'file' }),
  cliniccollections: route({ method: 'GET', path: '/api/cliniccollections/export.csv', access: 'complex_read', tags, query: complexListQuery, response: 'file' }),
  clinics: route({ method: 'GET', path: '/api/clinics/export.csv', access: 'clinic_read', tags, query: clinicListQuery, response: 'file' }),
  departments: route({ method: 'GET', path: '/api/departments/export.csv', access: 'department_read', tags, query: departmentListQuery, response: 'file' }),
  /** Staff, doctors and user accounts are one list with filters (employeeType, hasAccount, ...). */
  employees: route({ method: 'GET', path: '/api/employees/export.csv', access: ['employee_read', 'user_read'], tags, query: employeeListQuery, response: 'file' }),
  invoices: route({ method: 'GET', path: '/api/invoices/export.csv', access: 'billing_read', tags, query: invoiceListQuery, response: 'file' }),
  patients: route({ method: 'GET', path: '/api/patients/export.csv', access: 'patient_read', tags, query: patientListQuery, response: 'file' }),
  services: route({ method: 'GET', path: '/api/services/export.csv', access: ['service_read', 'appointment_read'], tags, query: serviceListQuery, response: 'file' }),
  specializations: route({
    method: 'GET', path: '/api/specializations/export.csv', access: ['speciality_read', 'employee_read', 'clinic_read'], tags, query: specializationListQuery, response: 'file',
  }),
};
