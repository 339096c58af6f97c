/** What other features use of the organisation feature (the shared parts of company, complexes, departments, clinics). */
export { browserTimeZone, formatDate, timeZones } from './org-format';
export { useComplexOptions, useDepartmentOptions, usePersonOptions, useSpecialityOptions, type Option } from './api/get-options';
