/**
 * The organisation module's public entry: what other modules may use of it. Plans and their limits, checking and
 * loading the records organisation records refer to, who works where, and provisioning a new organisation.
 */
export { asPlan, planIncludes, type Dependents, type Level } from './organisation.domain.js';
export { assertNoDependents, assertPlanAllows, dependentsText } from './plan-checks.js';
export { assertEmployee, assertSpecializations, complexRefs, departmentRefs, employeeRefs, findComplex, findDepartment } from './references.js';
export { organisationPatientCount, organisationEmployees, splitEmployees, type OrganisationScope, type OrganisationEmployeeRow } from './organisation-employees.js';
export { createAccount, createOrganisation, syncPermissionCatalogue, type NewAccount, type NewOrganisation } from './provision.js';
