/** What other features use of the clinics feature. */
export { useCreateClinic } from './api/save-clinic';
