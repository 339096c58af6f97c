/** What other features use of the employees feature. */
export { DeleteEmployeeDialog } from './components/delete-employee-dialog';
export { EmployeeStatusSwitch } from './components/employee-status-switch';
