/** The employees module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { hasActiveAdministrator, keepingAnAdministrator, lockAccounts } from './administrators.js';
export { checkReferences, checkRoleGrant, checkUnique } from './employees.checks.js';
export { holdsAll } from './employees.domain.js';
export { administratorRoleIds, canSignIn, findEmployee, holdsEmail, insertEmployee, replaceLinks, signsIn } from './employees.repository.js';
export { getEmployee, listEmployees } from './employees.service.js';
