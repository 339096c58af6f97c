/** What other features use of the employees feature. */
export { DeleteEmployeeDialog } from './components/delete-employee-dialog';
export { EmployeeStatusSwitch } from './components/employee-status-switch';
export { useCreateEmployee } from './api/create-employee';
export { useEmployee } from './api/get-employee';
export { useEmployeeStats } from './api/get-employee-stats';
export { employeesQueryOptions, employeesRequest } from './api/get-employees';
export { useUpdateEmployee } from './api/update-employee';
export { useReferenceList, type ReferenceList, type ReferenceOption } from './api/get-reference-lists';
