import { AddEmployeeScreen } from '../components/add-employee-screen';

/** /doctors/add: the employee form with the type fixed to Doctor. On success: back to /doctors. */
export default function AddDoctorPage() {
  return <AddEmployeeScreen variant="doctor" list="/doctors" messages="doctors" />;
}
