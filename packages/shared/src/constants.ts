/** Business constants shared by the API and the web app. */

export const PAGE_SIZES = [5, 10, 15, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** `allData=true` returns at most this many rows (for dropdowns). */
export const ALL_DATA_CAP = 1000;

export const PLANS = ['clinic', 'department', 'complex', 'company'] as const;
export type Plan = (typeof PLANS)[number];
/** Tier of each plan, ascending: a plan includes every level at or below its tier. */
export const PLAN_TIER: Record<Plan, number> = { clinic: 0, department: 1, complex: 2, company: 3 };
/** Numeric plan values used by the registration wizard. */
export const PLAN_NUMBER: Record<Plan, number> = { clinic: 1, company: 2, complex: 3, department: 4 };
export function planFromNumber(n: number | string | null | undefined): Plan {
  switch (Number(n)) {
    case 2: return 'company';
    case 3: return 'complex';
    case 4: return 'department';
    default: return 'clinic';
  }
}
/** True when `plan` includes the organisation level that needs `required`. No plan stored: everything shows. */
export function planAllows(plan: Plan | null | undefined, required: Plan | null | undefined): boolean {
  if (!required || !plan) return true;
  return PLAN_TIER[plan] >= PLAN_TIER[required];
}

export const EMPLOYEE_TYPES = ['Admin', 'Doctor', 'Nurse', 'Technician', 'Administrative', 'Employee', 'PIC', 'Other'] as const;
export type EmployeeType = (typeof EMPLOYEE_TYPES)[number];

export const PERMISSIONS = [
  'admin',
  'user_read', 'user_create', 'user_update', 'user_delete',
  'role_read', 'role_write',
  'company_read', 'company_write',
  'complex_read', 'complex_write',
  'department_read', 'department_write',
  'clinic_read', 'clinic_write',
  'service_read', 'service_write',
  'speciality_read', 'speciality_write',
  'employee_read', 'employee_write',
  'patient_read', 'patient_write',
  'appointment_read', 'appointment_write',
  /** Book on purpose on top of a doctor's other appointment ("book anyway"); audited. */
  'appointment_overbook',
  /**
   * Delete a booking made by mistake (an administrator's correction; the front desk cancels with a reason instead).
   * Never granted by the built-in roles other than Admin, and refused for any appointment with history.
   */
  'appointment_delete',
  /** My day: the signed-in doctor's own patients of the day, called in one by one. */
  'my_day',
  'audit_read',
  'fhir_read',
  'dashboard_read',
  'data_export',
  /** Billing: invoices, payments, cash boxes and claims (read); drafts, issuing, payments, claim status (write). */
  'billing_read', 'billing_write',
  /** Credit notes and refunds (money back). */
  'billing_refund',
  /** The day's close of a cash box (expected vs counted). */
  'cashbox_close',
  /**
   * The doctor's share: every doctor's statement (a doctor always sees their own through `my_day`); the rules and
   * the payouts.
   */
  'doctor_share_read_all', 'doctor_share_write',
  /** Import patients, staff, services and appointments from spreadsheets, and undo an import. */
  'data_import',
  /** The organisation's webhook endpoints, their deliveries and replays. */
  'webhooks_manage',
  /**
   * The clinical record: read encounters, notes, vitals, diagnoses, allergies, medications, orders and results
   * (every read audited); write them (notes, vitals, diagnoses, allergies); prescribe; order tests; enter results.
   * Reception sees that an encounter exists, never its content.
   */
  'clinical_read', 'clinical_write', 'prescribe', 'order', 'result_write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Whether a code is one of the permissions (a role saved before a permission was withdrawn may still name it). */
export function isPermission(code: string): code is Permission {
  return (PERMISSIONS as readonly string[]).includes(code);
}

/** Roles every new company starts with. `admin` implies every permission. */
export const DEFAULT_ROLES: ReadonlyArray<{ name: string; permissions: readonly Permission[] }> = [
  { name: 'Admin', permissions: ['admin'] },
  {
    name: 'Doctor',
    permissions: ['patient_read', 'patient_write', 'appointment_read', 'appointment_write', 'employee_read',
      'clinic_read', 'service_read', 'speciality_read', 'department_read', 'complex_read', 'company_read', 'my_day',
      'clinical_read', 'clinical_write', 'prescribe', 'order', 'result_write'],
  },
  {
    name: 'Receptionist',
    permissions: ['patient_read', 'patient_write', 'appointment_read', 'appointment_write', 'employee_read',
      'clinic_read', 'service_read', 'speciality_read', 'department_read', 'complex_read', 'company_read',
      'billing_read', 'billing_write'],
  },
  {
    name: 'Nurse',
    permissions: ['patient_read', 'appointment_read', 'employee_read', 'clinic_read', 'service_read',
      'speciality_read', 'department_read', 'complex_read', 'company_read', 'clinical_read', 'clinical_write', 'result_write'],
  },
  {
    name: 'Accountant',
    permissions: ['company_read', 'complex_read', 'department_read', 'clinic_read', 'service_read',
      'patient_read', 'appointment_read', 'employee_read', 'dashboard_read',
      'billing_read', 'billing_write', 'billing_refund', 'cashbox_close', 'doctor_share_read_all', 'doctor_share_write'],
  },
];

export function hasPermission(held: readonly string[] | null | undefined, ...anyOf: Permission[]): boolean {
  if (!held) return false;
  if (held.includes('admin')) return true;
  return anyOf.some((p) => held.includes(p));
}

/** Keys the web app keeps in local or session storage. */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  userName: 'userName',
  role: 'role',
  userEmail: 'userEmail',
  userId: 'userId',
  plan: 'plan',
  permissions: 'permissions',
  companyId: 'companyId',
  employeeType: 'employeeType',
  selectedPlan: 'selectedPlan',
  loginToRegister: 'loginToRegister',
  theme: 'theme',
  lang: 'lang',
  usedEmails: 'usedEmails',
  i18nextLng: 'i18nextLng',
  /** A paired waiting-room display's token (the screen's only credential). */
  displayToken: 'displayToken',
  /** The language a waiting-room display was set to (Arabic until someone chooses). */
  displayLanguage: 'displayLanguage',
} as const;

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/**
 * How long a signed file link (a picture, a document, the logo) works. Links are tied to the sign-in that
 * received them; the web app refetches data carrying links before they lapse.
 */
export const FILE_LINK_TTL_SECONDS = 300;
export const DEFAULT_VISIT_MINUTES = 30;
export const TOAST_MS = 4000;
export const LOGIN_TOAST_MS = 2000;
