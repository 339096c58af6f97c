/** What other features use of the departments feature. */
export { useCreateDepartment } from './api/save-department';
export { DepartmentForm, departmentFormValues, emptyDepartment } from './components/department-form';
// Each list's request, which its export asks at `<path>/export.csv` (pinned together in components/export-requests.test.tsx).
export { departmentsRequest } from './api/get-departments';
