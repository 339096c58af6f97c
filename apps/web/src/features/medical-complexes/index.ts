/** What other features use of the medical complexes feature. */
export { useCreateClinicCollection } from './api/save-complex';
export { ComplexForm, complexFormValues, emptyComplex } from './components/complex-form';
