/** What other features use of the departments feature. */
export { useCreateDepartment } from './api/save-department';
export { DepartmentForm, departmentFormValues, emptyDepartment } from './components/department-form';
