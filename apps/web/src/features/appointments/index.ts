/** What other features use of the appointments feature. */
export { useClinicOptions, useClinicServices, useDoctorOptions, usePatientOptions, type Option } from './api/get-booking-options';
export { useNextFree } from './api/get-next-free';
export { useUpdateAppointment } from './api/update-appointment';
export { appointmentsKeys } from './api/appointments-keys';
