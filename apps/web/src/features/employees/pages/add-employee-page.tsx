import { AddEmployeeScreen } from '../components/add-employee-screen';

/** /employees/add: the employee form for staff (type Other by default). On success: back to /employees. */
export default function AddEmployeePage() {
  return <AddEmployeeScreen variant="staff" list="/employees" messages="employees" />;
}
