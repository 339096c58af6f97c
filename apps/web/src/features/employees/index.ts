/** What other features use of people: staff, doctors and user accounts (all employees). */
export { DeleteEmployeeDialog } from './components/delete-employee-dialog';
export { EmployeeAvatar } from './components/employee-avatar';
export { ContactList, DetailsCard, InfoGrid, PersonInfo, VacationsTable, WorkingHoursTable } from './components/employee-details-blocks';
export { EmployeeStatusSwitch } from './components/employee-status-switch';
export { formatDate, formatDateTime } from './components/employee-format';
export { useCreateEmployee } from './api/create-employee';
export { useEmployee } from './api/get-employee';
export { useEmployeeStats } from './api/get-employee-stats';
export { employeesQueryOptions, employeesRequest } from './api/get-employees';
export { useUpdateEmployee } from './api/update-employee';
export { useReferenceList, type ReferenceList, type ReferenceOption } from './api/get-reference-lists';
// Each list's request, which its export asks at `<path>/export.csv` (pinned together in components/export-requests.test.tsx).
export { usersRequest } from './api/get-users';
