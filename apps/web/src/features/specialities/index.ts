/** What other features use of the specialities feature. */
export { useCreateSpeciality } from './api/create-speciality';
